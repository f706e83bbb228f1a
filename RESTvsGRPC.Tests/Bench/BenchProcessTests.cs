using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using static RESTvsGRPC.Tests.Infrastructure.BenchProcess;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench as a user runs it, through BenchmarkDotNet's two routes: a process per benchmark, or in the
/// bench's own process beside servers it did not start.</summary>
[LongRunning(3)]
public sealed class BenchProcessTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    /// <summary>
    /// BenchmarkDotNet's own route, a process per benchmark built by the SDK: the servers' addresses reach each
    /// benchmark process through its job's environment (BenchmarkDotNet's report shows them in the job line), the
    /// benchmarks pass their gate against the bench's servers and carry the servers' CPU per call and their own socket
    /// engine thread's, the results name the job by its settings alone (this run's ports left out, so runs of one
    /// command compare), and, under any job but the dry one, each process settles the JIT on its case before timing
    /// it, logs it, and the results say so. One run for both, as the SDK's build of the benchmark processes takes most
    /// of a minute.
    /// </summary>
    [LinuxFact]
    public async Task Out_of_process_route_hands_each_benchmark_process_the_servers_in_its_job_and_settles_its_case()
    {
        // The dry job's settings under another name: the dry job itself times nothing, so its processes settle nothing.
        // One batch size (BenchmarkDotNet's filter matches the case's parameters too): a process per arm is enough.
        await RunToSummaryAsync(
            "--strategy",
            "ColdStart",
            "--launchCount",
            "1",
            "--warmupCount",
            "1",
            "--iterationCount",
            "1",
            "--unrollFactor",
            "1",
            "--filter",
            "*TransportBenchmarks.*SmallPayload(Calls: 100)",
            "--artifacts",
            _artifacts.Path
        );

        var results = Directory.GetDirectories(_artifacts.Path, "results", SearchOption.AllDirectories).Single();
        var run = RunResults.Load(results);
        Assert.Equal(ProcessSetup.BenchmarkProcesses, run.Provenance.Processes.Measurer);
        Assert.Contains(
            "IterationCount=1, LaunchCount=1, RunStrategy=ColdStart, UnrollFactor=1, WarmupCount=1)",
            run.Provenance.Job,
            StringComparison.Ordinal
        );
        Assert.DoesNotContain("127.0.0.1", run.Provenance.Job, StringComparison.Ordinal);
        Assert.All(run.Benchmarks, b => Assert.False(b.ForcedCollections, b.Method));
        Assert.Equal(["rest-json", "rest-protobuf", "grpc"], run.Benchmarks.Select(b => b.Arm).Distinct());
        // One iteration of 100 small calls costs a server a few milliseconds, under the OS's 10-ms CPU clock tick: a
        // case may read 0 ticks. Every case has a reading of the server it was handed, and together they read its
        // work.
        Assert.All(run.Benchmarks, b =>
            Assert.True(
                double.IsFinite(b.ServerCpuNanosecondsPerCall ?? double.NaN) && b.ServerCpuNanosecondsPerCall >= 0,
                b.Method
            )
        );
        Assert.True(
            run.Benchmarks.Sum(b => b.ServerCpuNanosecondsPerCall) > 0,
            "no case read any of the server's CPU time"
        );
        var report = File.ReadAllText(
            Path.Combine(results, "RESTvsGRPC.Bench.Benchmarks.TransportBenchmarks-report-github.md")
        );
        Assert.Matches(@"EnvironmentVariables=RESTVSGRPC_REST_URL=http://127\.0\.0\.1:\d+/,", report);

        AssertEachSettledTheJit(run, _artifacts.Path);
    }

    /// <summary>Each case's process settled the JIT on its case before timing it, logged it, and says so.</summary>
    private static void AssertEachSettledTheJit(RunResults run, string artifacts)
    {
        Assert.All(run.Benchmarks, b => Assert.True(b.SettledJit, b.Method));
        var log = File.ReadAllLines(Directory.GetFiles(artifacts, "*.log", SearchOption.AllDirectories).Single());
        var settled = log.Where(line =>
                line.StartsWith(
                    "// settled the JIT on RESTvsGRPC.Bench.Benchmarks.TransportBenchmarks.",
                    StringComparison.Ordinal
                )
            )
            .ToList();
        Assert.Equal(run.Benchmarks.Count, settled.Count);
        Assert.All(run.Benchmarks, b =>
            Assert.Single(settled, line =>
                line.StartsWith(
                    $"// settled the JIT on RESTvsGRPC.Bench.Benchmarks.TransportBenchmarks.{b.Method}(Calls: "
                        + $"{b.CallsPerBatch}):",
                    StringComparison.Ordinal
                )
            )
        );
    }
}
