using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// How the trials measured latency under load: each arm driven open loop at each of <see cref="Fractions"/> of REST +
/// JSON's calls/s at its peak in the same trial, calls at fixed intended starts (no call waits for another's answer),
/// for <see cref="SliceSeconds"/> or <see cref="MinCalls"/> calls, whichever lasts longer, at most
/// <see cref="MaxSliceSeconds"/>.
/// </summary>
public sealed record OpenLoopPlan(
    IReadOnlyList<double> Fractions,
    double SliceSeconds,
    int MinCalls,
    double MaxSliceSeconds
)
{
    /// <summary>
    /// The calls a slice makes at <paramref name="perSecond"/>: enough for its length and its fewest calls, within its
    /// longest length, at least one.
    /// </summary>
    public long CallsAt(double perSecond) =>
        (long)Math.Max(1, Math.Min(Math.Max(MinCalls, perSecond * SliceSeconds), perSecond * MaxSliceSeconds));

    /// <summary>
    /// The trials that end with the open loop, the first so many: six give each figure its 95 % interval, and the
    /// later trials spend their time on the ratios; null: every trial.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Trials { get; init; }

    /// <summary>True where trial <paramref name="index"/> (from 1) ends with the open loop.</summary>
    public bool Drives(int index) => Trials is not { } first || index <= first;

    public bool Equals(OpenLoopPlan? other) =>
        other is not null
        && Fractions.SequenceEqual(other.Fractions)
        && (SliceSeconds, MinCalls, MaxSliceSeconds, Trials)
            == (other.SliceSeconds, other.MinCalls, other.MaxSliceSeconds, other.Trials);

    public override int GetHashCode() =>
        HashCode.Combine(Fractions.Count, SliceSeconds, MinCalls, MaxSliceSeconds, Trials);
}

/// <summary>
/// One arm's open-loop slice in one trial: <see cref="Calls"/> calls at <see cref="OfferedPerSecond"/>
/// (<see cref="Fraction"/> of REST + JSON's peak calls/s in the trial) over <see cref="Seconds"/>; how many were
/// answered before the window closed and how many not even after the drain; the answered calls' 50th, 90th and 99th
/// percentile times, each from the call's intended start (so a stall counts for every call it delays); and the 99th
/// percentile of how late the client started a call, its own delay.
/// </summary>
public sealed record OpenLoopReading(
    double Fraction,
    double OfferedPerSecond,
    long Calls,
    double Seconds,
    long AnsweredInWindow,
    long Unanswered,
    double P50Nanoseconds,
    double P90Nanoseconds,
    double P99Nanoseconds,
    double LateP99Nanoseconds
)
{
    /// <summary>
    /// The gaps between answers over the window (from its start to the last answer read); null before gaps were
    /// recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }

    /// <summary>
    /// The share of a slice's calls that may still be unanswered as its window closes with the rate held: a queue that
    /// drains, not one that grows.
    /// </summary>
    public const double MaxBacklogShare = 0.10;

    /// <summary>
    /// The share of the 99th percentile the client's own delay may reach before the reading is the client's rather than
    /// the arm's.
    /// </summary>
    public const double MaxLateShare = 0.5;

    /// <summary>Calls answered per second within the window.</summary>
    [JsonIgnore]
    public double AchievedPerSecond => AnsweredInWindow / Seconds;

    /// <summary>Calls still unanswered as the window closed.</summary>
    [JsonIgnore]
    public long Backlog => Calls - AnsweredInWindow;

    /// <summary>
    /// True where the arm kept up: every call answered, at most <see cref="MaxBacklogShare"/> of them after the window.
    /// </summary>
    [JsonIgnore]
    public bool Held => Unanswered == 0 && Backlog <= Calls * MaxBacklogShare;

    /// <summary>
    /// True where the client started its calls so late that its own delay is most of the tail
    /// (<see cref="MaxLateShare"/>).
    /// </summary>
    [JsonIgnore]
    public bool ClientBound => LateP99Nanoseconds > P99Nanoseconds * MaxLateShare;

    /// <summary>True where the reading is the arm's latency at the rate: held, and not the client's delay.</summary>
    [JsonIgnore]
    public bool IsLatency => Held && !ClientBound;
}

/// <summary>
/// The open loop over a run's trials (<see cref="OpenLoopStatistics.Of"/>): the plan, each arm's percentiles at each
/// rate, and each arm's capacity within the latency bound of <see cref="BoundFactor"/> times REST + JSON's one-call
/// time. The reports compute it again from the trials' readings, as they do the pool.
/// </summary>
public sealed record OpenLoopSummary(
    OpenLoopPlan Plan,
    IReadOnlyList<OpenLoopResult> Results,
    IReadOnlyList<OpenLoopBound> Bounds,
    double BoundFactor = 2
);

/// <summary>
/// One arm at one offered rate over the trials: the rate (median over trials), how many trials it held
/// (<see cref="OpenLoopReading.IsLatency"/>) of how many, the achieved rate and backlog (medians), and where it held in
/// at least half the trials, its percentiles (median with 95 % interval over the held trials), the client's own delay
/// (the median of the held trials' 99th percentile of how late a call started) and REST + JSON's 99th
/// percentile over the arm's in the trials where both held (above 1 the arm waits less; null for the baseline, and
/// where both held in fewer than half the trials).
/// </summary>
public sealed record OpenLoopResult(
    string Operation,
    string Arm,
    double Fraction,
    double OfferedPerSecond,
    int Trials,
    int Held,
    int ClientBound,
    double AchievedPerSecond,
    double Backlog,
    MedianInterval? P50,
    MedianInterval? P90,
    MedianInterval? P99,
    MedianInterval? P99Ratio
)
{
    /// <summary>
    /// The median over the held trials of the client's 99th percentile delay in starting a call; null where not held.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LateP99Nanoseconds { get; init; }

    /// <summary>
    /// True where the arm held the rate in at least half the trials, so its percentiles are its latency.
    /// </summary>
    [JsonIgnore]
    public bool IsHeld => P99 is not null;
}

