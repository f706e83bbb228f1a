using RESTvsGRPC.Bench.Load;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>The load mode's own histogram against exact percentiles of known distributions.</summary>
public sealed class LatencyHistogramTests
{
    private static readonly double[] Percentiles = [0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100];

    public static TheoryData<string> Distributions => ["uniform", "exponential", "lognormal", "bimodal", "constant"];

    [Theory]
    [MemberData(nameof(Distributions))]
    public void Percentiles_lie_within_the_stated_relative_error_of_the_exact_ones(string distribution)
    {
        var values = Sample(distribution, count: 200_000);
        var histogram = new LatencyHistogram();
        foreach (var value in values)
        {
            histogram.Record(value);
        }

        Array.Sort(values);
        foreach (var p in Percentiles)
        {
            var exact = values[Math.Max(0, (int)Math.Ceiling(p / 100 * values.Length) - 1)];
            var estimate = histogram.Percentile(p);
            // The bound plus a hair for a value that lands on a bucket edge in floating point.
            Assert.True(
                Math.Abs(estimate - exact) <= exact * (LatencyHistogram.RelativeError + 1e-3),
                $"{distribution} p{p}: {estimate} ns against exactly {exact} ns"
            );
        }
    }

    [Fact]
    public void Count_mean_min_and_max_are_exact()
    {
        var histogram = new LatencyHistogram();
        foreach (var value in new long[] { 1_500, 2_000_000, 7_000, 123_456_789 })
        {
            histogram.Record(value);
        }

        Assert.Equal(4, histogram.Count);
        Assert.Equal(1_500, histogram.MinNanoseconds);
        Assert.Equal(123_456_789, histogram.MaxNanoseconds);
        Assert.Equal((1_500 + 2_000_000 + 7_000 + 123_456_789) / 4.0, histogram.MeanNanoseconds);
        Assert.Equal(123_456_789, histogram.Percentile(100));
        Assert.Equal(1_500, histogram.Percentile(0));
    }

    [Fact]
    public void Merged_histograms_answer_as_one_that_saw_every_value()
    {
        var values = Sample("lognormal", count: 20_000);
        var whole = new LatencyHistogram();
        var (first, second) = (new LatencyHistogram(), new LatencyHistogram());
        for (var i = 0; i < values.Length; i++)
        {
            whole.Record(values[i]);
            (i % 3 == 0 ? first : second).Record(values[i]);
        }

        var merged = new LatencyHistogram();
        merged.Add(first);
        merged.Add(second);

        Assert.Equal(whole.Count, merged.Count);
        Assert.Equal(whole.MinNanoseconds, merged.MinNanoseconds);
        Assert.Equal(whole.MaxNanoseconds, merged.MaxNanoseconds);
        Assert.All(Percentiles, p => Assert.Equal(whole.Percentile(p), merged.Percentile(p)));
    }

    [Fact]
    public void An_empty_histogram_reports_zero()
    {
        var histogram = new LatencyHistogram();

        Assert.Equal(0, histogram.Count);
        Assert.Equal(0, histogram.Percentile(99));
        Assert.Equal(0, histogram.MeanNanoseconds);
    }

    [Fact]
    public void Values_recorded_from_many_threads_are_all_counted()
    {
        var histogram = new LatencyHistogram();

        Parallel.For(0, 8, thread =>
        {
            for (var i = 1; i <= 10_000; i++)
            {
                histogram.Record(i * 1_000L);
            }
        });

        Assert.Equal(80_000, histogram.Count);
        Assert.Equal(1_000, histogram.MinNanoseconds);
        Assert.Equal(10_000_000, histogram.MaxNanoseconds);
    }

    /// <summary>Latencies in nanoseconds from 1 μs to seconds, seeded so a failure reproduces.</summary>
    private static long[] Sample(string distribution, int count)
    {
        var random = new Random(42);
        return
        [
            .. Enumerable
                .Range(0, count)
                .Select(_ =>
                    distribution switch
                    {
                        "uniform" => (long)(50_000 + (random.NextDouble() * 950_000)),
                        "exponential" => (long)(1_000 - (Math.Log(1 - random.NextDouble()) * 2_000_000)),
                        "lognormal" => (long)Math.Exp(13 + (1.5 * Normal(random))),
                        "bimodal" => random.NextDouble() < 0.9
                            ? (long)(200_000 + (random.NextDouble() * 100_000))
                            : (long)(40_000_000 + (random.NextDouble() * 10_000_000)),
                        _ => 1_234_567L,
                    }
                ),
        ];
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
