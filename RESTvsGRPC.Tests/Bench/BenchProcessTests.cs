using System.Diagnostics;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
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

    /// <summary>
    /// SIGTERM or SIGINT after the first, second and third server's ready line (RestAPI, GrpcAPI, the scaling RestAPI):
    /// the bench stops the servers it started and the one still starting, says so in one line, and exits 1. Its
    /// processes are found afterwards by a token in their inherited environment, whoever their parent is by then.
    /// </summary>
    [LinuxTheory]
    [InlineData("TERM", 1)]
    [InlineData("TERM", 2)]
    [InlineData("INT", 3)]
    public async Task Bench_signalled_while_starting_its_servers_leaves_none_running(string signal, int started)
    {
        var token = Guid.NewGuid().ToString("N");
        using var bench = StartBench(new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token }, "--job", "dry", "--filter", "*Codec*", "--artifacts", _artifacts.Path);
        string error;
        try
        {
            for (var i = 0; i < started; i++)
            {
                var (ready, _) = await WaitForLineAsync(bench, "// started:", TimeSpan.FromSeconds(90), readRest: false);
                Assert.True(ready, $"server {i + 1} did not start within 90 s");
            }

            await SignalAsync(signal, bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
            error = await bench.StandardError.ReadToEndAsync();
        }
        finally
        {
            StopIfRunning(bench);
        }

        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.DoesNotContain(ProcessesWith(token), pid => CommandLineOf(pid) is var line && (line.Contains("RestAPI.dll", StringComparison.Ordinal) || line.Contains("GrpcAPI.dll", StringComparison.Ordinal)));
        Assert.Equal(1, bench.ExitCode);
        Assert.Equal("bench stopped by a signal while it started the servers; every server it had started is stopped.", error.Trim());
    }

    [LinuxFact]
    public async Task Bench_runs_beside_unrelated_servers_and_leaves_them_running()
    {
        using var unrelatedRest = await TestServers.StartRestAsync();
        using var unrelatedGrpc = await TestServers.StartGrpcAsync();

        // In process: the servers' lifetimes are the subject, not BenchmarkDotNet's toolchain (the dry run of every suite covers that).
        await RunToSummaryAsync("--inProcess", "--job", "dry", "--filter", "*Codec*", "--artifacts", _artifacts.Path);

        Assert.True(IsRunning(unrelatedRest.Id) && IsRunning(unrelatedGrpc.Id), "the bench stopped a server it had not started");
        using var client = new GrpcClient(HttpTransport.H2c(unrelatedGrpc.BaseAddress));
        Assert.Equal("API Version 1.0", (await client.GetSmallPayloadAsync()).ApiVersion);
    }

    /// <summary>
    /// The paired rounds (a diagnostic beside the headline) end to end: servers on one CPU set, the bench on another (every thread of each), the
    /// transport floor's echo process beside the servers, and a summary whose ratios carry intervals.
    /// </summary>
    [LinuxFact]
    public async Task Bench_paired_run_places_its_processes_and_writes_ratios_with_intervals_and_the_transport_floor()
    {
        var (serverCpu, clientCpu) = (Environment.ProcessorCount - 1, 0);
        using var bench = StartBench("--headline", "--rounds", "--job", "dry", "--server-cpus", $"{serverCpu}", "--client-cpus", $"{clientCpu}", "--artifacts", _artifacts.Path);
        string error;
        try
        {
            // After the headline's dry trials, sweep, load check and h2load check: over a minute on a slow host.
            var (started, remaining) = await WaitForLineAsync(bench, "// paired rounds (dry)", TimeSpan.FromSeconds(240));
            Assert.True(started, "the paired rounds did not start within 240 s");
            var placed = ServersStartedBy(bench.Id).Append(bench.Id).Concat(EchoStartedBy(bench.Id)).ToArray();
            Assert.Equal(4, placed.Length); // RestAPI, GrpcAPI, the bench, the echo process
            foreach (var pid in placed)
            {
                var expected = pid == bench.Id ? clientCpu : serverCpu;
                Assert.All(Directory.GetDirectories($"/proc/{pid}/task"), task =>
                    Assert.Equal([expected], RESTvsGRPC.Bench.Placement.CpuSet.Of(int.Parse(Path.GetFileName(task), System.Globalization.CultureInfo.InvariantCulture))));
            }

            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(3));
            error = await remaining.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{error}");
        var run = RunResults.Load(Path.Combine(_artifacts.Path, "headline"));
        Assert.Empty(run.Benchmarks);
        Assert.Equal(["GetSmallPayload", "GetLargePayload", "PostLargePayload"], run.Paired!.Select(o => o.Operation));
        Assert.All(run.Paired!, o => Assert.All(o.Compared, arm => Assert.NotNull(o.RatioOf(arm))));
        Assert.Equal(4, run.Paired![0].Floors.Count()); // REST + JSON's (HTTP/1.1 and h2c), REST + protobuf's and gRPC's byte counts
        Assert.Contains(run.Paired![0].Compared, arm => arm.Method == "RestH2cGetSmallPayload");
        Assert.All(run.Paired![0].Arms, arm => Assert.True(arm.BackToBack is { NanosecondsPerCall: > 0, ClientCpuNanosecondsPerCall: >= 0, ServerCpuNanosecondsPerCall: >= 0 }, arm.Method));
        Assert.All(run.Paired![0].Floors, f => Assert.True(f.RequestBytes > 0 && f.ResponseBytes > 0));
        Assert.Equal($"servers on CPUs {serverCpu}; client, trials and BenchmarkDotNet's processes on CPUs {clientCpu}", run.Provenance.CpuPlacement);
        Assert.Contains("DATAS off", run.Provenance.GcMode);
        Assert.Contains("Transport floor", File.ReadAllText(Path.Combine(_artifacts.Path, "headline", "summary.md")));
    }

    /// <summary>
    /// The headline end to end, placed: each trial a fresh client process on the client's CPU (not the bench's own
    /// process), its order of arms recorded, and the results contract's ratios for both quantities with the placement.
    /// A trial killed mid-run is named with its reason, the other trials are kept, and no process is left behind.
    /// </summary>
    [LinuxFact]
    public async Task Bench_headline_runs_trials_in_fresh_placed_processes_and_keeps_the_others_when_one_dies()
    {
        var token = Guid.NewGuid().ToString("N");
        var (serverCpu, clientCpu) = (Environment.ProcessorCount - 1, 0);
        using var bench = StartBench(new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--headline", "--job", "dry", "--trials", "3", "--segment", "0.2", "--server-cpus", $"{serverCpu}", "--client-cpus", $"{clientCpu}", "--artifacts", _artifacts.Path);
        string error;
        int killed;
        try
        {
            var (first, _) = await WaitForLineAsync(bench, "// trial 1 of 3 done", TimeSpan.FromSeconds(180), readRest: false);
            Assert.True(first, $"the first trial did not end within 180 s: {(bench.HasExited ? await bench.StandardError.ReadToEndAsync() : "still running")}");
            killed = await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(30));
            Assert.All(Directory.GetDirectories($"/proc/{killed}/task"), task =>
                Assert.Equal([clientCpu], RESTvsGRPC.Bench.Placement.CpuSet.Of(int.Parse(Path.GetFileName(task), System.Globalization.CultureInfo.InvariantCulture))));
            Assert.Contains($"{RESTvsGRPC.Bench.Placement.JitTiering.CallCountingDelayVariable}=0", File.ReadAllText($"/proc/{killed}/environ").Split('\0'));
            await SignalAsync("KILL", killed);
            var (_, remaining) = await WaitForLineAsync(bench, "// summary", TimeSpan.FromSeconds(180));
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
            error = await remaining.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{error}");
        var trials = RunResults.Load(Path.Combine(_artifacts.Path, "headline")).Trials!;
        var failure = Assert.Single(trials.Failures);
        Assert.Equal(2, failure.Index);
        Assert.Contains($"process {killed} exited with code 137", failure.Reason);
        Assert.Equal([1, 3], trials.Trials.Select(t => t.Index));
        Assert.DoesNotContain(bench.Id, trials.Trials.Select(t => t.ProcessId));
        Assert.Equal(2, trials.Trials.Select(t => t.ProcessId).Distinct().Count());
        Assert.All(trials.Trials, t => Assert.Equal(11, t.Order.Distinct().Count()));
        Assert.NotEqual(trials.Trials[0].Order, trials.Trials[1].Order);
        Assert.Equal(16, trials.Headline.Count); // 8 arms against REST + JSON, latency and throughput each
        Assert.All(trials.Headline, h => Assert.True(h.Median > 0 && h.Trials == 2 && h.Placement == trials.Placement, $"{h}"));
        Assert.Equal($"servers on CPUs {serverCpu}; client, trials and BenchmarkDotNet's processes on CPUs {clientCpu}", trials.Placement);
        Assert.All(trials.Trials.SelectMany(t => t.Segments), s => Assert.True(s is { LatencyCalls: >= 10, ThroughputCalls: > 0, ServerCpuNanosecondsPerCall: > 0 }, $"{s}"));
        Assert.Equal(11, trials.Load!.Count); // load mode's closed loop on every arm
        Assert.All(trials.Load!, c => Assert.True(c.CallsPerSecond > 0, $"{c}"));
        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.Empty(ProcessesWith(token));
    }

    /// <summary>SIGINT while a trial runs: the bench stops the trial's process with the servers, and nothing it started is left.</summary>
    [LinuxFact]
    public async Task Bench_signalled_inside_a_trial_leaves_no_process_behind()
    {
        var token = Guid.NewGuid().ToString("N");
        using var bench = StartBench(new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--headline", "--job", "dry", "--trials", "3", "--segment", "0.2", "--artifacts", _artifacts.Path);
        try
        {
            var (first, _) = await WaitForLineAsync(bench, "// trial 1 of 3 done", TimeSpan.FromSeconds(180), readRest: false);
            Assert.True(first, "the first trial did not end within 180 s");
            await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(30));

            await SignalAsync("INT", bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.NotEqual(0, bench.ExitCode);
        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.Empty(ProcessesWith(token));
    }

    /// <summary>The first child of <paramref name="pid"/> whose command line holds <paramref name="part"/>, once it has one.</summary>
    private static async Task<int> WaitForChildAsync(int pid, string part, TimeSpan timeout)
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
    /// BenchmarkDotNet's own route, a process per benchmark built by the SDK: the servers' addresses reach each
    /// benchmark process through its job's environment (BenchmarkDotNet's report shows them in the job line), the
    /// benchmarks pass their gate against the bench's servers and carry the servers' CPU per call, and the results
    /// name the job by its settings alone (this run's ports left out, so runs of one command compare).
    /// </summary>
    [LinuxFact]
    public async Task Bench_out_of_process_route_hands_each_benchmark_process_the_servers_through_its_job()
    {
        await RunToSummaryAsync("--job", "dry", "--filter", "*TransportBenchmarks.*SmallPayload*", "--artifacts", _artifacts.Path);

        var results = Directory.GetDirectories(_artifacts.Path, "results", SearchOption.AllDirectories).Single();
        var run = RunResults.Load(results);
        Assert.StartsWith("a process per benchmark", run.Provenance.Toolchain);
        Assert.Equal("Dry(IterationCount=1, LaunchCount=1, RunStrategy=ColdStart, UnrollFactor=1, WarmupCount=1)", run.Provenance.Job);
        Assert.Equal(["rest-json", "rest-protobuf", "grpc"], run.Benchmarks.Select(b => b.Arm).Distinct());
        Assert.All(run.Benchmarks, b => Assert.True(b.ServerCpuNanosecondsPerCall > 0, b.Method));
        var report = File.ReadAllText(Path.Combine(results, "RESTvsGRPC.Bench.Benchmarks.TransportBenchmarks-report-github.md"));
        Assert.Matches(@"EnvironmentVariables=RESTVSGRPC_REST_URL=http://127\.0\.0\.1:\d+/,", report);
    }

    /// <summary>The route for machines with only the .NET runtime: BenchmarkDotNet's in-process toolchain, said so in the provenance.</summary>
    [LinuxFact]
    public async Task Bench_in_process_route_says_so_in_its_provenance_and_measures_without_DATAS()
    {
        await RunToSummaryAsync("--inProcess", "--job", "dry", "--filter", "*CodecBenchmarks*", "--artifacts", _artifacts.Path);

        var run = RunResults.Load(Directory.GetDirectories(_artifacts.Path, "results", SearchOption.AllDirectories).Single());
        Assert.StartsWith("in-process (BenchmarkDotNet's in-process toolchain", run.Provenance.Toolchain);
        Assert.Contains("benchmarks in the bench's process (DATAS off)", run.Provenance.GcMode);
        Assert.NotEmpty(run.Benchmarks);
    }

    /// <summary>
    /// RestAPI killed (SIGKILL) or frozen (SIGSTOP: it keeps its port and answers nothing) as BenchmarkDotNet starts
    /// (in the bench's process, so no build stands between): a benchmark fails, the run stops there, and the bench says
    /// which server failed and how, in one line, exits 1, leaves no report and no summary, and no server behind.
    /// </summary>
    [LinuxTheory]
    [InlineData("KILL", "bench failed: RestAPI (process {0}) exited with code 137 during the run; no report written")]
    [InlineData("STOP", "bench failed: RestAPI at http://127.0.0.1:")]
    public async Task Bench_stops_with_one_sentence_and_no_report_when_a_server_fails_mid_run(string signal, string expected)
    {
        using var bench = StartBench("--inProcess", "--job", "dry", "--filter", "*TransportBenchmarks*", "--call-timeout", "5", "--artifacts", _artifacts.Path);
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

    /// <summary>
    /// A server that freezes in the middle of a large body, after its headers (a relay in front of RestAPI stops
    /// passing its bytes once BenchmarkDotNet starts): the call's deadline ends the hanging call, and the bench stops
    /// with one sentence naming that server, exit 1, no report, soon after the deadline.
    /// </summary>
    [LinuxFact]
    public async Task Bench_stops_with_one_sentence_when_a_server_freezes_in_the_middle_of_a_body()
    {
        using var restApi = await TestServers.StartRestAsync();
        using var grpcApi = await TestServers.StartGrpcAsync();
        using var relay = new FreezingRelay(restApi.BaseAddress);
        using var bench = StartBench(
            "--rest-url", relay.Address.ToString(), "--grpc-url", grpcApi.BaseAddress.ToString(), "--data", RepositoryPaths.CommittedData,
            "--inProcess", "--job", "dry", "--filter", "*TransportBenchmarks.RestGetLargePayload*", "--call-timeout", "5", "--artifacts", _artifacts.Path);
        string error;
        TimeSpan afterFreezing;
        try
        {
            var (started, rest) = await WaitForLineAsync(bench, "// phase: BenchmarkDotNet starts", TimeSpan.FromSeconds(120));
            Assert.True(started, "BenchmarkDotNet did not start within 120 s");
            relay.FreezeInNextLargeBody();
            await relay.Frozen.WaitAsync(TimeSpan.FromSeconds(180));
            var frozenAt = Stopwatch.StartNew();
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(120));
            afterFreezing = frozenAt.Elapsed;
            error = await rest.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.Equal(1, bench.ExitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"bench failed: RestAPI at {relay.Address} stopped answering (nothing within 5 s); no report written", line);
        Assert.InRange(afterFreezing, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(60));
        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "summary.*", SearchOption.AllDirectories));
        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "*-report*", SearchOption.AllDirectories));
    }

    /// <summary>Runs the bench to its summary line and a clean exit, or fails with what it printed on stderr.</summary>
    private static async Task RunToSummaryAsync(params string[] arguments)
    {
        using var bench = StartBench(arguments);
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
    }

    private static Process StartBench(params string[] arguments) => StartBench(new Dictionary<string, string>(), arguments);

    private static Process StartBench(IReadOnlyDictionary<string, string> environment, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

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
    private static async Task<(bool Found, (Task<string> Output, Task<string> Error) Remaining)> WaitForLineAsync(Process process, string prefix, TimeSpan timeout, bool readRest = true)
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
            catch (OperationCanceledException)
            {
            }

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
        catch (OperationCanceledException)
        {
        }

        return (false, (process.StandardOutput.ReadToEndAsync(CancellationToken.None), error));
    }

    // Only the servers: BenchmarkDotNet's own children (its build, the benchmark process) may already be starting
    // when the gate line is read, and stopping those is BenchmarkDotNet's business, not what this test proves.
    private static int[] ServersStartedBy(int pid) => ChildrenOf(pid, "RestAPI.dll", "GrpcAPI.dll");

    private static int[] EchoStartedBy(int pid) => ChildrenOf(pid, "tcp-echo");

    /// <summary>The direct children of <paramref name="pid"/> whose command line holds any of <paramref name="parts"/>.</summary>
    private static int[] ChildrenOf(int pid, params string[] parts) =>
        [.. Directory.GetDirectories($"/proc/{pid}/task")
            .SelectMany(task => File.ReadAllText(Path.Combine(task, "children")).Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(int.Parse)
            .Where(child => parts.Any(part => CommandLineOf(child).Contains(part, StringComparison.Ordinal)))];

    /// <summary>Every process whose environment holds <paramref name="token"/>: the ones a test's bench started, wherever they are now.</summary>
    private static int[] ProcessesWith(string token) =>
        [.. Directory.GetDirectories("/proc")
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
            })];

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
