using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// Latencies in logarithmic buckets 1 % apart, 1 μs to an hour (percentiles within 0.5 %); thread-safe, fixed memory.
/// </summary>
public sealed class LatencyHistogram
{
    /// <summary>How much wider each bucket is than the one below it.</summary>
    public const double BucketGrowth = 1.01;

    /// <summary>The most a reported percentile can differ from the exact one, relative to it.</summary>
    public static readonly double RelativeError = Math.Sqrt(BucketGrowth) - 1;

    private const long LowestNanoseconds = 1_000;
    private const long HighestNanoseconds = 3_600_000_000_000;
    private static readonly double LogGrowth = Math.Log(BucketGrowth);

    // Bucket 0 holds everything below 1 μs, the last everything above an hour; bucket i ≥ 1 holds
    // [1 μs · g^(i-1), 1 μs · g^i).
    private static readonly int BucketCount =
        (int)Math.Ceiling(Math.Log((double)HighestNanoseconds / LowestNanoseconds) / LogGrowth) + 2;

    private readonly long[] _counts = new long[BucketCount];
    private long _count;
    private long _sum;
    private long _min = long.MaxValue;
    private long _max;

    /// <summary>Values recorded.</summary>
    public long Count => Interlocked.Read(ref _count);

    /// <summary>The smallest value recorded, exactly; 0 when empty.</summary>
    public long MinNanoseconds => Count == 0 ? 0 : Interlocked.Read(ref _min);

    /// <summary>The largest value recorded, exactly.</summary>
    public long MaxNanoseconds => Interlocked.Read(ref _max);

    /// <summary>The mean, exactly (sums are kept, not estimated from buckets).</summary>
    public double MeanNanoseconds => Count == 0 ? 0 : (double)Interlocked.Read(ref _sum) / Count;

    /// <summary>Counts one latency.</summary>
    public void Record(long nanoseconds)
    {
        nanoseconds = Math.Max(0, nanoseconds);
        Interlocked.Increment(ref _counts[BucketOf(nanoseconds)]);
        Interlocked.Increment(ref _count);
        Interlocked.Add(ref _sum, nanoseconds);
        for (var min = Interlocked.Read(ref _min); nanoseconds < min; min = Interlocked.Read(ref _min))
        {
            if (Interlocked.CompareExchange(ref _min, nanoseconds, min) == min)
            {
                break;
            }
        }

        for (var max = Interlocked.Read(ref _max); nanoseconds > max; max = Interlocked.Read(ref _max))
        {
            if (Interlocked.CompareExchange(ref _max, nanoseconds, max) == max)
            {
                break;
            }
        }
    }

    /// <summary>Adds every value of <paramref name="other"/> to this histogram.</summary>
    public void Add(LatencyHistogram other)
    {
        if (other.Count == 0)
        {
            return;
        }

        for (var i = 0; i < BucketCount; i++)
        {
            if (other._counts[i] != 0)
            {
                Interlocked.Add(ref _counts[i], Interlocked.Read(ref other._counts[i]));
            }
        }

        Interlocked.Add(ref _count, other.Count);
        Interlocked.Add(ref _sum, Interlocked.Read(ref other._sum));
        _min = Math.Min(_min, other.MinNanoseconds);
        _max = Math.Max(_max, other.MaxNanoseconds);
    }

    /// <summary>
    /// The value of rank ⌈p·n⌉ (<paramref name="percentile"/> %), within <see cref="RelativeError"/>; 0 when empty.
    /// </summary>
    public double Percentile(double percentile)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(percentile, 0);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(percentile, 100);
        var count = Count;
        if (count == 0)
        {
            return 0;
        }

        var rank = Math.Max(1, (long)Math.Ceiling(percentile / 100 * count));
        long seen = 0;
        for (var i = 0; i < BucketCount; i++)
        {
            seen += Interlocked.Read(ref _counts[i]);
            if (seen >= rank)
            {
                // The bucket's geometric middle, which no value may lie beyond: the exact extremes bound it.
                return Math.Clamp(Middle(i), MinNanoseconds, MaxNanoseconds);
            }
        }

        return MaxNanoseconds;
    }

    /// <summary>The percentiles the results file keeps.</summary>
    public LatencySummary Summary() =>
        new(
            MeanNanoseconds,
            Percentile(50),
            Percentile(90),
            Percentile(95),
            Percentile(99),
            Percentile(99.9),
            MaxNanoseconds
        );

    private static int BucketOf(long nanoseconds) =>
        nanoseconds < LowestNanoseconds
            ? 0
            : Math.Min(BucketCount - 1, 1 + (int)(Math.Log((double)nanoseconds / LowestNanoseconds) / LogGrowth));

    private static double Middle(int bucket) =>
        bucket == 0 ? LowestNanoseconds / 2.0 : LowestNanoseconds * Math.Pow(BucketGrowth, bucket - 0.5);
}
