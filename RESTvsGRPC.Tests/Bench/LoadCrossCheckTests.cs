using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>Load mode's cross-check: how its rounds of windows become the calls/s and ratio set beside the trials'.</summary>
public sealed class LoadCrossCheckTests
{
    [Fact]
    public void LoadCheck_ratio_is_the_median_of_the_rounds_ratios_to_the_baseline_of_the_same_round()
    {
        // A slow moment in round 2 falls on both arms: the round's ratio holds, where a ratio of medians would not.
        var checks = TrialMeasurement.LoadChecksOf("small",
        [
            ("rest-json", 64, [100.0, 50.0, 100.0]),
            ("grpc", 32, [200.0, 100.0, 150.0]),
        ]).ToList();

        Assert.Equal(["rest-json", "grpc"], checks.Select(c => c.Arm));
        Assert.Null(checks[0].Ratio);
        Assert.Equal(100, checks[0].CallsPerSecond);
        Assert.Equal(2.0, checks[1].Ratio);
        Assert.Equal([2.0, 2.0, 1.5], checks[1].RoundRatios!);
        Assert.Null(checks[0].RoundRatios);
        Assert.Equal(150, checks[1].CallsPerSecond);
        Assert.Equal(32, checks[1].Concurrency);
        Assert.All(checks, c => Assert.Equal(3, c.Windows));
    }

    [Fact]
    public void LoadCheck_without_its_baseline_has_no_ratio()
    {
        var check = Assert.Single(TrialMeasurement.LoadChecksOf("large", [("grpc", 16, [10.0, 30.0, 20.0])]));

        Assert.Null(check.Ratio);
        Assert.Null(check.RoundRatios);
        Assert.Equal(20, check.CallsPerSecond);
    }

    [Theory]
    [InlineData(2.0, true)]
    [InlineData(1.5, true)]
    [InlineData(2.2, false)]
    [InlineData(1.49, false)]
    public void LoadCheck_rounds_span_a_ratio_between_their_lowest_and_highest(double ratio, bool spanned)
    {
        var check = new RESTvsGRPC.Results.LoadCheck("small", "grpc", 32, 150, 2.0) { RoundRatios = [2.0, 2.1, 1.5] };

        Assert.Equal(spanned, check.RoundsSpan(ratio));
    }

    [Fact]
    public void LoadCheck_of_one_round_spans_nothing()
    {
        var check = new RESTvsGRPC.Results.LoadCheck("small", "grpc", 32, 150, 2.0) { RoundRatios = [2.0] };

        Assert.False(check.RoundsSpan(2.0));
    }
}
