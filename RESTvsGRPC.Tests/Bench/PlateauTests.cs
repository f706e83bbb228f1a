using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The throughput rule: one concurrency per operation for every arm, checked against the sweep of calls in flight.
/// The ladders are calibration ladders measured at 086e86e on the development VM (2026-11-25), where one short step
/// decided each arm's concurrency.
/// </summary>
public sealed class PlateauTests
{
    private static ArmConcurrency Swept(int inFlight, params (int Concurrency, double CallsPerSecond)[] steps) =>
        new("small", "grpc", inFlight, [.. steps.Select(s => new ConcurrencyStep("grpc", s.Concurrency, s.CallsPerSecond))]);

    [Fact]
    public void A_dip_of_one_step_puts_that_concurrency_off_the_plateau_and_the_best_step_on_it()
    {
        // gRPC's small GET, first headline run: its calibration stopped at 4 in flight after the dip at 8.
        (int, double)[] ladder = [(1, 11516), (2, 21940), (4, 42595), (8, 35790), (16, 41263)];

        Assert.True(Swept(4, ladder).OnPlateau);
        Assert.False(Swept(8, ladder).OnPlateau); // 84 % of the best
        Assert.True(Swept(16, ladder).OnPlateau); // 97 %
    }

    [Fact]
    public void An_arm_past_its_knee_that_loses_calls_per_second_is_off_the_plateau()
    {
        // REST + JSON's small GET, second fresh quick run: 28,118 calls/s at 16 in flight, 13,922 at 32.
        (int, double)[] ladder = [(1, 467), (2, 16572), (4, 21296), (8, 25047), (16, 28118), (32, 13922), (64, 15673)];

        Assert.False(Swept(32, ladder).OnPlateau);
        Assert.True(Swept(16, ladder).OnPlateau);
    }

    [Fact]
    public void An_arm_not_yet_saturated_is_off_the_plateau()
    {
        // REST + JSON's large GET, first headline run.
        (int, double)[] ladder = [(1, 455), (2, 592), (4, 607), (8, 621)];

        Assert.False(Swept(1, ladder).OnPlateau); // 73 % of what 8 in flight served
        Assert.True(Swept(2, ladder).OnPlateau);
    }

    [Fact]
    public void The_better_of_an_operations_two_concurrencies_counts_for_arms_whose_curves_peak_apart()
    {
        // The large GET swept on the development VM on 2026-11-25 (0.175-s steps): REST + protobuf peaks at 2 in flight
        // and loses calls/s beyond, the gRPC stream climbs to 16 and more; 8 alone puts both off the plateau.
        (int, double)[] protobuf = [(1, 969), (2, 2742), (4, 2595), (8, 2344), (16, 2162), (32, 1603), (64, 1870), (128, 1465)];
        (int, double)[] stream = [(1, 1153), (2, 1406), (4, 1527), (8, 1552), (16, 1760), (32, 1641), (64, 1793), (128, 1653)];

        Assert.False(Swept(8, protobuf).OnPlateau);
        Assert.False(Swept(8, stream).OnPlateau);
        Assert.True((Swept(2, protobuf) with { Levels = [2, 16] }).OnPlateau);
        Assert.True((Swept(2, stream) with { Levels = [2, 16] }).OnPlateau);
        Assert.Equal(1760, (Swept(2, stream) with { Levels = [2, 16] }).BestMeasured!.CallsPerSecond);
    }

    [Fact]
    public void A_concurrency_the_sweep_did_not_reach_is_off_the_plateau_and_no_sweep_says_nothing()
    {
        Assert.False(Swept(32, (1, 1000), (2, 1900), (4, 2000)).OnPlateau);
        Assert.Null(Swept(32).OnPlateau);
    }

