using System.Diagnostics;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Tests.Infrastructure;
using static RESTvsGRPC.Tests.Infrastructure.BenchProcess;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>How the bench stops, as a user's process: on a signal at any point, or when a server fails or freezes, it
/// says so in one line and leaves no process behind.</summary>
[LongRunning(4)]
public sealed class BenchStopTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    /// <summary>
    /// A scaling case beside the codec's: the filter chooses a scaling benchmark, so the bench starts the scaling
    /// servers too (the signals below come before BenchmarkDotNet runs any).
    /// </summary>
    private const string ScalingCase = "*ScalingBenchmarks.RestGetLargePayload*";

    /// <summary>
    /// SIGTERM after the gate: the bench stops every server it started. One handler takes SIGINT, SIGTERM, SIGHUP and
    /// SIGQUIT alike; SIGINT's path is run while the servers start and inside a trial below.
    /// </summary>
    [LinuxFact]
    public async Task Bench_stops_its_servers_when_it_is_stopped_by_a_signal()
    {
        const string signal = "TERM";
        // In process: the subject is the servers' lifetimes, and an SDK build here would compete for the CPUs with the
        // one BenchProcessTests' out-of-process route runs beside this class.
        using var bench = BenchProcess.Start(
            "--inProcess",
            "--job",
            "dry",
            "--filter",
            "*Codec*",
            ScalingCase,
            "--artifacts",
            _artifacts.Path
        );
        int[] servers;
        try
        {
            var (gate, _) = await WaitForLineAsync(bench, "// correctness gate passed", TimeSpan.FromSeconds(90));
            Assert.True(gate, "the bench did not pass its gate within 90 s");
            servers = ServersStartedBy(bench.Id);
            Assert.Equal(4, servers.Length); // RestAPI and GrpcAPI, and the pair serving 10 000 records

            Signal(signal, bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        }
        finally
        {
            StopIfRunning(bench);
        }

        var outlived = await RunningAfterExitAsync(() => servers);
        Assert.True(
            outlived.Length == 0,
            $"server processes {string.Join(", ", outlived)} outlived the bench after " + $"SIG{signal}"
        );
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
        using var bench = BenchProcess.Start(
            new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--inProcess",
            "--job",
            "dry",
            "--filter",
            "*Codec*",
            ScalingCase,
            "--artifacts",
            _artifacts.Path
        );
        string error;
        try
        {
            for (var i = 0; i < started; i++)
            {
                var (ready, _) = await WaitForLineAsync(
                    bench,
                    "// started:",
                    TimeSpan.FromSeconds(90),
                    readRest: false
                );
                Assert.True(ready, $"server {i + 1} did not start within 90 s");
            }

            Signal(signal, bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
            error = await bench.StandardError.ReadToEndAsync();
        }
        finally
        {
            StopIfRunning(bench);
        }

        static bool IsServer(int pid) =>
            CommandLineOf(pid) is var line
            && (
                line.Contains("RestAPI.dll", StringComparison.Ordinal)
                || line.Contains("GrpcAPI.dll", StringComparison.Ordinal)
            );
        Assert.Empty(await RunningAfterExitAsync(() => ProcessesWith(token).Where(IsServer)));
        Assert.Equal(1, bench.ExitCode);
        Assert.Equal(
            "bench stopped by a signal while it started the servers; every server it had started is stopped.",
            error.Trim()
        );
    }

    /// <summary>SIGINT while the first trial runs: the bench stops the trial's process with the servers, and nothing it
    /// started or wrote for the trial is left.</summary>
    [LinuxFact]
    public async Task Bench_signalled_inside_a_trial_leaves_no_process_or_trial_folder_behind()
    {
        var token = Guid.NewGuid().ToString("N");
        using var bench = BenchProcess.Start(
            new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--headline",
            "--job",
            "dry",
            "--trials",
            "2",
            "--artifacts",
            _artifacts.Path
        );
        try
        {
            await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(180));
            Assert.NotEmpty(
                Directory.GetDirectories(Path.GetTempPath(), $"{BenchFiles.TrialFolderPrefix}{bench.Id}-*")
            );

            Signal("INT", bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.NotEqual(0, bench.ExitCode);
        Assert.Empty(await RunningAfterExitAsync(() => ProcessesWith(token)));
        Assert.Empty(Directory.GetDirectories(Path.GetTempPath(), $"{BenchFiles.TrialFolderPrefix}{bench.Id}-*"));
    }

    /// <summary>
    /// A bench killed by SIGKILL leaves its trial folders; the next bench deletes them before its first, and keeps
    /// those of a bench still running.
    /// </summary>
    [Fact]
    public async Task Trial_folders_of_an_ended_bench_are_deleted_and_those_of_a_running_bench_kept()
    {
        using var ended = Process.Start(new ProcessStartInfo("dotnet", "--version") { RedirectStandardOutput = true })!;
        await ended.WaitForExitAsync();
        var orphaned = Directory
            .CreateDirectory(_artifacts.File($"{BenchFiles.TrialFolderPrefix}{ended.Id}-abc123"))
            .FullName;
        File.WriteAllText(Path.Combine(orphaned, "trial-1.request.json"), "{}");
        var ownFolder = $"{BenchFiles.TrialFolderPrefix}{Environment.ProcessId}-def456";
        var running = Directory.CreateDirectory(_artifacts.File(ownFolder)).FullName;
        var unrelated = Directory.CreateDirectory(_artifacts.File($"{BenchFiles.TrialFolderPrefix}notes")).FullName;

        TrialProcessLauncher.RemoveOrphanedFolders(_artifacts.Path);

        Assert.False(Directory.Exists(orphaned));
        Assert.True(Directory.Exists(running));
        Assert.True(Directory.Exists(unrelated));
    }

    /// <summary>A bench killed by SIGKILL leaves its scaling servers' data file; the next bench that starts scaling
    /// servers deletes it, and keeps a running bench's.</summary>
    [Fact]
    public async Task Scaling_data_of_an_ended_bench_is_deleted_and_that_of_a_running_bench_kept()
    {
        using var ended = Process.Start(new ProcessStartInfo("dotnet", "--version") { RedirectStandardOutput = true })!;
        await ended.WaitForExitAsync();
        var orphaned = _artifacts.File($"restvsgrpc-scaling-{ended.Id}.json");
        var running = _artifacts.File($"restvsgrpc-scaling-{Environment.ProcessId}.json");
        var unrelated = _artifacts.File("restvsgrpc-scaling-notes.json");
        Assert.All(new[] { orphaned, running, unrelated }, file => File.WriteAllText(file, "[]"));

        BenchFiles.RemoveOrphanedScalingData(_artifacts.Path);

        Assert.False(File.Exists(orphaned));
        Assert.True(File.Exists(running));
        Assert.True(File.Exists(unrelated));
    }

    /// <summary>
    /// RestAPI killed (SIGKILL) or frozen (SIGSTOP: it keeps its port and answers nothing) as BenchmarkDotNet starts
    /// (in the bench's process, so no build stands between): a benchmark fails, the run stops there, and the bench says
    /// which server failed and how, in one line, exits 1, leaves no report and no summary, and no server behind.
    /// </summary>
    [LinuxTheory]
    [InlineData("KILL", "bench failed: RestAPI (process {0}) exited with code 137 during the run; no report written")]
    [InlineData("STOP", "bench failed: RestAPI at http://127.0.0.1:")]
    public async Task Bench_stops_with_one_sentence_and_no_report_when_a_server_fails_mid_run(
        string signal,
        string expected
    )
    {
        using var bench = BenchProcess.Start(
            "--inProcess",
            "--job",
            "dry",
            "--filter",
            "*TransportBenchmarks*",
            "--call-timeout",
            "5",
            "--artifacts",
            _artifacts.Path
        );
        int[] servers;
        int restApi;
        string error;
        try
        {
            var (started, rest) = await WaitForLineAsync(
                bench,
                "// ***** BenchmarkRunner: Start",
                TimeSpan.FromSeconds(120)
            );
            Assert.True(started, "BenchmarkDotNet did not start within 120 s");
            servers = ServersStartedBy(bench.Id);
            restApi = servers.First(pid =>
                CommandLineOf(pid).Contains("RestAPI.dll", StringComparison.Ordinal)
                && !CommandLineOf(pid).Contains("scaling", StringComparison.Ordinal)
            );

            Signal(signal, restApi);
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
        var outlived = await RunningAfterExitAsync(() => servers);
        Assert.True(outlived.Length == 0, $"server processes {string.Join(", ", outlived)} outlived the failed run");
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
        using var bench = BenchProcess.Start(
            "--rest-url",
            relay.Address.ToString(),
            "--grpc-url",
            grpcApi.BaseAddress.ToString(),
            "--data",
            RepositoryPaths.CommittedData,
            "--inProcess",
            "--job",
            "dry",
            "--filter",
            "*TransportBenchmarks.RestGetLargePayload*",
            "--call-timeout",
            "5",
            "--artifacts",
            _artifacts.Path
        );
        string error;
        TimeSpan afterFreezing;
        try
        {
            var (started, rest) = await WaitForLineAsync(
                bench,
                "// phase: BenchmarkDotNet starts",
                TimeSpan.FromSeconds(120)
            );
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
        Assert.StartsWith(
            $"bench failed: RestAPI at {relay.Address} stopped answering (nothing within 5 s); no report written",
            line
        );
        Assert.InRange(afterFreezing, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(60));
        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "summary.*", SearchOption.AllDirectories));
        Assert.Empty(Directory.EnumerateFiles(_artifacts.Path, "*-report*", SearchOption.AllDirectories));
    }
}
