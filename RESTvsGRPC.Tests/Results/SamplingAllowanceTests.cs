using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>How far two methods' medians may differ by sampling alone, on inputs whose answers are known by hand.</summary>
public sealed class SamplingAllowanceTests
{
    [Fact]
    public void Pooled_log_spread_weighs_each_arm_by_its_degrees_of_freedom_around_its_own_mean()
    {
        // ln values: arm one {0, 0.2} (squares about its mean 0.02), arm two {ln 2 - 0.1, ln 2, ln 2 + 0.1} (0.02): 0.04 over 1 + 2.
        IReadOnlyList<double>[] arms = [[1.0, Math.Exp(0.2)], [2 * Math.Exp(-0.1), 2.0, 2 * Math.Exp(0.1)]];

        Assert.Equal(Math.Sqrt(0.04 / 3), SamplingAllowance.PooledLogSpread(arms)!.Value, 12);
    }

    [Fact]
    public void Pooled_log_spread_is_unknown_without_an_arm_of_two_positive_values()
    {
        Assert.Null(SamplingAllowance.PooledLogSpread([[2.0], [1.0, 0.0]]));
        Assert.Null(SamplingAllowance.PooledLogSpread([]));
    }

    [Fact]
    public void Median_error_shrinks_with_the_square_root_of_the_count()
    {
        Assert.Equal(Math.Sqrt(Math.PI / 2) * 0.12 / 3, SamplingAllowance.MedianError(0.12, 9), 12);
        Assert.Equal(2 * SamplingAllowance.MedianError(0.12, 36), SamplingAllowance.MedianError(0.12, 9), 12);
    }

    [Fact]
    public void Mean_error_is_the_spread_over_the_square_root_of_the_count()
    {
        Assert.Equal(0.12 / Math.Sqrt(2), SamplingAllowance.MeanError(0.12, 2), 12);
        Assert.Equal(0.12, SamplingAllowance.MeanError(0.12, 1), 12);
    }

    [Fact]
    public void Allowance_is_two_combined_standard_errors_as_a_share()
    {
        // √(0.03² + 0.04²) = 0.05; twice that, 0.1, as a factor e^0.1.
        Assert.Equal(Math.Exp(0.1) - 1, SamplingAllowance.Allowance(0.03, 0.04), 12);
    }

    [Theory]
    [InlineData(2.2, 2.0, 0.105, true)]
    [InlineData(2.0, 2.2, 0.105, true)]
    [InlineData(2.3, 2.0, 0.105, false)]
    [InlineData(1.7, 2.0, 0.105, false)]
    public void Within_compares_the_two_ratios_on_a_log_scale_either_way(double first, double second, double allowance, bool within)
    {
        Assert.Equal(within, SamplingAllowance.Within(first, second, allowance));
    }
}
