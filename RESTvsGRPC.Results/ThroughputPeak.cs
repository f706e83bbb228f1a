namespace RESTvsGRPC.Results;

/// <summary>
/// Each arm's throughput at its own peak: a trial measures every arm at each of its operation's levels (calls in
/// flight), and the level an arm's throughput is taken at in one trial is chosen on the other trials, so the reading
/// that estimates the peak is not the one that picked it (the largest of several noisy readings is biased upward,
/// most for the noisiest arm). The levels' readings over the trials are the arm's curve.
/// </summary>
public static class ThroughputPeak
{
    /// <summary>
    /// <paramref name="trials"/> with every segment's throughput (calls/s, CPU per call, link bytes) at the level
    /// <see cref="LevelFor"/> chooses; segments of one level only are kept as they are.
    /// </summary>
    public static IReadOnlyList<Trial> ChosenOnOtherTrials(IReadOnlyList<Trial> trials) =>
        [
            .. trials.Select(trial =>
                trial with
                {
                    Segments =
                    [
                        .. trial.Segments.Select(s =>
                            s.Levels is { Count: > 1 } levels
                                ? At(s, levels.First(l => l.Concurrency == LevelFor(trials, trial, s.Operation, s.Arm)))
                                : s
                        ),
                    ],
                }
            ),
        ];

    /// <summary>
    /// The level <paramref name="trial"/>'s throughput of the arm is taken at: the one with the highest median calls/s
    /// over the other trials' unstalled cells (the lower on a tie); where no other trial measured the arm, the trial's
    /// own best.
    /// </summary>
    public static int LevelFor(IReadOnlyList<Trial> trials, Trial trial, string operation, string arm)
    {
        var others = trials.Where(t => t.Index != trial.Index).ToList();
        var own = LevelsOf(trial, operation, arm);
        var scored = own.Select(l =>
                (
                    l.Concurrency,
                    Score: others.Count == 0 ? l.CallsPerSecond : MedianAt(others, operation, arm, l.Concurrency)
                )
            )
            .Where(l => !double.IsNaN(l.Score))
            .ToList();
        return scored.Count == 0
            ? own.MaxBy(l => l.CallsPerSecond)!.Concurrency
            : scored.OrderByDescending(l => l.Score).ThenBy(l => l.Concurrency).First().Concurrency;
    }

    /// <summary>
    /// The levels a trial after the curve's measures the arm at: of <paramref name="levels"/> (its operation's, in
    /// order), the one with the highest median calls/s over <paramref name="trials"/> (the lower on a tie) and the one
    /// either side of it, so the peak a later trial picks stays bracketed; every level where none was measured.
    /// </summary>
    public static IReadOnlyList<int> Bracket(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        IReadOnlyList<int> levels
    )
    {
        var scored = levels
            .Select((level, index) => (Index: index, Median: MedianAt(trials, operation, arm, level)))
            .Where(l => !double.IsNaN(l.Median))
            .ToList();
        if (scored.Count == 0)
        {
            return levels;
        }

        var peak = scored.OrderByDescending(l => l.Median).ThenBy(l => l.Index).First().Index;
        return [.. levels.Where((_, index) => Math.Abs(index - peak) <= 1)];
    }

    /// <summary>
    /// The arm's calls/s at each level over the trials that kept every level's reading: the median and its 95 %
    /// interval, lowest level first; empty where none did (one level measured, or results written before levels were
    /// kept).
    /// </summary>
    public static IReadOnlyList<CurvePoint> Curve(IReadOnlyList<Trial> trials, string operation, string arm) =>
        [
            .. trials
                .SelectMany(t => t.Segments.FirstOrDefault(s => s.Operation == operation && s.Arm == arm)?.Levels ?? [])
                .GroupBy(l => l.Concurrency)
                .OrderBy(g => g.Key)
                .Select(g =>
                {
                    var (median, low, high) = TrialStatistics.Interval([.. g.Select(l => l.CallsPerSecond)]);
                    return new CurvePoint(g.Key, median, low, high, g.Count());
                }),
        ];

