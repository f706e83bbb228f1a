using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// How far this run's figures lie from the previous run of the same machine, job and data in the same results
/// folder: the spread a reader should allow before calling a difference real. Per-call times are compared case
/// by case, and so are the REST + JSON / gRPC ratios of the transport suite; each headline ratio is set beside the
/// previous one with both intervals.
/// </summary>
public sealed record RunToRun(
    DateTimeOffset PreviousDate,
    string PreviousCommit,
    int Cases,
    double MedianTimeSpread,
    double MaxTimeSpread,
    string MaxTimeSpreadCase,
    double MaxRatioSpread,
    string MaxRatioSpreadCase,
    IReadOnlyList<HeadlineChange>? Headline = null
)
{
    /// <summary>
    /// The spread between two runs, or null where they are not comparable (another machine, job or data) or share no
    /// case.
    /// </summary>
    public static RunToRun? Between(RunResults previous, RunResults current)
    {
        var (p, c) = (previous.Provenance, current.Provenance);
        if (
            p.Cpu != c.Cpu
            || p.LogicalCores != c.LogicalCores
            || p.Os != c.Os
            || p.Job != c.Job
            || p.DataSha256 != c.DataSha256
        )
        {
            return null;
        }

        var before = previous.Benchmarks.ToDictionary(b => b.Key);
        var times = current
            .Benchmarks.Where(b => before.ContainsKey(b.Key))
            .Select(b => (b.Key, Spread: Spread(before[b.Key].NanosecondsPerCall, b.NanosecondsPerCall)))
            .OrderBy(t => t.Spread)
            .ToList();
        var headline = HeadlineChanges(previous, current).ToList();
        if (times.Count == 0 && headline.Count == 0)
        {
            return null;
        }

        var ratios = Ratios(previous)
            .Join(Ratios(current), r => r.Key, r => r.Key, (a, b) => (a.Key, Spread: Spread(a.Ratio, b.Ratio)))
            .ToList();
        var worstRatio = ratios.Count > 0 ? ratios.MaxBy(r => r.Spread) : ("none", 0);
        var run =
            times.Count == 0
                ? new RunToRun(p.Date, p.Commit, 0, 0, 0, "none", 0, "none")
                : new RunToRun(
                    p.Date,
                    p.Commit,
                    times.Count,
                    times[times.Count / 2].Spread,
                    times[^1].Spread,
                    times[^1].Key,
                    worstRatio.Spread,
                    worstRatio.Key
                );
        return run with { Headline = headline.Count > 0 ? headline : null };
    }

    /// <summary>
    /// Each headline ratio of <paramref name="current"/> beside the same ratio (quantity, operation, arm, placement) of
    /// <paramref name="previous"/>.
    /// </summary>
    private static IEnumerable<HeadlineChange> HeadlineChanges(RunResults previous, RunResults current) =>
        from now in current.Trials?.Headline ?? []
        join was in previous.Trials?.Headline ?? []
            on (now.Quantity, now.Operation, now.Arm, now.Placement) equals (
                was.Quantity,
                was.Operation,
                was.Arm,
                was.Placement
            )
        select new HeadlineChange(was, now);

    /// <summary>
    /// REST + JSON's time per call over each gRPC arm's, per operation and batch size, in the transport suite.
    /// </summary>
    private static IEnumerable<(string Key, double Ratio)> Ratios(RunResults run) =>
        from baseline in run.Benchmarks
        where baseline is { Suite: Suites.Transport, Baseline: true }
        from grpc in run.Benchmarks
        where
            grpc.Suite == baseline.Suite
            && grpc.Operation == baseline.Operation
            && grpc.CallsPerBatch == baseline.CallsPerBatch
            && run.ArmOf(grpc).IsGrpc
        select (
            $"{baseline.Method} / {grpc.Method} Calls={baseline.CallsPerBatch}",
            baseline.NanosecondsPerCall / grpc.NanosecondsPerCall
        );

    /// <summary>|a − b| relative to their mean.</summary>
    private static double Spread(double a, double b) => Math.Abs(a - b) / ((a + b) / 2);
}

/// <summary>One headline ratio in the previous run and in this one.</summary>
public sealed record HeadlineChange(HeadlineRatio Previous, HeadlineRatio Current)
{
    /// <summary>The most two runs' ratios may differ and still count as the same result.</summary>
    public const double Tolerance = 0.05;

    /// <summary>|previous − current| relative to their mean.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public double Spread => Math.Abs(Previous.Median - Current.Median) / ((Previous.Median + Current.Median) / 2);

    /// <summary>
    /// True where the medians differ by at most <see cref="Tolerance"/> and each lies inside the other run's interval.
    /// </summary>
    public bool Holds =>
        Spread <= Tolerance
        && Previous.Low <= Current.Median
        && Current.Median <= Previous.High
        && Current.Low <= Previous.Median
        && Previous.Median <= Current.High;
}
