using System.Text;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// A server as a child process, ready once it prints its "listening on URL" line; disposing it stops it and its
/// children.
/// </summary>
public sealed partial class ServerProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _output;

    private ServerProcess(Process process, StringBuilder output, string readyLine)
    {
        _process = process;
        _output = output;
        ReadyLine = readyLine;
        BaseAddress = new Uri(ReadyUrl().Match(readyLine).Groups[1].Value);
    }

    /// <summary>The line the server printed when it was ready: its addresses and what it serves.</summary>
    public string ReadyLine { get; }

    /// <summary>The first URL of the ready line: the server's main endpoint.</summary>
    public Uri BaseAddress { get; }

    /// <summary>The operating system's process id, for reading what the server costs while it is measured.</summary>
    public int Id => _process.Id;

    /// <summary>The program's name as its ready line gives it ("RestAPI").</summary>
    public string Name => ReadyLine.Split(' ', 2)[0];

    /// <summary>The exit code once the process has ended; null while it runs.</summary>
    public int? ExitCode => _process.HasExited ? _process.ExitCode : null;

    /// <summary>Everything the server printed so far.</summary>
    public string Output => Snapshot(_output);

    /// <summary>
    /// Starts <c>dotnet <paramref name="assembly"/></c> with <paramref name="arguments"/> and
    /// <paramref name="environment"/>, and waits for its ready line.
    /// </summary>
    public static Task<ServerProcess> StartAsync(
        string assembly,
        IEnumerable<string> arguments,
        TimeSpan timeout,
        IReadOnlyDictionary<string, string>? environment = null,
        CancellationToken cancellation = default
    ) => StartProgramAsync("dotnet", [RequireBuilt(assembly), .. arguments], timeout, environment, cancellation);

    /// <summary>
    /// Starts any program that prints a ready line, with <paramref name="environment"/> added (an empty value removes a
    /// variable); stops it and throws <see cref="OperationCanceledException"/> if <paramref name="cancellation"/> fires
    /// first.
    /// </summary>
    public static async Task<ServerProcess> StartProgramAsync(
        string program,
        IReadOnlyList<string> arguments,
        TimeSpan timeout,
        IReadOnlyDictionary<string, string>? environment = null,
        CancellationToken cancellation = default
    )
    {
        var (process, output, ready) = Launch(program, arguments, environment);
        var finished = await Task.WhenAny(
            ready.Task,
            process.WaitForExitAsync(CancellationToken.None),
            Task.Delay(timeout, cancellation)
        );
        if (finished != ready.Task)
        {
            var reason = process.HasExited
                ? $"exited with code {process.ExitCode}"
                : $"printed no ready line within {timeout.TotalSeconds:0} s";
            Stop(process);
            process.Dispose();
            cancellation.ThrowIfCancellationRequested();
            throw new ServerStartException($"{NameOf(program, arguments)} {reason}. Its output:\n{Snapshot(output)}");
        }

        return new ServerProcess(process, output, ready.Task.Result);
    }

    /// <summary>What a failed start is called: the first argument that is a file, else the program.</summary>
    private static string NameOf(string program, IReadOnlyList<string> arguments) =>
        Path.GetFileNameWithoutExtension(arguments.FirstOrDefault(File.Exists) ?? program);

    /// <summary>Runs a server that is expected to refuse to start; returns its exit code and output.</summary>
    public static async Task<(int ExitCode, string Output)> RunToExitAsync(
        string assembly,
        IEnumerable<string> arguments,
        TimeSpan timeout
    )
    {
        var (process, output, _) = Launch("dotnet", [RequireBuilt(assembly), .. arguments]);
        using (process)
        {
            var exited = process.WaitForExitAsync();
            if (await Task.WhenAny(exited, Task.Delay(timeout)) != exited)
            {
                Stop(process);
                throw new ServerStartException(
                    $"{Path.GetFileNameWithoutExtension(assembly)} was expected to exit but kept "
                        + $"running:\n{Snapshot(output)}"
                );
            }

            process.WaitForExit();
            return (process.ExitCode, Snapshot(output));
        }
    }

    /// <summary>Asks the server to stop as a service manager would (SIGTERM) and returns its exit code.</summary>
    public async Task<int> TerminateAsync(TimeSpan timeout)
    {
        using (var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }

        var exited = _process.WaitForExitAsync();
        if (await Task.WhenAny(exited, Task.Delay(timeout)) != exited)
        {
            throw new InvalidOperationException(
                $"the server did not stop within {timeout.TotalSeconds:0} s of SIGTERM:\n{Output}"
            );
        }

        _process.WaitForExit();
        return _process.ExitCode;
    }

    public void Dispose()
    {
        Stop(_process);
        _process.Dispose();
    }

    /// <summary>
    /// <paramref name="assembly"/> where it is built; throws <see cref="ServerStartException"/> saying to build it
    /// otherwise.
    /// </summary>
    public static string RequireBuilt(string assembly) =>
        File.Exists(assembly)
            ? assembly
            : throw new ServerStartException(
                $"server binary '{assembly}' is missing: build the solution in this configuration first."
            );

    private static (Process Process, StringBuilder Output, TaskCompletionSource<string> Ready) Launch(
        string program,
        IEnumerable<string> arguments,
        IReadOnlyDictionary<string, string>? environment = null
    )
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            if (value.Length == 0)
            {
                start.Environment.Remove(name);
            }
            else
            {
                start.Environment[name] = value;
            }
        }

        var output = new StringBuilder();
        var ready = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Record(output, e.Data, ready);
        process.ErrorDataReceived += (_, e) => Record(output, e.Data, null);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return (process, output, ready);
    }

    private static void Record(StringBuilder output, string? line, TaskCompletionSource<string>? ready)
    {
        if (line is null)
        {
            return;
        }

        lock (output)
        {
            output.AppendLine(line);
        }

        if (ready is not null && ReadyUrl().IsMatch(line))
        {
            ready.TrySetResult(line);
        }
    }

    private static string Snapshot(StringBuilder output)
    {
        lock (output)
        {
            return output.ToString();
        }
    }

    private static void Stop(Process process)
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }

            process.WaitForExit();
        }
        catch (InvalidOperationException)
        {
            // Already gone, or never started: nothing left to stop.
        }
    }

    [GeneratedRegex(@"listening on ((?:http|tcp)\S+)")]
    private static partial Regex ReadyUrl();
}
