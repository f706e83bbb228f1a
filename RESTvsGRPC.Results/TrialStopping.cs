namespace RESTvsGRPC.Results;

/// <summary>
/// When the trials stop, as BenchmarkDotNet stops iterating when its error is small: after <see cref="MinTrials"/>,
/// once at least <see cref="Share"/> of the ratios have a 95 % interval within their bound (<see cref="SmallBound"/>
/// for the small call, <see cref="Bound"/> for the rest: ± that share of the median on both sides), or at the plan's
/// most trials, or once another trial, at the pace of the last one, would end past <see cref="CapSeconds"/> of trials.
/// </summary>
public sealed record TrialStopping(int MinTrials, double Bound, double SmallBound, double Share, double CapSeconds)
{
    /// <summary>Why the trials stopped: their ratios were precise.</summary>
    public const string Precise = "precise";

    /// <summary>Why the trials stopped: the plan's most trials ran.</summary>
    public const string MostTrials = "most trials";

    /// <summary>Why the trials stopped: the time cap was reached.</summary>
    public const string TimeCap = "time cap";

    /// <summary>
    /// The bound of <paramref name="ratio"/>'s interval: <see cref="SmallBound"/> for the small call, else
    /// <see cref="Bound"/>.
    /// </summary>
    public double BoundOf(HeadlineRatio ratio) => ratio.Operation == OperationNames.Small ? SmallBound : Bound;

    /// <summary>True where <paramref name="ratio"/> has an interval within ± its bound of its median.</summary>
    public bool IsPrecise(HeadlineRatio ratio) => ratio.HasInterval && Deviation(ratio) <= BoundOf(ratio);

    /// <summary>
    /// The share of <paramref name="ratios"/> that are precise (<see cref="IsPrecise"/>); 0 for none.
    /// </summary>
    public double PreciseShare(IReadOnlyList<HeadlineRatio> ratios) =>
        ratios.Count == 0 ? 0 : ratios.Count(IsPrecise) / (double)ratios.Count;

    /// <summary>
    /// Why the trials stop after <paramref name="done"/> of at most <paramref name="most"/>, <paramref name="seconds"/>
    /// in, with <paramref name="ratios"/> so far and the next trial expected to take <paramref name="nextSeconds"/>;
    /// null while they go on.
    /// </summary>
    public string? StopAfter(
        int done,
        int most,
        double seconds,
        IReadOnlyList<HeadlineRatio> ratios,
        double nextSeconds = 0
    ) =>
        done >= MinTrials && PreciseShare(ratios) >= Share ? Precise
        : done >= most ? MostTrials
        : done >= MinTrials && seconds + nextSeconds > CapSeconds ? TimeCap
        : null;

    /// <summary>
    /// The ratios whose interval stayed wider than their bound: each arm's own noise, named rather than waited for.
    /// </summary>
    public IReadOnlyList<HeadlineRatio> WideOf(IReadOnlyList<HeadlineRatio> ratios) =>
        [.. ratios.Where(r => !IsPrecise(r))];

    /// <summary>How far the interval reaches from the median, as a share of it: the farther of its two ends.</summary>
    public static double Deviation(HeadlineRatio ratio) =>
        Math.Max(ratio.High / ratio.Median - 1, 1 - (ratio.Low / ratio.Median));
}
