using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The throughput rule: every arm measured at each of its operation's levels, its throughput in a trial taken at the
/// level chosen on the other trials, its curve over the trials, and the trials' stopping rule.
/// </summary>
public sealed class ThroughputPeakTests
{
    private static readonly CpuPlacement Placement = new("1", "0");

    /// <summary>A trial of one arm, large gRPC, measured at each (level, calls/s) given.</summary>
    private static Trial TrialAt(int index, params (int Concurrency, double CallsPerSecond)[] levels)
    {
        var best = levels.MaxBy(l => l.CallsPerSecond);
        return new Trial(
            index,
            index,
            index,
            [],
            [
                new TrialSegment("large", "grpc", 10, 1e6, best.Concurrency, 100, best.CallsPerSecond, 4e5, 2e5)
                {
                    Levels =
                    [
                        .. levels.Select(l => new ThroughputLevel(
                            l.Concurrency,
                            100,
                            l.CallsPerSecond,
                            4e5,
                            2e5 + l.Concurrency
                        )),
                    ],
                },
            ]
        );
    }

    [Fact]
    public void A_trials_throughput_is_taken_at_the_level_the_other_trials_chose_not_at_its_own_lucky_reading()
    {
        // Trial 1 reads 16 in flight high by chance; the other four put the peak at 2.
        IReadOnlyList<Trial> trials =
        [
            TrialAt(1, (2, 2000), (16, 3000)),
            TrialAt(2, (2, 2100), (16, 1900)),
            TrialAt(3, (2, 2150), (16, 1800)),
            TrialAt(4, (2, 2050), (16, 1850)),
            TrialAt(5, (2, 2120), (16, 1950)),
        ];

        var chosen = ThroughputPeak.ChosenOnOtherTrials(trials);

        Assert.Equal(2, ThroughputPeak.LevelFor(trials, trials[0], "large", "grpc"));
        Assert.Equal(
            (2, 2000.0, 2e5 + 2),
            (
                chosen[0].Segments[0].Concurrency,
                chosen[0].Segments[0].CallsPerSecond,
                chosen[0].Segments[0].ServerCpuNanosecondsPerCall!.Value
            )
        );
        Assert.Equal(2, chosen[2].Segments[0].Concurrency);
        Assert.Equal(2, chosen[0].Segments[0].Levels!.Count); // every level's reading stays
    }

    [Fact]
    public void A_stalled_reading_is_set_aside_where_the_other_trials_choose_the_peak()
    {
        // Trial 1's reading at 16 stalled; counted, it would pull the median at 16 below the one at 2.
        var stalled = TrialAt(1, (2, 2000), (16, 400));
        stalled = stalled with
        {
            Segments =
            [
                stalled.Segments[0] with
                {
                    Levels =
                    [
                        stalled.Segments[0].Levels![0],
                        stalled.Segments[0].Levels![1] with
                        {
                            Gaps = new CompletionGaps(450, 1),
                        },
                    ],
                },
            ],
        };
        IReadOnlyList<Trial> trials = [stalled, TrialAt(2, (2, 2000), (16, 2400)), TrialAt(3, (2, 2000), (16, 2300))];

        Assert.Equal(16, ThroughputPeak.LevelFor(trials, trials[1], "large", "grpc"));
        Assert.Equal([2, 16], ThroughputPeak.Bracket(trials, "large", "grpc", [2, 16]));
        var chosen = ThroughputPeak.ChosenOnOtherTrials(trials);
        Assert.Equal((16, 1), (chosen[0].Segments[0].Concurrency, chosen[0].Segments[0].ThroughputGaps!.Stalls));
    }

    [Fact]
    public void A_single_trial_keeps_its_own_best_level()
    {
        var chosen = ThroughputPeak.ChosenOnOtherTrials([TrialAt(1, (2, 2000), (16, 3000))]);

        Assert.Equal((16, 3000.0), (chosen[0].Segments[0].Concurrency, chosen[0].Segments[0].CallsPerSecond));
    }

