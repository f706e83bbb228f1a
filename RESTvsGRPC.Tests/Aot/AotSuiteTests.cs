using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Aot;

/// <summary>
/// <c>--suite aot</c> as a user runs it: the bench publishes the AOT servers, measures both builds from fresh
/// processes, then both builds' arms in the trials; or refuses at once.
/// </summary>
[Collection(AotCollection.Name)]
public sealed class AotSuiteTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    [AotFact]
    public async Task Suite_aot_publishes_the_aot_servers_then_measures_each_build_from_fresh_processes_and_trials()
    {
        AotBuild.EnsurePublished();

        // The dry job: one trial of 50 ms segments, enough to prove every arm answered and was measured.
        await BenchProcess.RunToSummaryAsync(
            "--suite",
            "aot",
            "--job",
            "dry",
            "--trials",
            "1",
            "--artifacts",
            _artifacts.Path
        );

        var run = RunResults.Load(Path.Combine(_artifacts.Path, "aot"));
        AssertStartup(run.Startup!);
        AssertTrials(run.AotTrials!);
    }

    /// <summary>A cold start of each build, arm and operation (listening before answering), each server's memory at
    /// rest and at saturation, and the publish's time.</summary>
    private static void AssertStartup(StartupRun startup)
    {
        Assert.Equal(
            [
                .. from build in StartupRun.Builds
                from arm in new[] { "rest-minimal", "grpc" }
                from operation in new[] { "small", "large", "post" }
                select (build, arm, operation),
            ],
            startup.ColdStarts.Select(c => (c.Build, c.Arm, c.Operation))
        );
        Assert.All(startup.ColdStarts, c =>
            Assert.True(
                c.Milliseconds is [> 0]
                    && c.ListeningMilliseconds is [> 0]
                    && c.ListeningMilliseconds[0] <= c.Milliseconds[0],
                $"{c.Build} {c.Arm} {c.Operation}"
            )
        );
        Assert.Equal(4, startup.Memory.Count);
        Assert.All(startup.Memory, m =>
            Assert.True(m.WarmMebibytes > 0 && m.SaturatedMebibytes >= m.WarmMebibytes, $"{m.Build} {m.Arm}")
        );
        Assert.True(startup.PublishSeconds > 0);
    }

    /// <summary>Every operation on both builds' arms in the one trial, and each AOT pair's two ratios.</summary>
    private static void AssertTrials(TrialsRun trials)
    {
        Assert.Equal(
            [
                .. from operation in OperationNames.Calls
                from arm in new[] { "grpc", "rest-minimal", "rest-minimal-aot", "grpc-aot" }
                select (operation, arm),
            ],
            TrialStatistics.Arms(trials.Trials)
        );
        Assert.All(trials.Trials.Single().Segments, s =>
            Assert.True(
                s is { LatencyNanosecondsPerCall: > 0, CallsPerSecond: > 0, ServerCpuNanosecondsPerCall: >= 0 },
                $"{s.Operation} {s.Arm}"
            )
        );
        Assert.Equal(
            [
                .. from operation in OperationNames.Calls
                from pair in TrialStatistics.AotPairs
                from quantity in new[] { HeadlineRatio.Latency, HeadlineRatio.Throughput }
                select (operation, pair.Arm, pair.Baseline, quantity),
            ],
            trials.Headline.Select(r => (r.Operation, r.Arm, r.Baseline, r.Quantity))
        );
    }

    [Fact]
    public async Task Suite_aot_without_a_native_toolchain_says_so_in_one_line_and_exits_2_before_any_server_starts()
    {
        // Only the SDK's own folder on PATH: no clang, no gcc.
        using var bench = BenchProcess.Start(
            new Dictionary<string, string> { ["PATH"] = Path.GetDirectoryName(Environment.ProcessPath)! },
            "--suite",
            "aot",
            "--artifacts",
            _artifacts.Path
        );
        var output = bench.StandardOutput.ReadToEndAsync();
        var error = await bench.StandardError.ReadToEndAsync();
        await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(2, bench.ExitCode);
        var line = Assert.Single(error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("--suite aot cannot run here: ", line);
        Assert.DoesNotContain("// started:", await output);
    }

    public void Dispose() => _artifacts.Dispose();
}
