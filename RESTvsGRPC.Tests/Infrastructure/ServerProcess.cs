using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// A server started from its real build output on a free 127.0.0.1 port (Kestrel picks it: port 0), ready once it
/// prints its "listening on" line; disposing stops it and every child it has.
/// </summary>
public sealed partial class ServerProcess : IDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    private readonly Process _process;
    private readonly StringBuilder _output;

    private ServerProcess(Process process, StringBuilder output, Uri baseAddress)
    {
        _process = process;
        _output = output;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    /// <summary>Everything the server printed so far.</summary>
    public string Output
    {
        get
        {
            lock (_output)
            {
                return _output.ToString();
            }
        }
    }

    /// <summary>Starts <paramref name="project"/> with extra arguments and waits for its ready line.</summary>
    public static async Task<ServerProcess> StartAsync(string project, params string[] arguments)
    {
        var (process, output, ready) = Launch(project, arguments);
        var finished = await Task.WhenAny(ready.Task, process.WaitForExitAsync(), Task.Delay(ReadyTimeout));
        if (finished != ready.Task)
        {
            Stop(process);
            throw new InvalidOperationException(
                $"{project} did not print its ready line within {ReadyTimeout.TotalSeconds} s (exit code {(process.HasExited ? process.ExitCode : null)}):\n{Snapshot(output)}");
        }

        return new ServerProcess(process, output, new Uri(ready.Task.Result));
    }

    /// <summary>Runs <paramref name="project"/> until it exits by itself (it is expected to refuse to start).</summary>
    public static async Task<(int ExitCode, string Output)> RunToExitAsync(string project, params string[] arguments)
    {
        var (process, output, _) = Launch(project, arguments);
        using (process)
        {
            var exited = process.WaitForExitAsync();
            if (await Task.WhenAny(exited, Task.Delay(ReadyTimeout)) != exited)
            {
                Stop(process);
                throw new InvalidOperationException($"{project} was expected to exit but kept running:\n{Snapshot(output)}");
            }

            process.WaitForExit();
            return (process.ExitCode, Snapshot(output));
        }
    }

    /// <summary>Asks the server to stop as a service manager would (SIGTERM) and returns its exit code.</summary>
    public async Task<int> TerminateAsync()
    {
        using (var kill = Process.Start("kill", ["-TERM", _process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await kill.WaitForExitAsync();
        }

        var exited = _process.WaitForExitAsync();
        if (await Task.WhenAny(exited, Task.Delay(ReadyTimeout)) != exited)
        {
            throw new InvalidOperationException($"the server did not stop within {ReadyTimeout.TotalSeconds} s of SIGTERM:\n{Output}");
        }

        _process.WaitForExit();
        return _process.ExitCode;
    }

    public void Dispose()
    {
        Stop(_process);
        _process.Dispose();
    }

    private static (Process Process, StringBuilder Output, TaskCompletionSource<string> Ready) Launch(string project, string[] arguments)
    {
        var assembly = RepositoryPaths.ServerAssembly(project);
        if (!File.Exists(assembly))
        {
            throw new FileNotFoundException($"{project} is not built in {RepositoryPaths.Configuration}: {assembly} is missing.");
        }

        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(assembly);
        start.ArgumentList.Add("--urls");
        start.ArgumentList.Add("http://127.0.0.1:0");
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
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

        if (ready is not null && ReadyLine().Match(line) is { Success: true } match)
        {
            ready.TrySetResult(match.Groups[1].Value);
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
        if (!process.HasExited)
        {
            process.Kill(entireProcessTree: true);
        }

        process.WaitForExit();
    }

    [GeneratedRegex(@"listening on (http\S+)")]
    private static partial Regex ReadyLine();
}