    [Fact]
    public void Every_arm_of_an_operation_is_measured_at_the_operations_concurrencies_in_every_plan()
    {
        foreach (var plan in new[] { TrialPlan.Standard, TrialPlan.Quick, TrialPlan.Dry })
        {
            var throughput = plan.OrderOf(1, TrialArm.Transport).Where(s => s.Quantity == TrialQuantity.Throughput).ToList();

            Assert.All(TrialArm.Transport, arm => Assert.Equal(
                plan.InFlight[arm.Operation].Order(), throughput.Where(s => s.Arm == arm).Select(s => s.InFlight).Distinct().Order()));
            Assert.Contains("small 32 or 64, large 2 or 16, post 4 or 16 calls in flight for every arm", RESTvsGRPC.Reports.SettingsText.Of(plan.ToResults()), StringComparison.Ordinal);
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

        Assert.StartsWith($"--in-flight takes OP=N[/N] for small, large or post, N from 1 to {TrialPlan.MaxInFlight} (e.g. small=32/64,large=2/16,post=4/16), not '{value}'.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Trial_processes_settle_the_jit_after_a_quarter_segment_warm_up_except_over_a_link()
    {
        var standard = TrialPlan.Standard;
        var request = new TrialRequest(1, standard.Name, standard.Trials, standard.SegmentSeconds, standard.Seed, standard.Rounds, ["large/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["large/rest-json"] = [2, 16] }, null, null, 1, "", SettleCalls: standard.SettleCalls);

        Assert.Equal((64, 0.175), (standard.SettleCalls, standard.WarmUpSeconds));
        Assert.Equal((0, 0.5), (TrialPlan.Link.SettleCalls, TrialPlan.Link.WarmUpSeconds));
        Assert.Null(TrialPlan.Link.ToResults().Settle);
        Assert.Equal(64, request.Plan.SettleCalls);
        Assert.Contains(
            "warmed 0.175 s at its highest concurrency, then settled: 64 calls one at a time per arm, pass after pass until the JIT compiled at most 32 methods in one (at most 3 passes);",
            RESTvsGRPC.Reports.SettingsText.Of(standard.ToResults()), StringComparison.Ordinal);
    }

    [Fact]
    public void Load_check_request_carries_its_first_round_through_the_file()
    {
        var plan = TrialPlan.Standard;
        var request = new TrialRequest(TrialRequest.LoadCheck, plan.Name, plan.Trials, plan.SegmentSeconds, plan.Seed, plan.Rounds, ["small/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["small/rest-json"] = [64] }, null, null, 1, "") { LoadCheckFirstRound = 2 };
        var path = Path.Combine(Path.GetTempPath(), $"restvsgrpc-request-{Guid.NewGuid():N}.json");
        try
        {
            request.Save(path);
            var read = TrialRequest.Load(path);

            Assert.Equal(2, read.LoadCheckFirstRound);
            Assert.Equal(["small/rest-json"], read.ArmList.Select(a => a.Name));
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
        var request = new TrialRequest(1, plan.Name, plan.Trials, plan.SegmentSeconds, plan.Seed, plan.Rounds, ["large/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["large/rest-json"] = [2, 16] }, null, null, 1, "");

        Assert.Equal(plan.SliceSeconds / 4, request.Plan.RampSeconds);
        Assert.True(plan.ToResults().CollectsAfterSlices);
        Assert.Contains("counted after 0.044 s), a full collection in the trial process after each slice (seed 28)", RESTvsGRPC.Reports.SettingsText.Of(plan.ToResults()), StringComparison.Ordinal);
    }

    [Fact]
    public void Progress_line_names_the_widest_interval_so_far_and_the_time_the_trials_left_take()
    {
        var placement = new CpuPlacement("1", "0");
        HeadlineRatio Ratio(int trials, string arm, double median, double low, double high) => new(HeadlineRatio.Latency, "small", arm, "rest-json", median, low, high, trials, placement);

        var six = TrialRunner.ProgressText([Ratio(6, "grpc", 1.0, 0.9, 1.1), Ratio(6, "rest-protobuf", 2.0, 1.95, 2.05)], 6, 9, TimeSpan.FromSeconds(60));
        var three = TrialRunner.ProgressText([Ratio(3, "grpc", 1.0, 0.5, 1.5)], 3, 9, TimeSpan.FromSeconds(120));

        Assert.Equal("// progress: 6 of 9 trials, widest interval ±10% (small grpc, latency), about 30 s of trials left", six);
        Assert.Equal("// progress: 3 of 9 trials, no interval before 6 trials, about 4 min 0 s of trials left", three);
    }
}
