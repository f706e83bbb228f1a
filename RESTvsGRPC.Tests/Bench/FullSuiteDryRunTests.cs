using System.Text.RegularExpressions;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Probes;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using static RESTvsGRPC.Tests.Infrastructure.BenchProcess;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The whole benchmark pipeline once, as CI and a user run it with BenchmarkDotNet's dry job in the bench's own process
/// (every suite but the servers' AOT builds, which <c>AotSuiteTests</c> runs): the headline's trials in fresh placed
/// processes surviving one that dies, the styles' trials, every benchmark class's reports and the summary.
/// </summary>
[LongRunning(1)]
public sealed partial class FullSuiteDryRunTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    /// <summary>
    /// Each trial a fresh client process on the client's CPU (not the bench's own process) against servers started for
    /// it; a trial process killed mid-run is named with its exit code and the run goes on; the last trial's servers
    /// (on their own CPU, every thread) serve what follows; every class's three reports hold a row per case, the
    /// summary every section and chart; the bench leaves the servers it did not start running, and nothing of its own.
    /// One run for all, as each takes the whole pipeline to reach. Two trials, the first killed: what the runner does
    /// with a failed trial beyond that (the others kept, the stopping rule, the peak on other trials) is proved in
    /// process by <see cref="TrialRunnerTests"/>.
    /// </summary>
    [LinuxFact]
    public async Task Full_dry_suite_places_its_trials_survives_one_that_dies_and_writes_every_report()
    {
        using var unrelatedRest = await TestServers.StartRestAsync();
        using var unrelatedGrpc = await TestServers.StartGrpcAsync();
        var token = Guid.NewGuid().ToString("N");
        var (serverCpu, clientCpu) = (Environment.ProcessorCount - 1, 0);
        using var bench = Start(
            new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--suite",
            "full",
            "--aot",
            "off",
            "--job",
            "dry",
            "--warmupCount",
            "0",
            "--inProcess",
            "--trials",
            "2",
            "--server-cpus",
            $"{serverCpu}",
            "--client-cpus",
            $"{clientCpu}",
            "--artifacts",
            _artifacts.Path
        );
        int killed;
        string error;
        try
        {
            killed = await KillTheFirstTrialAsync(bench, clientCpu);
            var trialOneServers = MeasuredServers(bench.Id);
            var (last, remaining) = await WaitForLineAsync(bench, "// trial 2 of 2 done", TimeSpan.FromSeconds(240));
            Assert.True(last, "the last trial did not end within 240 s");
            var placed = MeasuredServers(bench.Id).Append(bench.Id).ToArray();
            Assert.Equal(3, placed.Length); // trial 2's RestAPI and GrpcAPI, which serve what follows, and the bench
            Assert.All(placed, pid => AssertPlacedOn(pid == bench.Id ? clientCpu : serverCpu, pid));
            Assert.All(trialOneServers, pid =>
                Assert.False(Directory.Exists($"/proc/{pid}"), $"trial 1's server {pid} outlived its trial")
            );
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(8));
            error = await remaining.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{error}");
        var results = Path.Combine(_artifacts.Path, "results");
        var run = RunResults.Load(results);
        AssertTrialsKeptAround(run.Trials!, killed, bench.Id, serverCpu, clientCpu);
        AssertInProcessRoute(run);
        AssertReports(results);
        Assert.True(
            IsRunning(unrelatedRest.Id) && IsRunning(unrelatedGrpc.Id),
            "the bench stopped a server it had not started"
        );
        using var client = new GrpcClient(HttpTransport.H2c(unrelatedGrpc.BaseAddress));
        Assert.Equal("API Version 1.0", (await client.GetSmallPayloadAsync()).ApiVersion);
        Assert.Empty(await RunningAfterExitAsync(() => ProcessesWith(token)));
    }

    /// <summary>
    /// Waits for the first trial's process, checks its placement and environment, and kills it; its process id.
    /// </summary>
    private static async Task<int> KillTheFirstTrialAsync(System.Diagnostics.Process bench, int clientCpu)
    {
        var killed = await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(180));
        AssertPlacedOn(clientCpu, killed);
        Assert.Equal(2, MeasuredServers(bench.Id).Length);
        Assert.Contains(
            $"{RESTvsGRPC.Bench.Jit.JitTiering.CallCountingDelayVariable}=0",
            File.ReadAllText($"/proc/{killed}/environ").Split('\0')
        );
        Signal("KILL", killed);
        return killed;
    }

    /// <summary>The RestAPI and GrpcAPI the trials measure, started by <paramref name="bench"/>: not the scaling pair,
    /// which lives for the run.</summary>
    private static int[] MeasuredServers(int bench) =>
        [.. ServersStartedBy(bench).Where(pid => !CommandLineOf(pid).Contains("scaling", StringComparison.Ordinal))];

    private static void AssertPlacedOn(int cpu, int pid) =>
        Assert.All(Directory.GetDirectories($"/proc/{pid}/task"), task =>
            Assert.Equal(
                [cpu],
                RESTvsGRPC.Bench.Placement.CpuSet.Of(
                    int.Parse(Path.GetFileName(task), System.Globalization.CultureInfo.InvariantCulture)
                )
            )
        );

    private static void AssertTrialsKeptAround(TrialsRun trials, int killed, int bench, int serverCpu, int clientCpu)
    {
        var failure = Assert.Single(trials.Failures);
        Assert.Equal(1, failure.Index);
        Assert.Equal((killed, 137), (failure.ProcessId, failure.ExitCode));
        var kept = Assert.Single(trials.Trials);
        Assert.Equal(2, kept.Index);
        Assert.NotEqual(bench, kept.ProcessId);
        var arms = TrialArm.Transport.Count;
        Assert.Equal(arms, kept.Order.Distinct().Count());
        // Every arm but the baseline against REST + JSON, latency and throughput each.
        Assert.Equal(2 * TrialArm.Transport.Count(a => a.Target != TrialArm.Baseline), trials.Headline.Count);
        Assert.All(trials.Headline, h =>
            Assert.True(h.Median > 0 && h.Trials == 1 && h.Placement == trials.Placement, $"{h}")
        );
        Assert.Equal(new CpuPlacement($"{serverCpu}", $"{clientCpu}"), trials.Placement);
        Assert.True(trials.Plan.CollectsAfterSlices);
        Assert.True(trials.Plan.ServersPerTrial);
        Assert.All(trials.Trials.SelectMany(t => t.Segments), s =>
            Assert.True(s is { LatencyCalls: >= 10, ThroughputCalls: > 0, ServerCpuNanosecondsPerCall: >= 0 }, $"{s}")
        );
        // The kernel counts a process's CPU in 10 ms ticks, so a dry job's 50-ms window of a few slow calls may read
        // none.
        Assert.All(trials.Trials, t =>
            Assert.True(t.Segments.Sum(s => s.ServerCpuNanosecondsPerCall) > 0, $"trial {t.Index} read no server CPU")
        );
        // The dry plan's levels of each operation, handed to its process.
        Assert.All(trials.Trials.SelectMany(t => t.Segments), s =>
            Assert.Equal(
                TrialPlan.Dry.InFlight[Enum.Parse<LoadOperation>(s.Operation, ignoreCase: true)],
                s.Levels!.Select(l => l.Concurrency)
            )
        );
        Assert.True(trials.PeakChosenOnOtherTrials);
        Assert.Equal(arms, trials.Load!.Count); // load mode's closed loop on every arm
        // The open loop on every arm at the plan's three shares of REST + JSON's peak, each call answered.
        var fractions = TrialPlan.Dry.OpenLoop!.Fractions;
        var segments = trials.Trials.SelectMany(t => t.Segments).ToList();
        Assert.All(segments, s => Assert.Equal(fractions, s.OpenLoop!.Select(r => r.Fraction)));
        Assert.All(segments.SelectMany(s => s.OpenLoop!), r =>
            Assert.True(
                r is { Unanswered: 0, P99Nanoseconds: > 0 }
                    && r.Calls == TrialPlan.Dry.OpenLoop!.CallsAt(r.OfferedPerSecond),
                $"{r}"
            )
        );
        Assert.Equal(arms * fractions.Count, trials.OpenLoop!.Results.Count);
        Assert.Equal(arms, trials.OpenLoop.Bounds.Count);
        Assert.All(trials.Load!, c => Assert.True(c is { CallsPerSecond: > 0, Windows: 1 }, $"{c}"));
    }

    /// <summary>BenchmarkDotNet in the bench's process, said so in the provenance, without DATAS; the dry job's
    /// streaming probe makes one timed call per arm.</summary>
    private static void AssertInProcessRoute(RunResults run)
    {
        Assert.Equal(ProcessSetup.BenchmarkInProcess, run.Provenance.Processes.Measurer);
        Assert.False(run.Provenance.Processes.Datas);
        var codec = run.Benchmarks.Where(b => b.Suite == Suites.Codec).ToList();
        Assert.Equal(CasesOf(typeof(CodecBenchmarks)), codec.Count);
        Assert.All(codec, b => Assert.True(b is { SettledJit: null }, b.Method));
        Assert.Equal(new StreamingMethod(1, 1, StreamingProbe.MemorySampleEvery), run.StreamingMethod);
        Assert.Equal(7, run.Streaming.Count);
        Assert.NotNull(run.StylesTrials);
    }

    /// <summary>Each class's CSV, Markdown and HTML reports hold one row per case; the summary has its sections, charts
    /// and a negotiated HTTP version in every networked row.</summary>
    private static void AssertReports(string results)
    {
        foreach (var benchmarkClass in RESTvsGRPC.Bench.Orchestrator.BenchmarkTypes)
        {
            var cases = CasesOf(benchmarkClass);
            var report = Path.Combine(results, $"{benchmarkClass.FullName}-report");
            Assert.Equal(cases, File.ReadAllLines(report + ".csv").Length - 1);
            Assert.Equal(
                cases,
                File.ReadAllLines(report + "-github.md").Count(line => MarkdownRow().IsMatch(line)) - 1
            );
            Assert.Equal(cases, Regex.Matches(File.ReadAllText(report + ".html"), "<tr>").Count - 1);
        }

        Assert.Equal(
            7,
            File.ReadAllLines(Path.Combine(results, "ScalingBenchmarks-fit.md"))
                .Count(line =>
                    line.StartsWith("| Rest", StringComparison.Ordinal)
                    || line.StartsWith("| Grpc", StringComparison.Ordinal)
                )
        );
        var summary = File.ReadAllText(Path.Combine(results, "summary.md"));
        Assert.All(
            [
                "## Headline: latency and throughput (",
                "### Checked by other methods",
                "| method | operation | arm | trials | method's |",
                "## Per operation",
                "## Which API style",
                "Ratios come from the styles' trials",
                "## Streaming",
                "## gzip",
                "## HTTP versions",
                "## Scaling",
                "## Notes",
                "## Provenance",
            ],
            part => Assert.Contains(part, summary, StringComparison.Ordinal)
        );
        Assert.All(
            ["headline", "operations", "bytes", "client-server", "styles", "streaming", "http-versions", "scaling"],
            chart =>
                Assert.True(
                    new FileInfo(Path.Combine(results, chart + ".svg")) is { Exists: true, Length: > 0 },
                    $"{chart}.svg is missing"
                )
        );
        // Every networked case's row names the HTTP version it negotiated: the dry job runs each case at one batch.
        Assert.Equal(49, summary.Split('\n').Count(line => HttpVersionCell().IsMatch(line)));
    }

    /// <summary>The cases BenchmarkDotNet makes of a class, less those the bench's filter drops.</summary>
    private static int CasesOf(Type benchmarkClass) =>
        BenchmarkDotNet
            .Running.BenchmarkConverter.TypeToBenchmarks(benchmarkClass)
            .BenchmarksCases.Count(
                new VariantBatchFilter(TrialArm.TransportCases, Batch.Sizes.Min(), oneBatch: true).Predicate
            );

    [GeneratedRegex(@"^\| [A-Za-z]")]
    private static partial Regex MarkdownRow();

    [GeneratedRegex(@"\| HTTP/(1\.1|2) \|")]
    private static partial Regex HttpVersionCell();
}