    [Theory]
    [InlineData(new[] { 1000.0, 1500.0, 2000.0 }, CurveEdge.Highest)]
    [InlineData(new[] { 2000.0, 1500.0, 1000.0 }, CurveEdge.Lowest)]
    [InlineData(new[] { 1000.0, 2000.0, 1500.0 }, CurveEdge.None)]
    [InlineData(new[] { 1000.0, 2000.0, 2010.0 }, CurveEdge.None)] // the edge within its neighbour's noise
    public void A_curve_that_still_rises_at_an_edge_of_its_levels_beyond_both_intervals_is_flagged(
        double[] medians,
        CurveEdge edge
    )
    {
        // Six trials, each level spread ±2 % around its median.
        var trials = Enumerable
            .Range(1, 6)
            .Select(i => TrialAt(i, [.. medians.Select((m, level) => (2 << level, m * (0.98 + (0.008 * (i - 1)))))]))
            .ToList();

        var curve = ThroughputPeak.Curve(trials, "large", "grpc");

        Assert.Equal([2, 4, 8], curve.Select(p => p.Concurrency));
        Assert.Equal(edge, ThroughputPeak.RisingEdge(curve));
    }

    [Fact]
    public void A_trial_after_the_curves_measures_each_arm_at_its_peak_and_the_levels_either_side()
    {
        (int, double)[] curve = [(2, 1000), (4, 2000), (8, 2500), (16, 2400), (32, 1800), (64, 1700)];
        IReadOnlyList<Trial> done = [TrialAt(1, curve), TrialAt(2, curve), TrialAt(3, curve)];
        var plan = TrialPlan.Standard;

        var levels = plan.PeakLevelsFor(4, TrialArm.Transport, done)!;
        var request = new TrialRequest(4, plan, [.. TrialArm.Transport.Select(a => a.Name)], 1, "")
        {
            PeakLevels = levels,
        };
        var throughput = plan.OrderOf(4, request.ArmList, request.LevelsOf)
            .Where(s => s.Quantity == TrialQuantity.Throughput)
            .ToList();

        Assert.Null(plan.PeakLevelsFor(3, TrialArm.Transport, [.. done.Take(2)]));
        Assert.Equal([4, 8, 16], levels["large/grpc"]);
        Assert.Equal(plan.InFlight[LoadOperation.Small], levels["small/grpc"]); // no reading yet: every level
        Assert.Equal(
            [4, 8, 16],
            throughput.Where(s => s.Arm.Name == "large/grpc").Select(s => s.InFlight).Distinct().Order()
        );
        Assert.Equal(
            [32, 64],
            ThroughputPeak.Bracket(
                [TrialAt(1, (16, 900), (32, 1000), (64, 1100))],
                "large",
                "grpc",
                [2, 4, 8, 16, 32, 64]
            )
        );
    }

    [Fact]
    public void An_edge_is_checked_where_it_and_its_neighbour_have_intervals_whatever_the_levels_far_from_the_peak()
    {
        // The lowest level was measured in the curve's three trials only; the top two in all six.
        CurvePoint[] curve = [new(2, 1000, 1000, 1000, 3), new(16, 2000, 1950, 2050, 6), new(32, 2400, 2300, 2500, 6)];

        Assert.Equal(CurveEdge.Highest, ThroughputPeak.RisingEdge(curve));
        CurvePoint[] risingBelow =
        [
            curve[0] with
            {
                Median = 5000,
                Low = 5000,
                High = 5000,
            },
            curve[1],
            curve[1] with
            {
                Concurrency = 32,
            },
        ];
        Assert.Equal(CurveEdge.None, ThroughputPeak.RisingEdge(risingBelow));
    }

    [Fact]
    public void Under_six_trials_no_edge_is_flagged()
    {
        var trials = Enumerable.Range(1, 5).Select(i => TrialAt(i, (2, 1000), (4, 3000))).ToList();

        Assert.Equal(CurveEdge.None, ThroughputPeak.RisingEdge(ThroughputPeak.Curve(trials, "large", "grpc")));
    }

    [Fact]
    public void Trials_stop_once_precise_after_the_minimum_else_at_the_most_trials_or_the_time_cap()
    {
        var rule = new TrialStopping(6, 0.05, 0.10, 0.90, 240);
        HeadlineRatio Ratio(string operation, double low, double high) =>
            new(HeadlineRatio.Throughput, operation, "grpc", "rest-json", 1.0, low, high, 6, Placement);
        IReadOnlyList<HeadlineRatio> precise =
        [
            .. Enumerable.Repeat(Ratio("large", 0.96, 1.04), 9),
            Ratio("small", 0.92, 1.09),
        ];
        IReadOnlyList<HeadlineRatio> wide =
        [
            .. Enumerable.Repeat(Ratio("large", 0.96, 1.04), 8),
            Ratio("large", 0.9, 1.04),
            Ratio("small", 0.85, 1.0),
        ];

        Assert.Null(rule.StopAfter(5, 12, 10, precise)); // before the minimum
        Assert.Equal(TrialStopping.Precise, rule.StopAfter(6, 12, 10, precise));
        Assert.Null(rule.StopAfter(6, 12, 10, wide)); // 8 of 10 precise
        Assert.Equal(TrialStopping.TimeCap, rule.StopAfter(7, 12, 250, wide));
        Assert.Equal(TrialStopping.MostTrials, rule.StopAfter(12, 12, 10, wide));
        Assert.Equal(2, rule.WideOf(wide).Count);
    }

