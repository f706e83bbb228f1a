using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The gaps between one cell's completions (a latency or throughput cell of a trial, an open-loop window, a load
/// window): the longest, in milliseconds (the window's end counts as a completion, so a stall that outlasts the window
/// shows), and the stalls among them, gaps of at least <see cref="StallRule.ThresholdMilliseconds"/>.
/// </summary>
public sealed record CompletionGaps(double LongestMilliseconds, int Stalls)
{
    /// <summary>
    /// TCP segments retransmitted over the same window in the client's and the server's network namespaces (a
    /// retransmission timeout is at least 200 ms on Linux, so a gap beside one may be the network's, not a stall);
    /// null where not read.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public long? Retransmissions { get; init; }

    /// <summary>
    /// Retransmission timeouts over the same window in the same namespaces (each a connection that sent nothing for
    /// 200 ms at least: on one HTTP/2 connection, every call on it waits); null where not read.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public long? RetransmissionTimeouts { get; init; }

    /// <summary>No gap at all: a cell with nothing to report.</summary>
    public static CompletionGaps None { get; } = new(0, 0);

    /// <summary>Both cells' readings as one: the longer gap, the stalls and retransmissions added.</summary>
    public CompletionGaps Add(CompletionGaps other) =>
        new(Math.Max(LongestMilliseconds, other.LongestMilliseconds), Stalls + other.Stalls)
        {
            Retransmissions = Sum(Retransmissions, other.Retransmissions),
            RetransmissionTimeouts = Sum(RetransmissionTimeouts, other.RetransmissionTimeouts),
        };

    private static long? Sum(long? a, long? b) => a is null && b is null ? null : (a ?? 0) + (b ?? 0);
}

/// <summary>
/// What counts as a stall: no call completing for 100 times the arm's time per call one at a time, for 4 times that
/// call per call in flight, and for at least 200 ms. Far above anything a healthy arm shows here (a collection, a
/// scheduler tick), as long as Linux's shortest retransmission timeout, and above the gap between the convoys in which
/// an HTTP/2 connection's interleaved large answers finish together (up to 1.5 times the level's one-at-a-time calls
/// measured here), so a stall is never a slow call or a busy connection.
/// </summary>
public static class StallRule
{
    /// <summary>The shortest gap that counts, milliseconds.</summary>
    public const double FloorMilliseconds = 200;

    /// <summary>How many of the arm's calls one at a time a gap must span to count.</summary>
    public const double CallTimes = 100;

    /// <summary>How many of the arm's calls one at a time, per call in flight, a gap must span to count.</summary>
    public const double CallTimesInFlight = 4;

    /// <summary>
    /// The gap that counts as a stall for an arm whose call one at a time takes <paramref name="callMilliseconds"/>, at
    /// <paramref name="inFlight"/> calls in flight.
    /// </summary>
    public static double ThresholdMilliseconds(double callMilliseconds, int inFlight = 1) =>
        Math.Max(FloorMilliseconds, Math.Max(CallTimes, CallTimesInFlight * inFlight) * callMilliseconds);

    /// <summary>
    /// True where a trial failed because a call outlived <c>--call-timeout</c>: a stall that never ended, counted as
    /// one.
    /// </summary>
    public static bool IsTimeout(TrialFailure failure) =>
        failure.LastErrorLine is { } line
        && (
            line.Contains("did not complete within", StringComparison.Ordinal)
            || line.Contains("DeadlineExceeded", StringComparison.Ordinal)
        );
}

/// <summary>
/// A run's stalls: every cell's gaps per arm, quantity and level over the trials (<see cref="Cells"/>), each headline
/// ratio one of whose trials stalled with the ratio over the trials that did not (<see cref="Ratios"/>), and the
/// trials a call timeout failed (<see cref="TimedOutTrials"/>).
/// </summary>
public sealed record StallSummary(
    IReadOnlyList<StallCell> Cells,
    IReadOnlyList<StalledRatio> Ratios,
    int TimedOutTrials
)
{
    /// <summary>Stalls counted over every cell, a timed-out trial counting one.</summary>
    [JsonIgnore]
    public int Stalls => Cells.Sum(c => c.Stalls) + TimedOutTrials;
}

/// <summary>
/// One arm's cells at one quantity and level over the trials: <see cref="Quantity"/> is <c>latency</c>,
/// <c>throughput</c> (at <see cref="Level"/> calls in flight) or <c>open loop</c> (at <see cref="Level"/> percent of
/// REST + JSON's peak); the trials that measured it, those with a stall, the stalls, the longest gap, the
/// retransmissions.
/// </summary>
public sealed record StallCell(
    string Operation,
    string Arm,
    string Quantity,
    int? Level,
    int Trials,
    int StalledTrials,
    int Stalls,
    double LongestMilliseconds,
    long? Retransmissions
)
{
    /// <summary>Retransmission timeouts over the cells' windows; null where not read.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public long? RetransmissionTimeouts { get; init; }

    /// <summary>The quantity of an open-loop window.</summary>
    public const string OpenLoop = "open loop";
}