    /// <summary>
    /// Where the curve still rises at an edge of its levels, the edge level above its neighbour beyond both intervals:
    /// the levels did not bracket the arm's peak. <see cref="CurveEdge.None"/> where they did or too few trials tell.
    /// </summary>
    public static CurveEdge RisingEdge(IReadOnlyList<CurvePoint> curve) =>
        curve.Count < 2 ? CurveEdge.None
        : Rises(curve[^1], curve[^2]) ? CurveEdge.Highest
        : Rises(curve[0], curve[1]) ? CurveEdge.Lowest
        : CurveEdge.None;

    /// <summary>
    /// True where <paramref name="edge"/> lies above <paramref name="next"/> beyond both intervals; false where either
    /// has too few trials for one (a level a later trial left out lies far from the peak).
    /// </summary>
    private static bool Rises(CurvePoint edge, CurvePoint next) =>
        edge.HasInterval && next.HasInterval && edge.Low > next.High;

    /// <summary>
    /// The arm's median calls/s at a level over <paramref name="trials"/>, a stalled cell set aside: a stall says
    /// nothing of where the arm peaks, and one stalled reading among a few would move the choice.
    /// </summary>
    private static double MedianAt(IEnumerable<Trial> trials, string operation, string arm, int concurrency) =>
        MedianInterval.MedianOf(
            trials
                .SelectMany(t => LevelsOf(t, operation, arm))
                .Where(l => l.Concurrency == concurrency && !(l.Gaps?.Stalls > 0))
                .Select(l => l.CallsPerSecond)
        );

    /// <summary>
    /// The arm's readings in <paramref name="trial"/> at every level it measured; its one level where it measured one.
    /// </summary>
    private static IReadOnlyList<ThroughputLevel> LevelsOf(Trial trial, string operation, string arm) =>
        trial.Segments.FirstOrDefault(s => s.Operation == operation && s.Arm == arm) is not { } segment
            ? []
            : segment.Levels
                ??
                [
                    new ThroughputLevel(
                        segment.Concurrency,
                        segment.ThroughputCalls,
                        segment.CallsPerSecond,
                        segment.ClientCpuNanosecondsPerCall,
                        segment.ServerCpuNanosecondsPerCall
                    )
                    {
                        Rounds = segment.ThroughputRounds,
                        Gaps = segment.ThroughputGaps,
                    },
                ];

    private static TrialSegment At(TrialSegment segment, ThroughputLevel level) =>
        segment with
        {
            Concurrency = level.Concurrency,
            ThroughputCalls = level.Calls,
            CallsPerSecond = level.CallsPerSecond,
            ClientCpuNanosecondsPerCall = level.ClientCpuNanosecondsPerCall,
            ServerCpuNanosecondsPerCall = level.ServerCpuNanosecondsPerCall,
            LinkSentBytesPerSecond = level.LinkSentBytesPerSecond,
            LinkReceivedBytesPerSecond = level.LinkReceivedBytesPerSecond,
            ThroughputRounds = level.Rounds,
            ThroughputGaps = level.Gaps,
        };
}

/// <summary>
/// An arm's calls/s at one level over the trials: the median with its 95 % interval (the median three times under six
/// trials).
/// </summary>
public sealed record CurvePoint(int Concurrency, double Median, double Low, double High, int Trials)
{
    /// <summary>True where enough trials measured the level for a 95 % interval.</summary>
    public bool HasInterval => Trials >= MedianInterval.MinimumSamples;
}

/// <summary>Which edge of its levels an arm's curve still rises at, if any.</summary>
public enum CurveEdge
{
    /// <summary>The levels bracket the peak, or too few trials tell.</summary>
    None,

    /// <summary>The highest level serves more than the one below it: the peak may lie above the levels.</summary>
    Highest,

    /// <summary>The lowest level serves more than the one above it: the peak may lie below the levels.</summary>
    Lowest,
}