    [Fact]
    public void Trials_stop_once_the_next_one_at_the_last_ones_pace_would_end_past_the_cap()
    {
        var rule = TrialPlan.Standard.Stopping!;
        var last = TrialAt(6, (2, 1000)) with { Timing = new TrialTiming(50, 22, 15) };
        IReadOnlyList<HeadlineRatio> wide =
        [
            new(HeadlineRatio.Throughput, "large", "grpc", "rest-json", 1.0, 0.5, 1.5, 6, Placement),
        ];

        var next = TrialRunner.NextTrialSeconds(TrialPlan.Standard, [last], done: 6, elapsed: 300);

        Assert.Equal(35, next); // the seventh drives no open loop
        Assert.Equal(50, TrialRunner.NextTrialSeconds(TrialPlan.Standard, [last], done: 5, elapsed: 250));
        Assert.Null(rule.StopAfter(6, 12, 300, wide, next));
        Assert.Equal(TrialStopping.TimeCap, rule.StopAfter(6, 12, 310, wide, next));
    }

    [Fact]
    public void A_run_option_of_trials_fixes_their_number()
    {
        Assert.NotNull(BenchOptions.Parse(["--headline"]).TrialPlan.Stopping);
        Assert.Null(BenchOptions.Parse(["--headline", "--trials", "9"]).TrialPlan.Stopping);
        Assert.Null(BenchOptions.Parse(["--headline", "--quick"]).TrialPlan.Stopping);
    }

    [Fact]
    public void Every_arm_of_an_operation_is_measured_at_the_operations_concurrencies_in_every_plan()
    {
        foreach (var plan in new[] { TrialPlan.Standard, TrialPlan.Quick, TrialPlan.Dry })
        {
            var throughput = plan.OrderOf(1, TrialArm.Transport)
                .Where(s => s.Quantity == TrialQuantity.Throughput)
                .ToList();

            Assert.All(TrialArm.Transport, arm =>
                Assert.Equal(
                    plan.InFlight[arm.Operation].Order(),
                    throughput.Where(s => s.Arm == arm).Select(s => s.InFlight).Distinct().Order()
                )
            );
            var levels = TrialPlan
                .Describe(plan.InFlight)
                .Replace('=', ' ')
                .Replace(",", ", ", StringComparison.Ordinal);
            Assert.Contains(
                $"throughput: at {levels} calls in flight for every arm",
                RESTvsGRPC.Reports.SettingsText.Of(plan.ToResults()),
                StringComparison.Ordinal
            );
        }
    }

    [Fact]
    public void In_flight_option_replaces_the_operations_it_names_and_keeps_the_others()
    {
        var inFlight = BenchOptions.Parse(["--headline", "--in-flight", "large=16/4,post=8"]).TrialPlan.InFlight;

        Assert.Equal([4, 16], inFlight[LoadOperation.Large]);
        Assert.Equal([8], inFlight[LoadOperation.Post]);
        Assert.Equal(TrialPlan.DefaultInFlight[LoadOperation.Small], inFlight[LoadOperation.Small]);
        Assert.Same(TrialPlan.DefaultInFlight, BenchOptions.Parse(["--headline"]).TrialPlan.InFlight);
    }

    [Theory]
    [InlineData("huge=8")]
    [InlineData("large=0")]
    [InlineData("large=2/x")]
    [InlineData("large")]
    [InlineData("1=8")]
    [InlineData("post=2000")]
    public void In_flight_option_refuses_what_it_cannot_read_naming_the_part(string value)
    {
        var error = Assert.Throws<ArgumentException>(() => BenchOptions.Parse(["--headline", "--in-flight", value]));

        Assert.StartsWith(
            $"--in-flight takes OP=N[/N] for small, large or post, N from 1 to {TrialPlan.MaxInFlight} (e.g. "
                + $"small=16/32/64/128,large=2/4/8/16/32/64,post=2/4/8/16/32), not '{value}'.",
            error.Message,
            StringComparison.Ordinal
        );
    }

