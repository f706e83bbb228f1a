using System.Diagnostics;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench as a user runs it: a process that starts servers and must leave none behind.</summary>
public sealed class BenchProcessTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    [LinuxTheory]
    [InlineData("TERM")]
    [InlineData("INT")]
    public async Task Bench_stops_its_servers_when_it_is_stopped_by_a_signal(string signal)
    {
        using var bench = StartBench("--job", "dry", "--filter", "*Codec*", "--artifacts", _artifacts.Path);
        int[] servers;
        try
        {
            var (gate, _) = await WaitForLineAsync(bench, "// correctness gate passed", TimeSpan.FromSeconds(90));
            Assert.True(gate, "the bench did not pass its gate within 90 s");
            servers = ServersStartedBy(bench.Id);
            Assert.Equal(4, servers.Length); // RestAPI and GrpcAPI, and the pair serving 10 000 records

            await SignalAsync(signal, bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        }
        finally
        {
            StopIfRunning(bench);
        }

        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.All(servers, pid => Assert.False(IsRunning(pid), $"server process {pid} outlived the bench after SIG{signal}"));
    }

    [LinuxFact]
    public async Task Bench_runs_beside_unrelated_servers_and_leaves_them_running()
    {
        using var unrelatedRest = await TestServers.StartRestAsync();
        using var unrelatedGrpc = await TestServers.StartGrpcAsync();

        using var bench = StartBench("--job", "dry", "--filter", "*Codec*", "--artifacts", _artifacts.Path);
        try
        {
            var (_, remaining) = await WaitForLineAsync(bench, "// summary", TimeSpan.FromMinutes(5));
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
            Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{await remaining.Error}");
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.True(IsRunning(unrelatedRest.Id) && IsRunning(unrelatedGrpc.Id), "the bench stopped a server it had not started");
        using var client = new GrpcClient(HttpTransport.H2c(unrelatedGrpc.BaseAddress));
        Assert.Equal("API Version 1.0", (await client.GetSmallPayloadAsync()).ApiVersion);
    }

    /// <summary>
    /// RestAPI killed (SIGKILL) or frozen (SIGSTOP: it keeps its port and answers nothing) while BenchmarkDotNet builds
    /// the benchmarks: the first benchmark fails, the run stops there, and the bench says which server failed and how,
    /// in one line, exits 1, leaves no report and no summary, and no server behind.
    /// </summary>
    [LinuxTheory]
    [InlineData("KILL", "bench failed: RestAPI (process {0}) exited with code 137 during the run; no report written")]
    [InlineData("STOP", "bench failed: RestAPI at http://127.0.0.1:")]
    public async Task Bench_stops_with_one_sentence_and_no_report_when_a_server_fails_mid_run(string signal, string expected)
    {
        using var bench = StartBench("--job", "dry", "--filter", "*TransportBenchmarks*", "--call-timeout", "5", "--artifacts", _artifacts.Path);
        int[] servers;
        int restApi;
        string error;
        try
        {
            var (started, rest) = await WaitForLineAsync(bench, "// ***** BenchmarkRunner: Start", TimeSpan.FromSeconds(120));
            Assert.True(started, "BenchmarkDotNet did not start within 120 s");
            servers = ServersStartedBy(bench.Id);
            restApi = servers.First(pid => CommandLineOf(pid).Contains("RestAPI.dll", StringComparison.Ordinal) && !CommandLineOf(pid).Contains("scaling", StringComparison.Ordinal));

            await SignalAsync(signal, restApi);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(240));
            error = await rest.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.Equal(1, bench.ExitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith(string.Format(System.Globalization.CultureInfo.InvariantCulture, expected, restApi), line);
        if (signal == "STOP")
        {
            Assert.Contains("stopped answering (nothing within 5 s); no report written", line);
        }

        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "summary.*", SearchOption.AllDirectories));
        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "*-report*", SearchOption.AllDirectories));
        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.All(servers, pid => Assert.False(IsRunning(pid), $"server process {pid} outlived the failed run"));
    }

    private static Process StartBench(params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        string[] all = [RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench"), .. arguments];
        foreach (var argument in all)
        {
            start.ArgumentList.Add(argument);
        }

        return Process.Start(start)!;
    }

    private static async Task SignalAsync(string signal, int pid)
    {
        using var kill = Process.Start("kill", [$"-{signal}", pid.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        await kill.WaitForExitAsync();
    }

    private static void StopIfRunning(Process bench)
    {
        if (!bench.HasExited)
        {
            bench.Kill(entireProcessTree: true);
        }
    }

    /// <summary>Reads standard output up to a line starting with <paramref name="prefix"/>; the rest of both streams is read on, for the test to await.</summary>
    private static async Task<(bool Found, (Task<string> Output, Task<string> Error) Remaining)> WaitForLineAsync(Process process, string prefix, TimeSpan timeout)
    {
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
        catch (OperationCanceledException)
        {
        }

        return (false, (process.StandardOutput.ReadToEndAsync(CancellationToken.None), error));
    }

    // Only the servers: BenchmarkDotNet's own children (its build, the benchmark process) may already be starting
    // when the gate line is read, and stopping those is BenchmarkDotNet's business, not what this test proves.
    private static int[] ServersStartedBy(int pid) =>
        [.. Directory.GetDirectories($"/proc/{pid}/task")
            .SelectMany(task => File.ReadAllText(Path.Combine(task, "children")).Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(int.Parse)
            .Where(child => CommandLineOf(child).Contains("RestAPI.dll", StringComparison.Ordinal)
                || CommandLineOf(child).Contains("GrpcAPI.dll", StringComparison.Ordinal))];

    private static string CommandLineOf(int pid)
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

    private static bool IsRunning(int pid) =>
        File.Exists($"/proc/{pid}/stat") && !File.ReadAllText($"/proc/{pid}/stat").Split(' ')[2].Equals("Z", StringComparison.Ordinal);
}
