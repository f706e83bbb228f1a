using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>The bench as a process of its own, as a user starts it, and what the tests read of it and its children in
/// /proc.</summary>
public static class BenchProcess
{
    /// <summary>The first child of <paramref name="pid"/> whose command line holds <paramref name="part"/>, once it has
    /// one.</summary>
    public static async Task<int> WaitForChildAsync(int pid, string part, TimeSpan timeout)
    {
        var deadline = DateTime.UtcNow + timeout;
        while (DateTime.UtcNow < deadline)
        {
            if (ChildrenOf(pid, part) is [var child, ..])
            {
                return child;
            }

            await Task.Delay(TimeSpan.FromMilliseconds(50));
        }

        throw new TimeoutException($"process {pid} started no child with '{part}' within {timeout.TotalSeconds:0} s");
    }

    /// <summary>
    /// Runs the bench to its summary line and a clean exit, or fails with what it printed on stderr and the end of the
    /// BenchmarkDotNet log it names (the log is in the test's artifacts folder, gone once the test ends).
    /// </summary>
    public static async Task RunToSummaryAsync(params string[] arguments)
    {
        using var bench = Start(arguments);
        try
        {
            var (_, remaining) = await WaitForLineAsync(bench, "// summary", TimeSpan.FromMinutes(5));
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
            var error = await remaining.Error;
            Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{error}{LogTailOf(error)}");
        }
        finally
        {
            StopIfRunning(bench);
        }
    }

    private static string LogTailOf(string error) =>
        Regex.Match(error, @"BenchmarkDotNet's log: (\S+?\.log)") is { Success: true } named
        && File.Exists(named.Groups[1].Value)
            ? $"\nBenchmarkDotNet's log ends:\n{string.Join('\n', File.ReadLines(named.Groups[1].Value).TakeLast(60))}"
            : "";

    public static Process Start(params string[] arguments) => Start(new Dictionary<string, string>(), arguments);

