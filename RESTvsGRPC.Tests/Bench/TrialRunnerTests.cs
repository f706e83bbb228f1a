using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The trial loop through a fake launcher and a manual clock, in milliseconds: renewal, failure accounting, stalls,
/// the stopping rule, the time cap, the peak chosen on other trials and the progress lines.
/// </summary>
public sealed class TrialRunnerTests
{
    private static readonly CpuPlacement Placement = new("1", "0");

    private static readonly IReadOnlyList<TrialArm> Arms =
    [
        new(LoadOperation.Large, TrialArm.Baseline),
        new(LoadOperation.Large, "grpc"),
    ];

    /// <summary>The standard plan on two arms of the large GET, at 2 to 32 in flight.</summary>
    private static readonly TrialPlan Standard = TrialPlan.Standard with
    {
        OpenLoop = null,
        InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>> { [LoadOperation.Large] = [2, 4, 8, 16, 32] },
    };

    /// <summary>
    /// A kept trial: REST + JSON 4 ms a call and 500 calls/s at its best level (4), gRPC <paramref name="ratio"/> times
    /// better on both; <paramref name="stallAt"/> (a level) stalls gRPC's throughput there once.
    /// </summary>
    private static TrialOutcome Kept(TrialRequest request, double ratio, int? stallAt = null)
    {
        TrialSegment Segment(string arm, double factor) =>
            new(OperationNames.Large, arm, 50, 4e6 / factor, 4, 1000, 500 * factor, 2e5, 1e5)
            {
                LatencyGaps = new CompletionGaps(10, 0),
                Levels =
                [
                    .. request
                        .LevelsOf(Arms[0])
                        .Select(level => new ThroughputLevel(level, 1000, (level == 4 ? 500 : 400) * factor, 2e5, 1e5)
                        {
                            Gaps =
                                arm == "grpc" && level == stallAt
                                    ? new CompletionGaps(450, 1)
                                    : new CompletionGaps(10, 0),
                        }),
                ],
            };

        var trial = new Trial(
            request.Index,
            100 + request.Index,
            28 + request.Index,
            ["large/rest-json", "large/grpc"],
            [Segment(TrialArm.Baseline, 1), Segment("grpc", ratio)]
        )
        {
            Timing = new TrialTiming(0, 20, 0),
        };
        return new(trial, null);
    }

    private static TrialOutcome Failed(TrialRequest request) =>
        new(null, new TrialFailure(request.Index, 200 + request.Index, 137, null, "trial failed: killed"));

    private static async Task<(TrialsRun Run, FakeTrialLauncher Launcher, string Output)> RunAsync(
        TrialPlan plan,
        Func<TrialRequest, (TrialOutcome, double)> script
    )
    {
        var clock = new ManualClock();
        var launcher = new FakeTrialLauncher(clock, script);
        var output = new StringWriter();
        var first = new TrialRequest(1, plan, [.. Arms.Select(a => a.Name)], Environment.ProcessId, "");
        var run = await TrialRunner.RunAsync(new TrialSetup(plan, Arms), first, launcher, Placement, output, clock);
        return (run, launcher, output.ToString());
    }

    /// <summary>A steady gRPC ratio near 2 (± 1 %), different each trial.</summary>
    private static double Steady(TrialRequest r) => 2 + (0.02 * ((r.Index % 3) - 1));

    [Fact]
    public async Task Trials_stop_as_precise_after_the_fewest_trials_when_every_ratio_is_within_its_bound()
    {
        var (run, launcher, output) = await RunAsync(Standard, r => (Kept(r, Steady(r)), 30));

        Assert.Equal(TrialStopping.Precise, run.StoppedBy);
        Assert.Equal(Standard.Stopping!.MinTrials, run.Trials.Count);
        Assert.Equal(6, launcher.Requests.Count);
        Assert.Equal(180, run.TrialsSeconds);
        Assert.Contains("// progress: 6 of at most 12 trials, widest interval", output);
        Assert.Contains("; the trials stop: precise", output);
        var latency = run.Headline.Single(h => h.Quantity == HeadlineRatio.Latency);
        Assert.Equal(2, latency.Median, 2);
    }

    [Fact]
    public async Task Trials_stop_at_the_time_cap_when_another_trial_at_this_pace_would_end_past_it()
    {
        // Wide ratios never get precise; at 30 s a trial, the eleventh would end at 330 s and a twelfth at 360 s.
        var (run, _, output) = await RunAsync(Standard, r => (Kept(r, r.Index % 2 == 0 ? 1.2 : 3), 30));

        Assert.Equal(TrialStopping.TimeCap, run.StoppedBy);
        Assert.Equal(11, run.Trials.Count);
        Assert.Contains("// progress: 11 of at most 12 trials", output);
        Assert.Contains("; the trials stop: time cap", output);
    }

