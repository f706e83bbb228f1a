using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// How the calibration climbs the concurrency ladder and picks an arm's saturating concurrency (calls/s at 1, 2, 4, …
/// calls in flight): on ladders measured here, where a step after them is supposed, the comment says so.
/// </summary>
public sealed class CalibrationLadderTests
{
    [Fact]
    public void Ladder_climbs_past_one_step_that_adds_nothing()
    {
        // REST + JSON's small GET: a slow step at 2 in flight; 16 in flight serve about 46,000 calls/s.
        Assert.False(TrialPlan.LadderDone([29079, 29554]));
        Assert.False(TrialPlan.LadderDone([29079, 29554, 37411])); // 4 in flight as another run measured it
    }

    [Fact]
    public void Ladder_stops_when_two_steps_in_a_row_add_less_than_five_percent_over_the_best_before_them()
    {
        // REST + JSON's small GET as measured to 32 in flight; the step at 64 supposed, under and over 5 % more.
        Assert.False(TrialPlan.LadderDone([27103, 34113, 37411, 45728, 53779, 50002]));
        Assert.True(TrialPlan.LadderDone([27103, 34113, 37411, 45728, 53779, 50002, 55000]));
        Assert.False(TrialPlan.LadderDone([27103, 34113, 37411, 45728, 53779, 50002, 56500]));
    }

    [Fact]
    public void Ladder_does_not_stop_before_it_has_a_step_to_compare_with()
    {
        Assert.False(TrialPlan.LadderDone([]));
        Assert.False(TrialPlan.LadderDone([1000]));
        Assert.False(TrialPlan.LadderDone([1000, 900]));
        Assert.True(TrialPlan.LadderDone([1000, 900, 1040]));
    }

    [Fact]
    public void Knee_is_the_fewest_calls_in_flight_at_ninety_five_percent_of_the_best()
    {
        // gRPC's small GET: 66,937 at 16 in flight is not saturation when 32 serve 82,736.
        Assert.Equal(5, TrialPlan.Knee([23346, 36339, 46072, 59880, 66937, 82736, 81088]));
        // REST + JSON's large GET: 2 in flight serve as much as 4.
        Assert.Equal(1, TrialPlan.Knee([674, 837, 838]));
    }
}
