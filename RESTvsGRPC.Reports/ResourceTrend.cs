using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// One server resource (memory, threads, handles) over a soak, judged by its trend and its range. Trend: a
/// least-squares line through the means of ten batches of the measured span (a resource sampled each second remembers
/// the seconds before, so 600 samples hold far fewer independent ones), its slope's 95 % interval the wider of two
/// readings (the batches independent, or a random walk stepping from batch to batch); it holds when the interval
/// includes 0 or when even its upper end projects less than <see cref="MaxGrowth"/> over the span. Range: the last
/// tenth of the span stays within the warm-up's maximum plus a margin (<see cref="MinMargin"/> at least), so a jump the
/// line smooths over still fails, while an excursion that comes back down (a thread pool's) does not.
/// </summary>
public sealed record ResourceTrend(
    string Name,
    int Samples,
    double SpanMinutes,
    double SlopePerMinute,
    double SlopeLow,
    double SlopeHigh,
    double Start,
    double End,
    double Min,
    double Max,
    double EndMax,
    double WarmupMax,
    double Ceiling
)
{
    /// <summary>The projected growth over the span that a resource must stay under.</summary>
    public const double MaxGrowth = 0.10;

    /// <summary>
    /// How far above its warm-up maximum a resource may go: as far as it moved during the warm-up (its maximum less its
    /// minimum there), and at least this share of that maximum: a thread pool on two saturated cores wandered 19–33
    /// threads over a soak here, about a quarter either side of its middle, and a warm-up may see only part of that.
    /// </summary>
    public const double MinMargin = 0.25;

    /// <summary>How many batches the measured span is cut into: a minute each in a 10-minute soak.</summary>
    public const int Batches = 10;

    /// <summary>Student's t, 97.5th percentile, 8 degrees of freedom (<see cref="Batches"/> − 2).</summary>
    private const double TQuantile = 2.306;

    /// <summary>The growth over the span the fitted line projects, relative to its start.</summary>
    public double Growth => Start > 0 ? SlopePerMinute * SpanMinutes / Start : 0;

    /// <summary>The growth the slope interval's upper end projects.</summary>
    public double GrowthHigh => Start > 0 ? SlopeHigh * SpanMinutes / Start : 0;

    /// <summary>
    /// True when the run cannot tell the slope from 0, or even its upper end stays under <see cref="MaxGrowth"/>.
    /// </summary>
    public bool TrendHeld => (SlopeLow <= 0 && SlopeHigh >= 0) || GrowthHigh < MaxGrowth;

    /// <summary>
    /// True when the last tenth of the span stays under <see cref="Ceiling"/>: where a leak or a jump ends up, while a
    /// thread pool's excursion comes back down.
    /// </summary>
    public bool RangeHeld => EndMax <= Ceiling;

    public bool Held => TrendHeld && RangeHeld;

    /// <summary>
    /// The trend of <paramref name="measured"/> (one value per second of the measured span, in order) against
    /// <paramref name="warmup"/> (the seconds of the warm-up after the ramp-up); needs <see cref="Batches"/> measured
    /// values and 1 of the warm-up.
    /// </summary>
    public static ResourceTrend Of(string name, IReadOnlyList<double> warmup, IReadOnlyList<double> measured)
    {
        if (measured.Count < Batches || warmup.Count == 0)
        {
            throw new ArgumentException(
                $"a trend needs at least {Batches} measured seconds and one of the warm-up.",
                nameof(measured)
            );
        }

        // Batch means: each batch's mean at its middle, so that samples which remember the seconds before them count
        // as one; the line through the batch means and its residuals give the slope and its interval, t with k − 2
        // degrees of freedom.
        var n = measured.Count;
        var points = Enumerable
            .Range(0, Batches)
            .Select(b =>
            {
                var (from, to) = (b * n / Batches, (b + 1) * n / Batches);
                return (Minute: (from + to - 1) / 2.0 / 60, Mean: measured.Skip(from).Take(to - from).Average());
            })
            .ToList();
        var meanT = points.Average(p => p.Minute);
        var meanY = points.Average(p => p.Mean);
        var sxx = points.Sum(p => (p.Minute - meanT) * (p.Minute - meanT));
        var slope = points.Sum(p => (p.Minute - meanT) * (p.Mean - meanY)) / sxx;
        var squares = points.Sum(p => Math.Pow(p.Mean - (meanY + (slope * (p.Minute - meanT))), 2));
        var independent = TQuantile * Math.Sqrt(squares / (Batches - 2) / sxx);
        // A count that wanders over minutes (a thread pool) makes neighbouring batch means alike, which the line's own
        // interval takes for precision; read as a random walk, its steps are the changes from one batch to the next.
        var steps = points.Zip(points.Skip(1), (a, b) => (b.Mean - a.Mean) / (b.Minute - a.Minute)).ToList();
        var walk =
            TQuantile
            * Math.Sqrt(steps.Sum(step => Math.Pow(step - steps.Average(), 2)) / (steps.Count - 1) / steps.Count);
        var half = Math.Max(independent, walk);

        var span = (n - 1) / 60.0;
        var start = meanY - (slope * meanT);
        var warmupMax = warmup.Max();
        var margin = Math.Max(warmupMax - warmup.Min(), MinMargin * warmupMax);
        return new ResourceTrend(
            name,
            n,
            span,
            slope,
            slope - half,
            slope + half,
            start,
            start + (slope * span),
            measured.Min(),
            measured.Max(),
            measured.Skip(n - Math.Max(1, n / 10)).Max(),
            warmupMax,
            warmupMax + margin
        );
    }
}
