using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>
/// The soak verdict fed synthetic series shaped like a 10-minute soak (2 minutes of warm-up, then 600 seconds, one
/// sample per second), each over 200 seeds: a leak or a jump fails every time, noise never, a thread pool's breathing
/// no more often than the interval's own error rate allows.
/// </summary>
public sealed class SoakVerdictTests
{
    private const int WarmupSeconds = 120;
    private const int MeasuredSeconds = 600;
    private static readonly IEnumerable<int> Seeds = Enumerable.Range(1, 200);

    [Fact]
    public void A_flat_noisy_series_holds()
    {
        Assert.All(Seeds, seed =>
        {
            var random = new Random(seed);
            var trend = Judge(_ => 100 + (2 * Normal(random)));
            Assert.True(trend.Held, Describe(seed, trend));
        });
    }

    /// <summary>
    /// A count wandering a thread at a time inside 19–33, as the soak's thread counts did here (a step in one second of
    /// six, as often down as up), never leaving the band. A 95 % interval leaves out 0 one time in twenty by design,
    /// so a walk that happens to climb across the span may fail: at most one seed in ten may.
    /// </summary>
    [Fact]
    public void A_breathing_thread_pool_holds_but_for_the_intervals_own_error_rate()
    {
        var failed = Seeds
            .Where(seed =>
            {
                var random = new Random(seed);
                var threads = 26.0;
                var trend = Judge(_ =>
                {
                    var step = random.NextDouble() switch
                    {
                        < 0.08 => -1,
                        > 0.92 => 1,
                        _ => 0,
                    };
                    threads = threads + step is < 19 or > 33 ? threads - step : threads + step;
                    return threads;
                });
                return !trend.Held;
            })
            .ToList();

        Assert.True(
            failed.Count <= Seeds.Count() / 10,
            $"{failed.Count} of {Seeds.Count()} walks failed: seeds {string.Join(", ", failed)}"
        );
    }

    [Fact]
    public void A_slow_leak_of_one_percent_per_minute_fails_on_its_trend()
    {
        Assert.All(Seeds, seed =>
        {
            var random = new Random(seed);
            var trend = Judge(second => 100 * Math.Pow(1.01, second / 60.0) * (1 + (0.01 * Normal(random))));
            Assert.False(trend.TrendHeld, Describe(seed, trend));
            Assert.InRange(trend.Growth, 0.09, 0.12);
        });
    }

    [Fact]
    public void A_jump_late_in_the_span_fails_on_its_range()
    {
        Assert.All(Seeds, seed =>
        {
            var random = new Random(seed);
            var trend = Judge(second => (second > WarmupSeconds + 540 ? 150 : 100) + Normal(random));
            Assert.False(trend.RangeHeld, Describe(seed, trend));
        });
    }

    [Fact]
    public void An_excursion_that_comes_back_down_holds()
    {
        Assert.All(Seeds, seed =>
        {
            var random = new Random(seed);
            var trend = Judge(second =>
                (second is > WarmupSeconds + 240 and < WarmupSeconds + 330 ? 42 : 28) + Math.Round(Normal(random))
            );
            Assert.True(trend.Held, Describe(seed, trend));
        });
    }

    [Fact]
    public void A_constant_series_holds_with_a_slope_of_exactly_zero()
    {
        var trend = Judge(_ => 305);

        Assert.True(trend.Held);
        Assert.Equal((0, 0, 0), (trend.SlopePerMinute, trend.SlopeLow, trend.SlopeHigh));
        Assert.Equal(305 * 1.25, trend.Ceiling, 9);
    }

    private static ResourceTrend Judge(Func<int, double> valueAt)
    {
        var series = Enumerable.Range(0, WarmupSeconds + MeasuredSeconds).Select(valueAt).ToArray();
        return ResourceTrend.Of("resource", series[..WarmupSeconds], series[WarmupSeconds..]);
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());

    private static string Describe(int seed, ResourceTrend t) =>
        $"seed {seed}: slope {t.SlopePerMinute:0.###} ({t.SlopeLow:0.###} to {t.SlopeHigh:0.###}), growth "
        + $"{t.Growth:P1} (upper {t.GrowthHigh:P1}), max {t.Max:0.#}, ceiling {t.Ceiling:0.#}";
}