    [Fact]
    public void Trial_processes_settle_the_jit_after_a_quarter_segment_warm_up_except_over_a_link()
    {
        var standard = TrialPlan.Standard;
        var request = new TrialRequest(1, standard, ["large/rest-json"], 1, "");

        Assert.Equal((64, 0.075), (standard.SettleCalls, standard.WarmUpSeconds));
        Assert.Equal((0, 0.5), (TrialPlan.Link.SettleCalls, TrialPlan.Link.WarmUpSeconds));
        Assert.Null(TrialPlan.Link.ToResults().Settle);
        Assert.Equal(64, request.Plan.SettleCalls);
        Assert.Contains(
            "warmed 0.075 s at its highest concurrency, then settled: 64 calls one at a time per arm, pass after pass "
                + "until the JIT compiled at most 32 methods in one (at most 3 passes);",
            RESTvsGRPC.Reports.SettingsText.Of(standard.ToResults()),
            StringComparison.Ordinal
        );
    }

    [Fact]
    public void Load_check_request_carries_its_first_round_through_the_file()
    {
        var plan = TrialPlan.Standard;
        var request = new LoadCheckRequest(
            plan,
            ["small/rest-json"],
            1,
            "",
            new Dictionary<string, int> { ["small/rest-json"] = 64 },
            FirstRound: 2
        );
        var path = Path.Combine(Path.GetTempPath(), $"restvsgrpc-request-{Guid.NewGuid():N}.json");
        try
        {
            request.Save(path);
            var read = Assert.IsType<LoadCheckRequest>(TrialProcessRequest.Load(path));

            Assert.Equal(2, read.FirstRound);
            Assert.Equal(["small/rest-json"], read.ArmList.Select(a => a.Name));
            Assert.Equal([64], read.LevelsOf(read.ArmList[0]));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Trial_processes_ramp_a_quarter_slice_and_collect_after_each_slice_and_the_summary_states_both()
    {
        var plan = TrialPlan.Standard;
        var request = new TrialRequest(1, plan, ["large/rest-json"], 1, "");

        Assert.Equal(plan.SliceSeconds / 4, request.Plan.RampSeconds);
        Assert.True(plan.ToResults().CollectsAfterSlices);
        Assert.Contains(
            "counted after 0.038 s), a full collection in the trial process after each slice (seed 28)",
            RESTvsGRPC.Reports.SettingsText.Of(plan.ToResults()),
            StringComparison.Ordinal
        );
    }

    [Fact]
    public void Progress_line_names_the_widest_interval_so_far_and_the_time_the_trials_left_take()
    {
        var placement = new CpuPlacement("1", "0");
        HeadlineRatio Ratio(int trials, string arm, double median, double low, double high) =>
            new(HeadlineRatio.Latency, "small", arm, "rest-json", median, low, high, trials, placement);

        var six = TrialProgress.ProgressText(
            [Ratio(6, "grpc", 1.0, 0.9, 1.1), Ratio(6, "rest-protobuf", 2.0, 1.95, 2.05)],
            6,
            9,
            TimeSpan.FromSeconds(60)
        );
        var three = TrialProgress.ProgressText([Ratio(3, "grpc", 1.0, 0.5, 1.5)], 3, 9, TimeSpan.FromSeconds(120));
        var capped = TrialProgress.ProgressText(
            [Ratio(3, "grpc", 1.0, 0.5, 1.5)],
            3,
            12,
            TimeSpan.FromSeconds(120),
            new TrialStopping(6, 0.05, 0.1, 0.9, 240)
        );

        Assert.Equal(
            "// progress: 6 of 9 trials, widest interval ±10% (small grpc, latency), about 30 s of trials left",
            six
        );
        Assert.Equal("// progress: 3 of 9 trials, no interval before 6 trials, about 4 min 0 s of trials left", three);
        Assert.Equal(
            "// progress: 3 of at most 12 trials, no interval before 6 trials, about 2 min 0 s of trials left at most",
            capped
        ); // three more reach the minimum and the cap
        var stopped = TrialProgress.ProgressText(
            [Ratio(7, "grpc", 1.0, 0.5, 1.5)],
            7,
            12,
            TimeSpan.FromSeconds(330),
            new TrialStopping(6, 0.05, 0.1, 0.9, 340),
            stopped: true
        );
        Assert.EndsWith("about 0 s of trials left at most", stopped);
    }
}
