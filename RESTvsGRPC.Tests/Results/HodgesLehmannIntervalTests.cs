using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>Hodges–Lehmann's estimate and its signed-rank interval, on inputs whose answers are known.</summary>
public sealed class HodgesLehmannIntervalTests
{
    [Theory]
    // Wilcoxon's signed-rank critical values T at 5 %, two-sided (the published tables); the interval's rank is T + 1.
    [InlineData(6, 0)]
    [InlineData(7, 2)]
    [InlineData(8, 3)]
    [InlineData(9, 5)]
    [InlineData(10, 8)]
    [InlineData(12, 13)]
    [InlineData(15, 25)]
    [InlineData(20, 52)]
    public void LowerRank_is_one_past_the_tables_critical_value(int n, int critical) =>
        Assert.Equal(critical + 1, HodgesLehmannInterval.LowerRank(n));

    [Fact]
    public void Estimate_is_the_median_of_the_Walsh_averages_of_the_logs_and_six_values_span_min_to_max()
    {
        // Logs 0, 1, …, 5 times ln 2: the Walsh averages' median is 2.5 ln 2.
        double[] ratios = [1, 2, 4, 8, 16, 32];

        var interval = HodgesLehmannInterval.Of(ratios)!;

        Assert.Equal(Math.Pow(2, 2.5), interval.Estimate, 9);
        Assert.Equal((1.0, 32.0, 6), (interval.Lower, interval.Upper, interval.Samples));
    }

    [Fact]
    public void Ten_values_take_the_ninth_Walsh_average_from_each_end()
    {
        double[] logs = [0.1, 0.3, 0.2, 0.5, 0.4, 0.9, 0.6, 0.8, 0.7, 1.0];
        var walsh = logs.SelectMany((a, i) => logs.Skip(i).Select(b => (a + b) / 2)).Order().ToArray();

        var interval = HodgesLehmannInterval.Of([.. logs.Select(Math.Exp)])!;

        Assert.Equal(55, walsh.Length);
        Assert.Equal(Math.Exp(walsh[8]), interval.Lower, 9);
        Assert.Equal(Math.Exp(walsh[^9]), interval.Upper, 9);
        Assert.Equal(Math.Exp(0.55), interval.Estimate, 9);
    }

    [Fact]
    public void A_stalled_trial_moves_the_estimate_little()
    {
        double[] ratios = [2.0, 2.1, 1.9, 2.05, 1.95, 200];

        var interval = HodgesLehmannInterval.Of(ratios)!;

        Assert.InRange(interval.Estimate, 1.95, 2.2);
    }

    [Fact]
    public void Five_values_or_a_ratio_that_is_not_positive_give_no_interval()
    {
        Assert.Null(HodgesLehmannInterval.Of([1, 2, 3, 4, 5]));
        Assert.Null(HodgesLehmannInterval.Of([1, 2, 3, 4, 5, 0]));
        Assert.Null(HodgesLehmannInterval.Of([1, 2, 3, 4, 5, double.NaN]));
    }
}