/// <summary>
/// A headline ratio <see cref="StalledTrials"/> of whose trials had a stalled cell (the arm's or its baseline's, in
/// the ratio's quantity, at the level the trial's throughput was taken at), and the same ratio over the trials that
/// had none: median, 95 % interval, trials.
/// </summary>
public sealed record StalledRatio(
    string Quantity,
    string Operation,
    string Arm,
    string Baseline,
    int StalledTrials,
    double Median,
    double Low,
    double High,
    int Trials
);

/// <summary>Counts a run's stalls from its trials (<see cref="StallSummary"/>).</summary>
public static class StallStatistics
{
    /// <summary>
    /// The stall summary of <paramref name="trials"/> (their throughput at the chosen level), their
    /// <paramref name="failures"/> and <paramref name="headline"/>; null where no trial recorded its gaps.
    /// </summary>
    public static StallSummary? Of(
        IReadOnlyList<Trial> trials,
        IReadOnlyList<TrialFailure> failures,
        IReadOnlyList<HeadlineRatio> headline
    )
    {
        if (!trials.SelectMany(t => t.Segments).Any(s => s.LatencyGaps is not null))
        {
            return null;
        }

        var cells = trials
            .SelectMany(t => t.Segments.SelectMany(CellsOf))
            .GroupBy(c => (c.Operation, c.Arm, c.Quantity, c.Level))
            .Select(g =>
            {
                var total = g.Aggregate(CompletionGaps.None, (sum, c) => sum.Add(c.Gaps));
                return new StallCell(
                    g.Key.Operation,
                    g.Key.Arm,
                    g.Key.Quantity,
                    g.Key.Level,
                    g.Count(),
                    g.Count(c => c.Gaps.Stalls > 0),
                    total.Stalls,
                    total.LongestMilliseconds,
                    total.Retransmissions
                )
                {
                    RetransmissionTimeouts = total.RetransmissionTimeouts,
                };
            })
            .ToList();
        return new StallSummary(
            cells,
            [.. headline.Select(r => Without(trials, r)).OfType<StalledRatio>()],
            failures.Count(StallRule.IsTimeout)
        );
    }

    /// <summary>True where the trial's cell of the arm for <paramref name="quantity"/> stalled.</summary>
    public static bool Stalled(Trial trial, string operation, string arm, string quantity) =>
        trial.Segments.FirstOrDefault(s => s.Operation == operation && s.Arm == arm) is { } segment
        && (quantity == HeadlineRatio.Latency ? segment.LatencyGaps : segment.ThroughputGaps)?.Stalls > 0;

    private static StalledRatio? Without(IReadOnlyList<Trial> trials, HeadlineRatio ratio)
    {
        var clean = trials
            .Where(t =>
                !Stalled(t, ratio.Operation, ratio.Arm, ratio.Quantity)
                && !Stalled(t, ratio.Operation, ratio.Baseline, ratio.Quantity)
            )
            .ToList();
        if (clean.Count == trials.Count)
        {
            return null;
        }

        var perTrial = TrialStatistics.PerTrial(clean, ratio.Operation, ratio.Arm, ratio.Baseline, ratio.Quantity);
        var (median, low, high) =
            perTrial.Count == 0 ? (double.NaN, double.NaN, double.NaN) : TrialStatistics.Interval(perTrial);
        return new StalledRatio(
            ratio.Quantity,
            ratio.Operation,
            ratio.Arm,
            ratio.Baseline,
            trials.Count - clean.Count,
            median,
            low,
            high,
            perTrial.Count
        );
    }

    private static IEnumerable<(
        string Operation,
        string Arm,
        string Quantity,
        int? Level,
        CompletionGaps Gaps
    )> CellsOf(TrialSegment segment)
    {
        if (segment.LatencyGaps is { } latency)
        {
            yield return (segment.Operation, segment.Arm, HeadlineRatio.Latency, null, latency);
        }

        foreach (var level in segment.Levels ?? [])
        {
            if (level.Gaps is { } gaps)
            {
                yield return (segment.Operation, segment.Arm, HeadlineRatio.Throughput, level.Concurrency, gaps);
            }
        }

        if (segment.Levels is null && segment.ThroughputGaps is { } one)
        {
            yield return (segment.Operation, segment.Arm, HeadlineRatio.Throughput, segment.Concurrency, one);
        }

        foreach (var reading in segment.OpenLoop ?? [])
        {
            if (reading.Gaps is { } gaps)
            {
                yield return (
                    segment.Operation,
                    segment.Arm,
                    StallCell.OpenLoop,
                    (int)Math.Round(reading.Fraction * 100),
                    gaps
                );
            }
        }
    }
}
