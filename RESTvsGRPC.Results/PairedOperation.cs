using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One operation measured in paired rounds: every round ran one batch of <see cref="CallsPerBatch"/> calls of every arm, in
/// an order shuffled per round, so a slow phase of the machine hits all arms of a round alike. Each arm keeps its
/// per-call time of every round, in the order the rounds ran; ratios and intervals are computed from them.
/// </summary>
public sealed record PairedOperation(string Operation, int CallsPerBatch, int Rounds, PairedStop? StoppedBy, double Seconds, IReadOnlyList<PairedArm> Arms)
{
    /// <summary>How many calls each arm made back to back, after the rounds, for its <see cref="PairedArm.BackToBack"/> cost.</summary>
    public int BackToBackCalls { get; init; }

    /// <summary>The arm every ratio is taken against: REST + JSON over HTTP/1.1.</summary>
    [JsonIgnore]
    public PairedArm Baseline => Arms.Single(a => a.Role == PairedRole.Baseline);

    /// <summary>The protocol arms other than the baseline, in the order they were declared.</summary>
    [JsonIgnore]
    public IEnumerable<PairedArm> Compared => Arms.Where(a => a.Role == PairedRole.Compared);

    /// <summary>The transport floors: raw TCP exchanges with an arm's byte counts.</summary>
    [JsonIgnore]
    public IEnumerable<PairedArm> Floors => Arms.Where(a => a.Role == PairedRole.Floor);

    /// <summary>Per round, the baseline's time over <paramref name="arm"/>'s (above 1: the arm is faster); median and 95 % interval.</summary>
    public MedianInterval? RatioOf(PairedArm arm) => Quotients(Baseline, arm);

    /// <summary>
    /// The median ratio of <paramref name="arm"/> in each third of the rounds, in the order they ran: a ratio that
    /// drifts within a run shows here; one that is steady here but differs between runs changed with the run itself.
    /// </summary>
    public IReadOnlyList<double> RatioByThirds(PairedArm arm)
    {
        var ratios = Baseline.NanosecondsPerCall.Zip(arm.NanosecondsPerCall, (a, b) => a / b).ToArray();
        return [.. Enumerable.Range(0, 3).Select(third => MedianInterval.MedianOf(ratios[(third * ratios.Length / 3)..((third + 1) * ratios.Length / 3)]))];
    }

    /// <summary>Per round, <paramref name="numerator"/>'s time over <paramref name="denominator"/>'s; median and 95 % interval.</summary>
    public static MedianInterval? Quotients(PairedArm numerator, PairedArm denominator) =>
        MedianInterval.Of([.. numerator.NanosecondsPerCall.Zip(denominator.NanosecondsPerCall, (a, b) => a / b)]);
}

/// <summary>
/// One arm of a paired operation: a benchmark method and its catalogue arm (or, for a floor, the method whose byte
/// counts it sends and receives) and its per-call time in each round, in nanoseconds.
/// </summary>
public sealed record PairedArm(string Method, string Arm, PairedRole Role, IReadOnlyList<double> NanosecondsPerCall, double? RequestBytes = null, double? ResponseBytes = null, CallCost? BackToBack = null)
{
    /// <summary>The median per-call time over the rounds.</summary>
    [JsonIgnore]
    public double MedianNanosecondsPerCall => MedianInterval.MedianOf(NanosecondsPerCall);
}

/// <summary>What an arm is for in a paired operation: the baseline every ratio is taken against, an arm compared with it, or a transport floor.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<PairedRole>))]
public enum PairedRole
{
    [JsonStringEnumMemberName("baseline")]
    Baseline,

    [JsonStringEnumMemberName("compared")]
    Compared,

    [JsonStringEnumMemberName("floor")]
    Floor,
}

/// <summary>
/// An arm's calls made back to back (not taking turns): the time per call, and the CPU time per call the client
/// process and the arm's server process ran meanwhile, all threads, in nanoseconds. What is left of the time is
/// neither side working: waiting for the other to be woken and scheduled.
/// </summary>
public sealed record CallCost(double NanosecondsPerCall, double ClientCpuNanosecondsPerCall, double ServerCpuNanosecondsPerCall)
{
    /// <summary>The time per call in which neither process ran on a CPU for this call (never below 0: on two cores they also overlap).</summary>
    [JsonIgnore]
    public double WaitingNanosecondsPerCall => Math.Max(0, NanosecondsPerCall - ClientCpuNanosecondsPerCall - ServerCpuNanosecondsPerCall);
}

/// <summary>
/// Why an operation's paired rounds stopped, and at what: every ratio's interval within <see cref="Limit"/> (a
/// fraction of its median), the limit of <see cref="Limit"/> rounds, or the time budget of <see cref="Limit"/> seconds.
/// </summary>
public sealed record PairedStop(PairedStopReason Reason, double Limit);

/// <summary>What ended an operation's paired rounds.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<PairedStopReason>))]
public enum PairedStopReason
{
    /// <summary>Every ratio's interval was narrow enough.</summary>
    Precision,

    /// <summary>The plan's most rounds were made.</summary>
    RoundLimit,

    /// <summary>The plan's time per operation ran out.</summary>
    TimeBudget,
}
