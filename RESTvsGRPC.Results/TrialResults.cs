using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The headline's measurements: a calibration process that found each arm's saturating concurrency, then
/// <see cref="Trials"/> fresh client processes that each measured every arm, and the ratios computed across them.
/// </summary>
public sealed record TrialsRun(
    string Plan,
    string Placement,
    IReadOnlyList<ArmConcurrency> Concurrency,
    IReadOnlyList<Trial> Trials,
    IReadOnlyList<TrialFailure> Failures,
    IReadOnlyList<HeadlineRatio> Headline,
    IReadOnlyList<H2loadCheck>? H2load = null,
    IReadOnlyList<LoadCheck>? Load = null)
{
    /// <summary>
    /// The trials' arms by id (load mode's target names): one client each, the same for every operation, so an arm's
    /// <see cref="Arm.Shape"/> is that of its large GET.
    /// </summary>
    public IReadOnlyList<Arm> Arms { get; init; } = [];

    /// <summary>What a reader calls the arm <paramref name="id"/>; the id itself where the catalogue lacks it.</summary>
    public string NameOf(string id) => Arms.FirstOrDefault(a => a.Id == id)?.Name ?? id;

    /// <summary>The trials that ran to the end.</summary>
    [JsonIgnore]
    public int Completed => Trials.Count;

    /// <summary>The calls in flight of <paramref name="arm"/>'s throughput segments on <paramref name="operation"/> (1 where not calibrated).</summary>
    public int ConcurrencyOf(string operation, string arm) => Concurrency.FirstOrDefault(c => c.Operation == operation && c.Arm == arm)?.Concurrency ?? 1;
}

/// <summary>
/// One arm's closed-loop concurrency for its throughput segments: the smallest number of calls in flight at which it
/// reached 95 % of the most calls/s its ladder saw. Each arm has its own: past its knee an arm can lose calls/s (the
/// large GET's REST + JSON client, on one CPU, served 516 calls/s with 2 in flight and 443 with 4), so one
/// concurrency for every arm of an operation would measure some of them past their best.
/// </summary>
public sealed record ArmConcurrency(string Operation, string Arm, int Concurrency, IReadOnlyList<ConcurrencyStep> Ladder);

/// <summary>One step of the calibration ladder: an arm's calls/s with <see cref="Concurrency"/> calls in flight.</summary>
public sealed record ConcurrencyStep(string Arm, int Concurrency, double CallsPerSecond);

/// <summary>
/// One trial: a fresh client process (<see cref="ProcessId"/>) that measured every arm once, in the order
/// <see cref="Order"/> gives (operation/arm, drawn at random for this trial), each in one contiguous segment.
/// </summary>
public sealed record Trial(int Index, int ProcessId, int Seed, IReadOnlyList<string> Order, IReadOnlyList<TrialSegment> Segments);

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
    double? ServerCpuNanosecondsPerCall);

/// <summary>A trial that did not end well: its number and why, in one sentence.</summary>
public sealed record TrialFailure(int Index, string Reason);

/// <summary>
/// A headline ratio, the results contract other tools read: how many times better <see cref="Arm"/> is than
/// <see cref="Baseline"/> on <see cref="Operation"/> for <see cref="Quantity"/> — baseline time ÷ arm time for
/// <c>latency</c>, arm calls/s ÷ baseline calls/s for <c>throughput</c> — as the median of per-trial ratios with its
/// exact order-statistic 95 % interval (<see cref="Low"/>, <see cref="High"/>; equal to the median where too few
/// trials ran for one), over <see cref="Trials"/> fresh processes, in <see cref="Placement"/>.
/// </summary>
public sealed record HeadlineRatio(string Quantity, string Operation, string Arm, string Baseline, double Median, double Low, double High, int Trials, string Placement)
{
    /// <summary>One call in flight: baseline time per call over the arm's.</summary>
    public const string Latency = "latency";

    /// <summary>Calls/s at saturation: the arm's over the baseline's.</summary>
    public const string Throughput = "throughput";

    /// <summary>True where the interval is a real one (enough trials for 95 %).</summary>
    [JsonIgnore]
    public bool HasInterval => Trials >= MedianInterval.MinimumSamples;

    /// <summary>True where the interval shows a difference from the baseline (it excludes 1).</summary>
    [JsonIgnore]
    public bool Differs => HasInterval && (Low > 1 || High < 1);
}

/// <summary>
/// The outside check: h2load (nghttp2's C client, which parses no answer) driving one arm's request against the same
/// server in the same placement, at the trials' calls/s (<see cref="TargetRequestsPerSecond"/>) or unthrottled (null),
/// and the server CPU per call that implies, beside the trials'.
/// </summary>
public sealed record H2loadCheck(string Operation, string Arm, int Concurrency, double? TargetRequestsPerSecond, long Requests, double RequestsPerSecond, double? ServerCpuNanosecondsPerCall, double? TrialsServerCpuNanosecondsPerCall, string? Problem = null)
{
    /// <summary>How far the two server CPU figures may differ before the summary flags it.</summary>
    public const double Tolerance = 0.15;

    /// <summary>True for the run at the trials' own rate, the one whose server CPU per call must match theirs.</summary>
    [JsonIgnore]
    public bool AtTrialsRate => TargetRequestsPerSecond is not null;

    /// <summary>h2load's server CPU per call over the trials' (median), minus 1; null where either is missing.</summary>
    [JsonIgnore]
    public double? Difference => ServerCpuNanosecondsPerCall is { } outside && TrialsServerCpuNanosecondsPerCall is { } own && own > 0 ? (outside / own) - 1 : null;
}

/// <summary>
/// Load mode's closed loop on one arm at the trials' concurrency: calls/s, and the ratio to REST + JSON's calls/s in
/// the same check (null for the baseline), to set beside the trials' throughput ratio.
/// </summary>
public sealed record LoadCheck(string Operation, string Arm, int Concurrency, double CallsPerSecond, double? Ratio)
{
    /// <summary>How far load mode's ratio may lie from the trials' before the summary flags it.</summary>
    public const double Tolerance = 0.10;
}