    [Fact]
    public async Task A_slow_trial_moves_the_time_cap_closer_but_the_fewest_trials_still_run()
    {
        // Every trial takes 100 s: the cap passes at the third, but a ratio needs six.
        var (run, _, _) = await RunAsync(Standard, r => (Kept(r, r.Index % 2 == 0 ? 1.2 : 3), 100));

        Assert.Equal(TrialStopping.TimeCap, run.StoppedBy);
        Assert.Equal(Standard.Stopping!.MinTrials, run.Trials.Count);
        Assert.Equal(600, run.TrialsSeconds);
    }

    [Fact]
    public async Task A_failed_trial_is_named_with_its_reason_the_others_kept_and_the_most_trials_lowered()
    {
        var plan = Standard with { Stopping = null, Trials = 3 };

        var (run, _, output) = await RunAsync(plan, r => (r.Index == 2 ? Failed(r) : Kept(r, Steady(r)), 30));

        var failure = Assert.Single(run.Failures);
        Assert.Equal((2, 202, 137), (failure.Index, failure.ProcessId, failure.ExitCode));
        Assert.Equal([1, 3], run.Trials.Select(t => t.Index));
        Assert.Contains(
            "// trial 2 of 3 failed: process 202 exited with code 137 (trial failed: killed); the other trials go on",
            output
        );
        Assert.Null(run.StoppedBy);
        Assert.All(run.Headline, h => Assert.Equal(2, h.Trials));
    }

    [Fact]
    public async Task Every_trial_failing_fails_the_run_naming_the_first_failure()
    {
        var failed = await Assert.ThrowsAsync<TrialFailedException>(() => RunAsync(Standard, r => (Failed(r), 30)));

        Assert.StartsWith("every trial failed; trial 1: ", failed.Message);
        Assert.Contains("trial failed: killed", failed.Message);
    }

    [Fact]
    public async Task A_stalled_trial_is_named_in_its_line_counted_in_the_run_and_set_aside_from_the_peak()
    {
        var plan = Standard with { Stopping = null, Trials = 3 };

        var (run, _, output) = await RunAsync(plan, r => (Kept(r, Steady(r), stallAt: r.Index == 2 ? 4 : null), 30));

        Assert.Contains("// trial 2: 1 stall(s): large grpc, throughput at 4, 0.45 s longest", output);
        var cell = run.Stalls!.Cells.Single(c => c.Stalls > 0);
        Assert.Equal(("grpc", 4, 1), (cell.Arm, cell.Level, cell.StalledTrials));
        Assert.Equal(4, run.ConcurrencyOf(OperationNames.Large, "grpc"));
    }

    [Fact]
    public async Task Servers_are_renewed_before_every_trial_and_each_request_reads_the_new_pair()
    {
        var plan = Standard with { Stopping = null, Trials = 3, ServersPerTrial = true };

        var (_, launcher, output) = await RunAsync(plan, r => (Kept(r, Steady(r)), 30));

        Assert.Equal(3, launcher.Renewals);
        var first = FakeTrialLauncher.FirstServerId;
        Assert.Equal(
            [(first + 2, first + 3), (first + 4, first + 5), (first + 6, first + 7)],
            launcher.Requests.Select(r => (r.RestProcessId!.Value, r.GrpcProcessId!.Value))
        );
        Assert.Contains(
            $"// trial 3 of 3 done (process 103, servers {first + 6} and {first + 7} started for it",
            output
        );
    }

    [Fact]
    public async Task Trials_after_the_curve_measure_each_arm_at_the_peak_the_earlier_trials_chose_and_its_neighbours()
    {
        var plan = Standard with { Stopping = null, Trials = 5 };

        var (run, launcher, _) = await RunAsync(plan, r => (Kept(r, Steady(r)), 30));

        Assert.All(launcher.Requests.Take(plan.CurveTrials!.Value), r => Assert.Null(r.PeakLevels));
        Assert.All(launcher.Requests.Skip(plan.CurveTrials!.Value), r =>
            Assert.Equal([2, 4, 8], r.PeakLevels!["large/grpc"])
        );
        Assert.Equal(plan.CurveTrials, run.CurveTrials);
        Assert.True(run.PeakChosenOnOtherTrials);
        Assert.Equal([2, 4, 8, 16, 32], run.Concurrency.Single(c => c.Arm == "grpc").Levels);
    }
}