/// <summary>
/// Capacity at a latency bound: an operation's bound (<see cref="OpenLoopStatistics.BoundFactor"/> times REST + JSON's
/// one-call latency, the same for every arm of it) and the highest offered rate at which the arm's 99th percentile
/// stayed within it, as at every lower rate (null: not even the lowest).
/// </summary>
public sealed record OpenLoopBound(
    string Operation,
    string Arm,
    double BoundNanoseconds,
    double? Fraction,
    double? OfferedPerSecond
);

/// <summary>
/// The open loop's arithmetic over a run's trials: percentiles and ratios per arm and rate, and each arm's capacity at
/// a latency bound.
/// </summary>
public static class OpenLoopStatistics
{
    /// <summary>
    /// The latency bound, in multiples of REST + JSON's one-call time per call on the operation: a service's objective
    /// for its slowest calls in a hundred, loose enough that an idle machine's own tail stays within it on the large
    /// calls.
    /// </summary>
    public const double BoundFactor = 5;

    /// <summary>The open loop over <paramref name="trials"/>; null where no trial measured one.</summary>
    public static OpenLoopSummary? Of(OpenLoopPlan? plan, IReadOnlyList<Trial> trials)
    {
        if (plan is null || !trials.SelectMany(t => t.Segments).Any(s => s.OpenLoop is { Count: > 0 }))
        {
            return null;
        }

        var results = TrialStatistics
            .Arms(trials)
            .SelectMany(a => plan.Fractions.Select(fraction => ResultOf(trials, a.Operation, a.Arm, fraction)))
            .OfType<OpenLoopResult>()
            .ToList();
        return new OpenLoopSummary(plan, results, [.. BoundsOf(trials, results)], BoundFactor);
    }

    private static OpenLoopResult? ResultOf(IReadOnlyList<Trial> trials, string operation, string arm, double fraction)
    {
        var readings = trials
            .Select(t =>
                (
                    Arm: ReadingOf(t, operation, arm, fraction),
                    Baseline: ReadingOf(t, operation, TrialStatistics.Baseline, fraction)
                )
            )
            .Where(r => r.Arm is not null)
            .ToList();
        if (readings.Count == 0)
        {
            return null;
        }

        var held = readings.Where(r => r.Arm!.IsLatency).Select(r => r.Arm!).ToList();
        var isHeld = held.Count * 2 >= readings.Count;
        var ratios = readings
            .Where(r => r.Arm!.IsLatency && r.Baseline is { IsLatency: true })
            .Select(r => r.Baseline!.P99Nanoseconds / r.Arm!.P99Nanoseconds)
            .ToList();
        return new OpenLoopResult(
            operation,
            arm,
            fraction,
            MedianInterval.MedianOf(readings.Select(r => r.Arm!.OfferedPerSecond)),
            readings.Count,
            held.Count,
            readings.Count(r => r.Arm!.Held && r.Arm.ClientBound),
            MedianInterval.MedianOf(readings.Select(r => r.Arm!.AchievedPerSecond)),
            MedianInterval.MedianOf(readings.Select(r => (double)r.Arm!.Backlog)),
            isHeld ? MedianInterval.OrMedian([.. held.Select(r => r.P50Nanoseconds)]) : null,
            isHeld ? MedianInterval.OrMedian([.. held.Select(r => r.P90Nanoseconds)]) : null,
            isHeld ? MedianInterval.OrMedian([.. held.Select(r => r.P99Nanoseconds)]) : null,
            isHeld && arm != TrialStatistics.Baseline && ratios.Count * 2 >= readings.Count
                ? MedianInterval.OrMedian(ratios)
                : null
        )
        {
            LateP99Nanoseconds = isHeld ? MedianInterval.MedianOf(held.Select(r => r.LateP99Nanoseconds)) : null,
        };
    }

    private static IEnumerable<OpenLoopBound> BoundsOf(
        IReadOnlyList<Trial> trials,
        IReadOnlyList<OpenLoopResult> results
    )
    {
        foreach (var arm in results.Select(r => (r.Operation, r.Arm)).Distinct())
        {
            var bound =
                BoundFactor
                * MedianInterval.MedianOf(
                    TrialStatistics.Values(trials, arm.Operation, TrialStatistics.Baseline, s =>
                        s.LatencyNanosecondsPerCall
                    )
                );
            var within = results
                .Where(r => (r.Operation, r.Arm) == arm)
                .OrderBy(r => r.Fraction)
                .TakeWhile(r => r.P99 is { } p99 && p99.Median <= bound)
                .LastOrDefault();
            yield return new OpenLoopBound(arm.Operation, arm.Arm, bound, within?.Fraction, within?.OfferedPerSecond);
        }
    }

    private static OpenLoopReading? ReadingOf(Trial trial, string operation, string arm, double fraction) =>
        trial
            .Segments.FirstOrDefault(s => s.Operation == operation && s.Arm == arm)
            ?.OpenLoop?.FirstOrDefault(r => r.Fraction == fraction);
}