    public static Process Start(IReadOnlyDictionary<string, string> environment, params string[] arguments)
    {
        var start = StartInfo([RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench"), .. arguments]);
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        return Process.Start(start)!;
    }

    /// <summary>
    /// <c>dotnet</c> with <paramref name="arguments"/>, output read by the test. On Linux through <c>env
    /// --default-signal=INT</c>: a shell without job control starts its background children with SIGINT ignored, .NET
    /// keeps an inherited ignore, and a test that sends SIGINT must reach a process that hears it however CI started.
    /// </summary>
    public static ProcessStartInfo StartInfo(IEnumerable<string> arguments)
    {
        var start = OperatingSystem.IsLinux()
            ? new ProcessStartInfo("env") { ArgumentList = { "--default-signal=INT", "dotnet" } }
            : new ProcessStartInfo("dotnet");
        (start.RedirectStandardOutput, start.RedirectStandardError) = (true, true);
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    /// <summary>Sends the signal named as <c>kill</c> names it: a system call, so a freeze starts and ends when the
    /// test says rather than when a <c>kill</c> process, started on a loaded machine, gets round to it.</summary>
    public static void Signal(string signal, int pid)
    {
        var number = signal switch
        {
            "INT" => 2,
            "KILL" => 9,
            "TERM" => 15,
            "CONT" => 18,
            "STOP" => 19,
            _ => throw new ArgumentException($"no signal number for {signal}", nameof(signal)),
        };
        if (Kill(pid, number) != 0)
        {
            throw new InvalidOperationException($"kill -{signal} {pid} failed: errno {Marshal.GetLastPInvokeError()}");
        }
    }

    [DllImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static extern int Kill(int pid, int signal);

    public static void StopIfRunning(Process bench)
    {
        if (!bench.HasExited)
        {
            bench.Kill(entireProcessTree: true);
        }
    }

    /// <summary>Reads standard output up to a line starting with <paramref name="prefix"/>; the rest of both streams is
    /// read on, for the test to await.</summary>
    public static async Task<(bool Found, (Task<string> Output, Task<string> Error) Remaining)> WaitForLineAsync(
        Process process,
        string prefix,
        TimeSpan timeout,
        bool readRest = true
    )
    {
        if (!readRest)
        {
            using var wait = new CancellationTokenSource(timeout);
            try
            {
                while (await process.StandardOutput.ReadLineAsync(wait.Token) is { } line)
                {
                    if (line.StartsWith(prefix, StringComparison.Ordinal))
                    {
                        return (true, (Task.FromResult(""), Task.FromResult("")));
                    }
                }
            }
            catch (OperationCanceledException) { }

            return (false, (Task.FromResult(""), Task.FromResult("")));
        }

        var error = process.StandardError.ReadToEndAsync(CancellationToken.None);
        using var cancel = new CancellationTokenSource(timeout);
        try
        {
            while (await process.StandardOutput.ReadLineAsync(cancel.Token) is { } line)
            {
                if (line.StartsWith(prefix, StringComparison.Ordinal))
                {
                    return (true, (process.StandardOutput.ReadToEndAsync(CancellationToken.None), error));
                }
            }
        }
        catch (OperationCanceledException) { }

        return (false, (process.StandardOutput.ReadToEndAsync(CancellationToken.None), error));
    }

    // Only the servers: BenchmarkDotNet's own children (its build, the benchmark process) may already be starting
    // when the gate line is read, and stopping those is BenchmarkDotNet's business, not what this test proves.
    public static int[] ServersStartedBy(int pid) => ChildrenOf(pid, "RestAPI.dll", "GrpcAPI.dll");

    /// <summary>The direct children of <paramref name="pid"/> whose command line holds any of <paramref
    /// name="parts"/>.</summary>
    public static int[] ChildrenOf(int pid, params string[] parts) =>
        [
            .. Directory
                .GetDirectories($"/proc/{pid}/task")
                .SelectMany(task => ChildrenOfThread(task).Split(' ', StringSplitOptions.RemoveEmptyEntries))
                .Select(int.Parse)
                .Where(child => parts.Any(part => CommandLineOf(child).Contains(part, StringComparison.Ordinal))),
        ];

    /// <summary>A thread's children as /proc lists them; empty for a thread that ended after its folder was
    /// listed.</summary>
    private static string ChildrenOfThread(string task)
    {
        try
        {
            return File.ReadAllText(Path.Combine(task, "children"));
        }
        catch (Exception e) when (e is DirectoryNotFoundException or FileNotFoundException)
        {
            return "";
        }
    }

    /// <summary>Every process whose environment holds <paramref name="token"/>: the ones a test's bench started,
    /// wherever they are now.</summary>
    public static int[] ProcessesWith(string token) =>
        [
            .. Directory
                .GetDirectories("/proc")
                .Select(Path.GetFileName)
                .Where(name => int.TryParse(name, out _))
                .Select(name => int.Parse(name!, System.Globalization.CultureInfo.InvariantCulture))
                .Where(pid =>
                {
                    try
                    {
                        return File.ReadAllText($"/proc/{pid}/environ").Contains(token, StringComparison.Ordinal);
                    }
                    catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                    {
                        return false;
                    }
                }),
        ];

    public static string CommandLineOf(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline");
        }
        catch (IOException)
        {
            return "";
        }
    }

    public static bool IsRunning(int pid)
    {
        try
        {
            return !File.ReadAllText($"/proc/{pid}/stat").Split(' ')[2].Equals("Z", StringComparison.Ordinal);
        }
        catch (Exception e) when (e is FileNotFoundException or DirectoryNotFoundException)
        {
            return false;
        }
    }

    /// <summary>
    /// Waits until <paramref name="holds"/> is true, read every 50 ms, for at most <paramref name="timeout"/>;
    /// whether it came true: a bounded wait on an event (a process's exit, a port closing), never a fixed sleep.
    /// </summary>
    public static async Task<bool> UntilAsync(Func<bool> holds, TimeSpan timeout)
    {
        var watch = Stopwatch.StartNew();
        while (!holds())
        {
            if (watch.Elapsed > timeout)
            {
                return false;
            }

            await Task.Delay(TimeSpan.FromMilliseconds(50));
        }

        return true;
    }

    /// <summary>Those of <paramref name="processes"/> still running once all have exited or after 10 s.</summary>
    public static async Task<int[]> RunningAfterExitAsync(Func<IEnumerable<int>> processes)
    {
        await UntilAsync(() => !processes().Any(IsRunning), TimeSpan.FromSeconds(10));
        return [.. processes().Where(IsRunning)];
    }
}
