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
    public void Arms_option_keeps_only_the_named_arms_of_each_suite_in_its_order()
    {
        var options = BenchOptions.Parse(["--headline", "--arms", "post/grpc, large/rest-json,post/rest-json"]);
        var styles = BenchOptions.Parse(["--headline", "--suite", "styles", "--arms", "large/grpc-web-text"]);

        Assert.Equal(["large/rest-json", "post/rest-json", "post/grpc"], options.TrialArmsOf(TrialArm.Transport).Select(a => a.Name));
        Assert.Equal(["large/grpc-web-text"], styles.TrialArmsOf(TrialArm.Styles).Select(a => a.Name));
        Assert.Same(TrialArm.Transport, BenchOptions.Parse(["--headline"]).TrialArmsOf(TrialArm.Transport));
    }

    [Fact]
    public void Warm_arms_suite_goes_with_arms_and_the_plan_and_summary_say_so()
    {
        var warmed = BenchOptions.Parse(["--headline", "--arms", "large/grpc", "--warm-arms", "suite"]).TrialPlan;
        var error = Assert.Throws<ArgumentException>(() => BenchOptions.Parse(["--headline", "--warm-arms", "suite"]));

        Assert.True(warmed.WarmsSuite);
        Assert.False(BenchOptions.Parse(["--headline", "--arms", "large/grpc"]).TrialPlan.WarmsSuite);
        Assert.StartsWith("--warm-arms suite warms the arms --arms leaves out; it goes with --arms.", error.Message, StringComparison.Ordinal);
        Assert.Contains("one client per arm in each (and one for each arm of the suite it did not measure, warmed and settled alike), warmed", RESTvsGRPC.Reports.SettingsText.Of(warmed.ToResults()), StringComparison.Ordinal);
        Assert.NotEqual(TrialPlan.Standard.ToResults(), (TrialPlan.Standard with { WarmsSuite = true }).ToResults());
    }

    [Fact]
    public void Trial_request_warms_its_warmed_arms_and_its_measured_ones_once_each_and_survives_the_file()
    {
        var plan = TrialPlan.Standard;
        var request = new TrialRequest(TrialRequest.Adjacent, plan.Name, plan.Trials, plan.SegmentSeconds, plan.Seed, plan.Rounds, ["large/grpc"],
            new Dictionary<string, IReadOnlyList<int>> { ["small/rest-json"] = [32, 64], ["large/grpc"] = [2, 16] }, null, null, 1, "") { WarmedArms = ["small/rest-json", "large/grpc"] };
        var path = Path.Combine(Path.GetTempPath(), $"restvsgrpc-request-{Guid.NewGuid():N}.json");
        try
        {
            request.Save(path);
            var read = TrialRequest.Load(path);

            Assert.Equal(["small/rest-json", "large/grpc"], read.WarmedArmList.Select(a => a.Name));
            Assert.Equal(["large/grpc"], read.ArmList.Select(a => a.Name));
            Assert.Equal(["large/grpc"], (read with { WarmedArms = null }).WarmedArmList.Select(a => a.Name));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Load_check_request_carries_its_windows_first_round_and_kept_clients_and_an_older_request_reads_the_default()
    {
        var plan = TrialPlan.Standard with { LoadCheckWindows = 9 };
        var request = new TrialRequest(TrialRequest.LoadCheck, plan.Name, plan.Trials, plan.SegmentSeconds, plan.Seed, plan.Rounds, ["small/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["small/rest-json"] = [64] }, null, null, 1, "") { LoadCheckWindows = plan.LoadCheckWindows, LoadCheckFirstRound = 18, LoadCheckKeepsClients = true };
        var path = Path.Combine(Path.GetTempPath(), $"restvsgrpc-request-{Guid.NewGuid():N}.json");
        try
        {
            request.Save(path);
            var read = TrialRequest.Load(path);

            Assert.Equal((9, 18, true), (read.Plan.LoadCheckWindows, read.LoadCheckFirstRound, read.Plan.LoadCheckKeepsClients));
            Assert.Equal(TrialPlan.DefaultLoadCheckWindows, (read with { LoadCheckWindows = 0 }).Plan.LoadCheckWindows);
        }
        finally
        {
            File.Delete(path);
        }
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
    public void Trial_processes_take_the_pause_and_the_ramp_their_plan_sets_and_the_summary_states_the_pause()
    {
        var paused = TrialPlan.Standard with { SlicePauseSeconds = 0.2 };
        var request = new TrialRequest(1, paused.Name, paused.Trials, paused.SegmentSeconds, paused.Seed, paused.Rounds, ["large/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["large/rest-json"] = [2, 16] }, null, null, 1, "") { SlicePauseSeconds = paused.SlicePauseSeconds };

        Assert.Equal(0.2, request.Plan.SlicePauseSeconds);
        Assert.Equal(paused.RampSeconds, request.Plan.RampSeconds);
        Assert.Equal(1.0, (request with { RampSeconds = 1.0 }).Plan.RampSeconds);
        Assert.Null(TrialPlan.Standard.ToResults().SlicePauseSeconds);
        Assert.NotEqual(TrialPlan.Standard.ToResults(), paused.ToResults());
        Assert.Contains("counted after 0.044 s), a pause of 0.2 s after each slice, a full collection in the trial process after each slice (seed 28)", RESTvsGRPC.Reports.SettingsText.Of(paused.ToResults()), StringComparison.Ordinal);
        Assert.DoesNotContain("pause", RESTvsGRPC.Reports.SettingsText.Of(TrialPlan.Standard.ToResults()), StringComparison.Ordinal);
    }

    [Fact]
    public void Trial_processes_collect_after_each_slice_unless_their_plan_says_not_and_the_summary_states_it()
    {
        var plain = TrialPlan.Standard with { CollectsAfterSlices = false };
        var request = new TrialRequest(1, plain.Name, plain.Trials, plain.SegmentSeconds, plain.Seed, plain.Rounds, ["large/rest-json"],
            new Dictionary<string, IReadOnlyList<int>> { ["large/rest-json"] = [2, 16] }, null, null, 1, "") { CollectsAfterSlices = true };

        Assert.True(request.Plan.CollectsAfterSlices);
        Assert.False((request with { CollectsAfterSlices = false }).Plan.CollectsAfterSlices);
        Assert.True(TrialPlan.Standard.ToResults().CollectsAfterSlices);
        Assert.Null(plain.ToResults().CollectsAfterSlices);
        Assert.NotEqual(TrialPlan.Standard.ToResults(), plain.ToResults());
        Assert.Contains("counted after 0.044 s), a full collection in the trial process after each slice (seed 28)", RESTvsGRPC.Reports.SettingsText.Of(TrialPlan.Standard.ToResults()), StringComparison.Ordinal);
        Assert.DoesNotContain("full collection", RESTvsGRPC.Reports.SettingsText.Of(plain.ToResults()), StringComparison.Ordinal);
    }
}
