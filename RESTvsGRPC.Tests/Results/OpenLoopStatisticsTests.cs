using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>The open loop's arithmetic over trials on made-up readings whose answers are known.</summary>
public sealed class OpenLoopStatisticsTests
{
    private static readonly OpenLoopPlan Plan = new([0.25, 0.5, 0.8], 0.4, 100, 1.5);

    [Fact]
    public void P99_ratio_is_the_baselines_p99_over_the_arms_in_the_same_trial_with_its_interval_over_six_trials()
    {
        // REST + JSON's p99 2, 3, …, 7 ms at half its peak; gRPC's half of it in each trial: a ratio of 2 in every
        // trial.
        var trials = Enumerable.Range(1, 6).Select(i => Trial(i, restP99: i + 1, grpcP99: (i + 1) / 2.0)).ToList();

        var summary = OpenLoopStatistics.Of(Plan, trials)!;

        var grpc = summary.Results.Single(r => r is { Arm: "grpc", Fraction: 0.5 });
        Assert.Equal(
            (2.0, 2.0, 2.0, 6),
            (grpc.P99Ratio!.Median, grpc.P99Ratio.Lower, grpc.P99Ratio.Upper, grpc.P99Ratio.Samples)
        );
        Assert.Equal((2.25e6, 1e6, 3.5e6), (grpc.P99!.Median, grpc.P99.Lower, grpc.P99.Upper));
        Assert.Equal((6, 6, 0), (grpc.Trials, grpc.Held, grpc.ClientBound));
        Assert.Null(summary.Results.Single(r => r is { Arm: "rest-json", Fraction: 0.5 }).P99Ratio);
    }

    [Fact]
    public void A_rate_held_in_fewer_than_half_the_trials_gives_its_achieved_rate_and_backlog_not_a_latency()
    {
        // At 80 % REST + JSON leaves 30 of 100 calls unanswered as the window closes in four trials of six.
        var trials = Enumerable
            .Range(1, 6)
            .Select(i => Trial(i, restP99: 2, grpcP99: 1, restBacklogAt80: i <= 4 ? 30 : 0))
            .ToList();

        var rest = OpenLoopStatistics.Of(Plan, trials)!.Results.Single(r => r is { Arm: "rest-json", Fraction: 0.8 });

        Assert.False(rest.IsHeld);
        Assert.Null(rest.P99);
        Assert.Equal((2, 6, 30.0), (rest.Held, rest.Trials, rest.Backlog));
        Assert.Equal(70 / 0.4, rest.AchievedPerSecond, 6);
        Assert.Null(
            OpenLoopStatistics.Of(Plan, trials)!.Results.Single(r => r is { Arm: "grpc", Fraction: 0.8 }).P99Ratio
        );
    }

    [Fact]
    public void A_reading_whose_client_started_calls_late_is_the_clients_not_the_arms()
    {
        var late = Reading(0.5, p99Milliseconds: 4) with { LateP99Nanoseconds = 3e6 };

        Assert.True(late is { Held: true, ClientBound: true, IsLatency: false });
        Assert.True(Reading(0.5, p99Milliseconds: 4) is { ClientBound: false, IsLatency: true });
    }

    [Fact]
    public void Capacity_is_the_highest_rate_held_within_five_baseline_call_times_at_every_rate_below()
    {
        // One call at a time REST + JSON takes 1 ms: the bound is 5 ms. gRPC's p99 is 1 ms at every rate; REST + JSON's
        // 5 ms at 25 % and 50 % (within), 8 ms at 80 %.
        var trials = Enumerable.Range(1, 6).Select(i => Trial(i, restP99: 5, grpcP99: 1, restP99At80: 8)).ToList();

        var bounds = OpenLoopStatistics.Of(Plan, trials)!.Bounds;

        Assert.All(bounds, b => Assert.Equal(5e6, b.BoundNanoseconds));
        Assert.Equal(0.8, bounds.Single(b => b.Arm == "grpc").Fraction);
        Assert.Equal(
            (0.5, 500.0),
            (
                bounds.Single(b => b.Arm == "rest-json").Fraction,
                bounds.Single(b => b.Arm == "rest-json").OfferedPerSecond
            )
        );
    }

    [Fact]
    public void No_open_loop_in_the_trials_gives_none() =>
        Assert.Null(OpenLoopStatistics.Of(Plan, [new Trial(1, 1, 1, [], [Segment("rest-json", [])])]));

    private static Trial Trial(
        int index,
        double restP99,
        double grpcP99,
        double restP99At80 = double.NaN,
        long restBacklogAt80 = 0
    ) =>
        new(
            index,
            100 + index,
            28 + index,
            ["large/rest-json", "large/grpc"],
            [
                Segment(
                    "rest-json",
                    [
                        .. Plan.Fractions.Select(f =>
                            Reading(
                                f,
                                f == 0.8 && double.IsFinite(restP99At80) ? restP99At80 : restP99,
                                f == 0.8 ? restBacklogAt80 : 0
                            )
                        ),
                    ]
                ),
                Segment("grpc", [.. Plan.Fractions.Select(f => Reading(f, grpcP99))]),
            ]
        );

    private static TrialSegment Segment(string arm, IReadOnlyList<OpenLoopReading> openLoop) =>
        new("large", arm, 100, 1e6, 8, 1000, 1000, 1e5, 1e5) { OpenLoop = openLoop.Count > 0 ? openLoop : null };

    private static OpenLoopReading Reading(double fraction, double p99Milliseconds, long backlog = 0) =>
        new(
            fraction,
            fraction * 1000,
            100,
            0.4,
            100 - backlog,
            0,
            p99Milliseconds * 0.5e6,
            p99Milliseconds * 0.8e6,
            p99Milliseconds * 1e6,
            0.01e6
        );

    [Fact]
    public void A_result_runs_open_loop_ends_its_first_six_trials_only()
    {
        var openLoop = RESTvsGRPC.Bench.Trials.TrialPlan.Standard.OpenLoop!;

        Assert.Equal(
            [true, true, true, true, true, true, false, false],
            Enumerable.Range(1, 8).Select(openLoop.Drives)
        );
        Assert.True(Plan.Drives(12)); // no count: every trial
    }
}
