using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One arm's contiguous segment in a trial. Latency: <see cref="LatencyCalls"/> calls one at a time, after a warm-up,
/// and the time per call. Throughput: <see cref="Concurrency"/> calls kept in flight, after a warm-up, the calls
/// completed per second and the CPU time the client process and the arm's server process used per call over the same
/// window (all threads, user and kernel, from the OS; null where the server was not started by the bench).
/// </summary>
public sealed record TrialSegment(
    string Operation,
    string Arm,
    long LatencyCalls,
    double LatencyNanosecondsPerCall,
    int Concurrency,
    long ThroughputCalls,
    double CallsPerSecond,
    double ClientCpuNanosecondsPerCall,
    double? ServerCpuNanosecondsPerCall
)
{
    /// <summary>The link's name (<see cref="LinkResult.Name"/>) in a <c>--link</c> run; null: loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Link { get; init; }

    /// <summary>
    /// Bytes the client's end of a <c>--link</c> pair sent per call in the latency slices, one call in flight (a
    /// request, with every header down to Ethernet's), from the kernel's counters; null where the link is loopback.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkSentBytesPerCall { get; init; }

    /// <summary>
    /// Bytes the client's end received per call in the same slices (an answer); null where the link is loopback.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkReceivedBytesPerCall { get; init; }

    /// <summary>
    /// Bytes/s the client's end sent over the throughput windows (of the concurrency reported); null where the link is
    /// loopback.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkSentBytesPerSecond { get; init; }

    /// <summary>Bytes/s the client's end received over the same windows; null where the link is loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkReceivedBytesPerSecond { get; init; }

    /// <summary>
    /// The throughput at each concurrency the trial measured, where it measured more than one; null where it measured
    /// one (or in a results file written before levels were kept). The segment's own throughput is the one at the level
    /// chosen on the other trials (<see cref="TrialsRun.PeakChosenOnOtherTrials"/>), or in older results the best of
    /// these.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ThroughputLevel>? Levels { get; init; }

    /// <summary>
    /// The time to the first answer on a new connection (connect, TLS handshake where the arm has one, one small GET),
    /// the median of <see cref="TrialsRun.NewConnections"/> new clients in this trial, on the arm's first operation's
    /// segment; null on its other segments and where the run did not measure it.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? NewConnectionNanoseconds { get; init; }

    /// <summary>
    /// The fastest single call of the latency slices (ns), which a round-trip link's physics check holds to one round
    /// trip at least; null in results written before it was kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? FastestCallNanoseconds { get; init; }

    /// <summary>
    /// The arm driven open loop at each offered rate of the plan (<see cref="OpenLoopPlan"/>) in this trial; null where
    /// the run measured none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<OpenLoopReading>? OpenLoop { get; init; }

    /// <summary>
    /// The time per call (ns) of each latency slice, one per round in the order measured; null in results written
    /// before rounds were kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? LatencyRounds { get; init; }

    /// <summary>
    /// The calls/s of each throughput slice at <see cref="Concurrency"/>, one per round in the order measured; null in
    /// results written before rounds were kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? ThroughputRounds { get; init; }

    /// <summary>
    /// The gap that counted as a stall in this trial's latency and open-loop cells of the arm (<see cref="StallRule"/>:
    /// 100 times its median call in the latency slices, 200 ms at least; a throughput level's also 4 such calls per
    /// call in flight), milliseconds; null in results written before gaps were recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? StallThresholdMilliseconds { get; init; }

    /// <summary>The gaps between completions over the latency slices; null before gaps were recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? LatencyGaps { get; init; }

    /// <summary>
    /// The gaps over the throughput slices at <see cref="Concurrency"/>; null before gaps were recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? ThroughputGaps { get; init; }
}
