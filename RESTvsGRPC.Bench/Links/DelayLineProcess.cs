using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// The bench's handle on a running delay line: started inside the router namespace at real-time priority (a wire does
/// not wait for the CPU) on the bench's own CPUs, asked for readings, and ended by closing its input, which lets the
/// packets it still holds go when due.
/// </summary>
public sealed class DelayLineProcess : IDisposable
{
    private static readonly TimeSpan ReplyLimit = TimeSpan.FromSeconds(10);
    private readonly Process _process;
    private readonly object _gate = new();

    private DelayLineProcess(Process process) => _process = process;

    /// <summary>The CPUs it may run on, as the summary names them.</summary>
    public string Cpus => CpuSet.Format(CpuSet.Of(_process.Id));

    /// <summary>
    /// Starts the line in <paramref name="routerNamespace"/> for <paramref name="profile"/> and waits until its queue
    /// is bound; throws with what it said where it cannot bind.
    /// </summary>
    public static DelayLineProcess Start(string routerNamespace, LinkProfile profile, string clientAddress)
    {
        var start = new ProcessStartInfo("ip")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        string[] arguments =
        [
            "netns",
            "exec",
            routerNamespace,
            "chrt",
            "-f",
            "1",
            "dotnet",
            typeof(DelayLine).Assembly.Location,
            DelayLine.Command,
            string.Create(CultureInfo.InvariantCulture, $"{profile.RoundTripMilliseconds!.Value * 500}"),
            string.Create(CultureInfo.InvariantCulture, $"{profile.Loss ?? 0}"),
            LinkProfile.LossSeed.ToString(CultureInfo.InvariantCulture),
            clientAddress,
        ];
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Compiled optimized from its first call, and a first generation no run fills: no tier-up, on-stack
        // replacement or collection pauses it while packets wait.
        start.Environment["DOTNET_TieredCompilation"] = "0";
        start.Environment["DOTNET_GCgen0size"] = "0x10000000";

        var process = Process.Start(start)!;
        var line = new DelayLineProcess(process);
        var ready = line.ReadLine();
        if (ready != DelayLine.ReadyLine)
        {
            var said = process.StandardError.ReadToEnd().Trim();
            line.Dispose();
            throw new InvalidOperationException(
                $"the delay line did not start: {(said.Length > 0 ? said : ready ?? "it exited")}"
            );
        }

        return line;
    }

    /// <summary>What the line did since the last reading (or its start); null where it no longer answers.</summary>
    public DelayLineReading? Read()
    {
        lock (_gate)
        {
            if (_process.HasExited)
            {
                return null;
            }

            _process.StandardInput.WriteLine("report");
            _process.StandardInput.Flush();
            return ReadLine() is { } line ? DelayLineReading.Parse(line) : null;
        }
    }

    /// <summary>Closes its input and waits while it lets the held packets go; kills it if it does not end.</summary>
    public void Dispose()
    {
        try
        {
            _process.StandardInput.Close();
            if (!_process.WaitForExit(ReplyLimit))
            {
                _process.Kill(entireProcessTree: true);
            }
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }

        _process.Dispose();
    }

    private string? ReadLine()
    {
        var read = _process.StandardOutput.ReadLineAsync();
        return read.Wait(ReplyLimit) ? read.Result : null;
    }
}
