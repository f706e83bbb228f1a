namespace RESTvsGRPC.Results;

/// <summary>
/// A median with its exact, distribution-free 95 % confidence interval: the order statistics x(j) and x(n+1-j)
/// with j the largest rank for which fewer than j of n samples fall below the true median with probability at most
/// 2.5 % (a binomial count with p = 1/2). No assumption about the shape of the rounds' spread.
/// </summary>
public sealed record MedianInterval(double Median, double Lower, double Upper, int Samples)
{
    /// <summary>The confidence the interval is built for.</summary>
    public const double Confidence = 0.95;

    /// <summary>The fewest samples with an interval at 95 %: with five, even [min, max] covers only 94 %.</summary>
    public const int MinimumSamples = 6;

    /// <summary>Half the interval's width as a share of the median.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public double RelativeHalfWidth => (Upper - Lower) / 2 / Median;

    /// <summary>True where <paramref name="value"/> lies inside the interval.</summary>
    public bool Contains(double value) => value >= Lower && value <= Upper;

    /// <summary>
    /// The median and interval of <paramref name="samples"/>; null with fewer than <see cref="MinimumSamples"/>.
    /// </summary>
    public static MedianInterval? Of(IReadOnlyList<double> samples)
    {
        var n = samples.Count;
        if (n < MinimumSamples)
        {
            return null;
        }

        var sorted = samples.Order().ToArray();
        var j = LowerRank(n);
        return new MedianInterval(MedianOfSorted(sorted), sorted[j - 1], sorted[n - j], n);
    }

    /// <summary>
    /// The median and interval of <paramref name="samples"/>; with too few for one, the median as both its bounds.
    /// </summary>
    public static MedianInterval OrMedian(IReadOnlyList<double> samples) =>
        Of(samples) ?? new MedianInterval(MedianOf(samples), MedianOf(samples), MedianOf(samples), samples.Count);

    /// <summary>The median of any number of samples (NaN for none).</summary>
    public static double MedianOf(IEnumerable<double> samples) => MedianOfSorted([.. samples.Order()]);

    private static double MedianOfSorted(double[] sorted) =>
        sorted.Length switch
        {
            0 => double.NaN,
            var n when n % 2 == 1 => sorted[n / 2],
            var n => (sorted[(n / 2) - 1] + sorted[n / 2]) / 2,
        };

    /// <summary>The largest 1-based rank j with P(Binomial(n, 1/2) ≤ j - 1) ≤ 2.5 %.</summary>
    private static int LowerRank(int n)
    {
        var tail = (1 - Confidence) / 2;
        var cumulative = 0.0;
        var probability = Math.Pow(0.5, n);
        var j = 0;
        for (var k = 0; k < n; k++)
        {
            cumulative += probability;
            if (cumulative > tail)
            {
                break;
            }

            j = k + 1;
            probability = probability * (n - k) / (k + 1);
        }

        return Math.Max(1, j);
    }
}
