using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The headline's measurements: <see cref="Trials"/> fresh client processes that each measured every arm, the ratios
/// computed across them, each arm's levels of calls in flight and its peak among them, and the
/// trials of the earlier runs pooled with this one (<see cref="EarlierRuns"/>).
/// </summary>
public sealed record TrialsRun(
    TrialsPlan Plan,
    CpuPlacement Placement,
    IReadOnlyList<ArmConcurrency> Concurrency,
    IReadOnlyList<Trial> Trials,
    IReadOnlyList<TrialFailure> Failures,
    IReadOnlyList<HeadlineRatio> Headline,
    IReadOnlyList<H2loadCheck>? H2load = null,
    IReadOnlyList<LoadCheck>? Load = null
)
{
    /// <summary>
    /// The trials' arms by id (load mode's target names): one client each, the same for every operation, so an arm's
    /// <see cref="Arm.Shape"/> is that of its large GET.
    /// </summary>
    public IReadOnlyList<Arm> Arms { get; init; } = [];

    /// <summary>
    /// The trials of earlier runs of the same clean build, machine, job, data, plan and placement written into the same
    /// folder before this one, oldest first (<see cref="RunPool.Carry"/>); null or empty where this run starts the
    /// pool.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<EarlierRun>? EarlierRuns { get; init; }

    /// <summary>
    /// The link between client and servers a <c>--link</c> run measured these trials over; null: loopback, the link of
    /// every other run.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LinkResult? Link { get; init; }

    /// <summary>
    /// Each arm's round trips on a round-trip link (<see cref="ArmRoundTrips"/>); null on every other.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ArmRoundTrips>? RoundTrips { get; init; }

    /// <summary>The settings in effect on a <c>--link</c> run's link; null on loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LinkSettings? LinkSettings { get; init; }

    /// <summary>
    /// Why the trials stopped under the plan's rule (<see cref="TrialsPlan.Stopping"/>); null where the run measured a
    /// fixed number of trials.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? StoppedBy { get; init; }

    /// <summary>
    /// True where each trial's throughput of an arm was taken at the level chosen on the other trials
    /// (<see cref="ThroughputPeak"/>); null where at the level the trial itself served best.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? PeakChosenOnOtherTrials { get; init; }

    /// <summary>
    /// The trials that measured every level (<see cref="ThroughputPeak.Bracket"/> chose the later ones' levels); null
    /// where every trial did. An allocation, not the plan: runs that differ in it still pool.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? CurveTrials { get; init; }

    /// <summary>
    /// Wall-clock seconds from the first trial's start to the last one's end; null where not measured.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? TrialsSeconds { get; init; }

    /// <summary>
    /// New clients per arm and trial whose first answer <see cref="TrialSegment.NewConnectionNanoseconds"/> times; null
    /// where not measured.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? NewConnections { get; init; }

    /// <summary>
    /// What each TLS arm's connection agreed with its server, read once before the trials; null for a run without TLS
    /// arms.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<TlsSession>? TlsSessions { get; init; }

    /// <summary>
    /// Latency under load, open loop, over this run's trials (<see cref="OpenLoopStatistics"/>); null where the run
    /// measured none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public OpenLoopSummary? OpenLoop { get; init; }

    /// <summary>
    /// The trials' stalls (<see cref="StallStatistics"/>); null in results written before gaps were recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public StallSummary? Stalls { get; init; }

    /// <summary>Every pooled run's trials, the earlier runs' first and this run's last.</summary>
    [JsonIgnore]
    public IReadOnlyList<IReadOnlyList<Trial>> Pool => [.. (EarlierRuns ?? []).Select(r => r.Trials), Trials];

    /// <summary>
    /// This run as measured over <paramref name="link"/>: the run, every trial's segments and every ratio name it.
    /// </summary>
    public TrialsRun OnLink(LinkResult link) =>
        this with
        {
            Link = link,
            Trials =
            [
                .. Trials.Select(t => t with { Segments = [.. t.Segments.Select(s => s with { Link = link.Name })] }),
            ],
            Headline = [.. Headline.Select(r => r with { Link = link.Name })],
        };

    /// <summary>
    /// Every ratio with Hodges–Lehmann's estimate over this run's trials; as it was where a trial lacks its segments (a
    /// file edited by hand), which the reports then name.
    /// </summary>
    public TrialsRun WithHodgesLehmann() =>
        Trials.Any(t => t.Segments is null)
            ? this
            : this with
            {
                Headline =
                [
                    .. Headline.Select(r =>
                        r with
                        {
                            HodgesLehmann = HodgesLehmannInterval.Of(
                                TrialStatistics.PerTrial(Trials, r.Operation, r.Arm, r.Baseline, r.Quantity)
                            ),
                        }
                    ),
                ],
            };

    /// <summary>
    /// What a reader calls the arm <paramref name="id"/>; the id itself where the catalogue lacks it.
    /// </summary>
    public string NameOf(string id) => Arms.FirstOrDefault(a => a.Id == id)?.Name ?? id;

    /// <summary>The trials that ran to the end.</summary>
    [JsonIgnore]
    public int Completed => Trials.Count;

    /// <summary>
    /// The calls in flight <paramref name="arm"/>'s throughput on <paramref name="operation"/> was taken at in most
    /// trials (1 where not recorded).
    /// </summary>
    public int ConcurrencyOf(string operation, string arm) =>
        Concurrency.FirstOrDefault(c => c.Operation == operation && c.Arm == arm)?.Concurrency ?? 1;
}

/// <summary>
/// How a run's trials measured, in numbers: <see cref="Trials"/> fresh client processes, each client warmed
/// <see cref="WarmUpSeconds"/>, then every arm measured for <see cref="SegmentSeconds"/> per quantity in
/// <see cref="Slices"/> slices of <see cref="SliceSeconds"/>, an operation's arms taking turns in an order drawn from
/// <see cref="Seed"/> and the trial's number; throughput at each of its operation's <see cref="InFlight"/> calls in
/// flight, counted after <see cref="RampSeconds"/> of each slice. <see cref="Name"/> is the plan's ("standard",
/// "quick", "dry"). <see cref="Settle"/>: the settling passes after the warm-up (none in runs before them, and in a
/// link run's).
/// </summary>
public sealed record TrialsPlan(
    string Name,
    int Trials,
    double WarmUpSeconds,
    double SegmentSeconds,
    int Slices,
    double SliceSeconds,
    double RampSeconds,
    IReadOnlyList<OperationInFlight> InFlight,
    int Seed
)
{
    /// <summary>The settling passes each trial process made after its warm-up, or null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialsSettle? Settle { get; init; }

    /// <summary>
    /// True where each trial process made a full collection after every slice, outside the timed window; null for none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? CollectsAfterSlices { get; init; }

    /// <summary>
    /// True where each trial called a RestAPI and a GrpcAPI started for it alone; null where every trial called the
    /// run's pair.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? ServersPerTrial { get; init; }

    /// <summary>
    /// When the trials stop before <see cref="Trials"/>, the most; null where every one of them was to run.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialStopping? Stopping { get; init; }

    /// <summary>
    /// What decides whether two runs' trials pool: the plan as the results file writes it, every field of it (a field
    /// that should not keep runs apart stays out of the file's plan).
    /// </summary>
    [JsonIgnore]
    public string PoolKey => JsonSerializer.Serialize(this, RunResultsJsonContext.Default.TrialsPlan);
}

/// <summary>
/// Settling passes: every arm makes <see cref="Calls"/> calls one at a time, then the JIT falls quiet, pass after pass
/// until one compiles at most <see cref="QuietCompilations"/> methods, at most <see cref="MaxPasses"/> passes.
/// </summary>
public sealed record TrialsSettle(int Calls, int MaxPasses, int QuietCompilations);

/// <summary>The calls in flight an operation's throughput slices were measured at.</summary>
public sealed record OperationInFlight(string Operation, IReadOnlyList<int> Calls);

/// <summary>
/// One arm's calls in flight: the levels its throughput slices were measured at (<see cref="Levels"/>, its operation's,
/// the same for every arm of it) and its peak among them (<see cref="Concurrency"/>: the level its throughput was
/// taken at in most trials, which load mode's and h2load's checks use).
/// </summary>
public sealed record ArmConcurrency(string Operation, string Arm, int Concurrency)
{
    /// <summary>
    /// The levels the trials measured the arm at; null in a results file that had one only (<see cref="Concurrency"/>).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<int>? Levels { get; init; }
}

/// <summary>
/// One trial: a fresh client process (<see cref="ProcessId"/>) that measured every arm once, in the order
/// <see cref="Order"/> gives (operation/arm, drawn at random for this trial), each in one contiguous segment.
/// </summary>
public sealed record Trial(
    int Index,
    int ProcessId,
    int Seed,
    IReadOnlyList<string> Order,
    IReadOnlyList<TrialSegment> Segments
)
{
    /// <summary>Where the trial's time went; null in results written before it was kept.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialTiming? Timing { get; init; }

    /// <summary>The link as this trial saw it on a round-trip profile; null on every other link.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialLinkReading? LinkReading { get; init; }
}

/// <summary>
/// Where a trial's wall-clock time went: <see cref="Seconds"/> from the bench's start of its servers (or of its
/// process, where servers are not renewed) to its answer read, of which the trial process spent
/// <see cref="SlicesSeconds"/> in the latency and throughput slices (collections between them included) and
/// <see cref="OpenLoopSeconds"/> open loop; the rest is what a fresh trial costs before it measures (c₂ in Kalibera and
/// Jones's allocation).
/// </summary>
public sealed record TrialTiming(double Seconds, double SlicesSeconds, double OpenLoopSeconds)
{
    /// <summary>What the trial cost besides its slices and open loop: servers, process, warm-up, settling.</summary>
    [JsonIgnore]
    public double FixedSeconds => Seconds - SlicesSeconds - OpenLoopSeconds;
}

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

/// <summary>
/// One arm's throughput in one trial at one concurrency: calls counted, calls/s, the client's and the server's CPU
/// time per call over the same windows (the server's null where not measured), and on a <c>--link</c> run the bytes/s
/// the client's end sent and received.
/// </summary>
public sealed record ThroughputLevel(
    int Concurrency,
    long Calls,
    double CallsPerSecond,
    double ClientCpuNanosecondsPerCall,
    double? ServerCpuNanosecondsPerCall
)
{
    /// <summary>Bytes/s the client's end sent; null where the link is loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkSentBytesPerSecond { get; init; }

    /// <summary>Bytes/s the client's end received; null where the link is loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkReceivedBytesPerSecond { get; init; }

    /// <summary>
    /// The calls/s of each slice at this level, one per round in the order measured; null in results written before
    /// rounds were kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? Rounds { get; init; }

    /// <summary>The gaps between completions over this level's slices; null before gaps were recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }
}

/// <summary>
/// A trial that did not end well: its number and its process, which either was stopped after
/// <see cref="StoppedAfterSeconds"/> (it had not finished) or exited with <see cref="ExitCode"/>, the last line it
/// wrote on standard error quoted as written (null where it wrote none).
/// </summary>
public sealed record TrialFailure(
    int Index,
    int ProcessId,
    int? ExitCode,
    double? StoppedAfterSeconds,
    string? LastErrorLine
)
{
    /// <summary>
    /// Where the trial ran to its end but its round-trip link did not hold (<see cref="RoundTripCheck"/>): the check,
    /// and the trial's figures left out; null otherwise.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public RoundTripCheck? LinkFault { get; init; }
}

/// <summary>
/// A headline ratio, the results contract other tools read: how many times better <see cref="Arm"/> is than
/// <see cref="Baseline"/> on <see cref="Operation"/> for <see cref="Quantity"/> — baseline time ÷ arm time for
/// <c>latency</c>, arm calls/s ÷ baseline calls/s for <c>throughput</c> — as the median of per-trial ratios with its
/// exact order-statistic 95 % interval (<see cref="Low"/>, <see cref="High"/>; equal to the median where too few
/// trials ran for one), over <see cref="Trials"/> fresh processes, in <see cref="Placement"/>.
/// </summary>
public sealed record HeadlineRatio(
    string Quantity,
    string Operation,
    string Arm,
    string Baseline,
    double Median,
    double Low,
    double High,
    int Trials,
    CpuPlacement Placement
)
{
    /// <summary>
    /// The link's name (<see cref="LinkResult.Name"/>) in a <c>--link</c> run, beside <see cref="Placement"/>; null:
    /// loopback.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Link { get; init; }

    /// <summary>
    /// The same per-trial ratios' Hodges–Lehmann estimate with its 95 % interval; null with fewer than six trials and
    /// in results written before it (schema version 4).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public HodgesLehmannInterval? HodgesLehmann { get; init; }

    /// <summary>
    /// The ratio's noise within a trial and between trials; null where the trials kept no rounds or had fewer than two.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public VarianceComponents? Components { get; init; }

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
public sealed record H2loadCheck(
    string Operation,
    string Arm,
    int Concurrency,
    double? TargetRequestsPerSecond,
    long Requests,
    double RequestsPerSecond,
    double? ServerCpuNanosecondsPerCall,
    double? TrialsServerCpuNanosecondsPerCall,
    H2loadProblem? Problem = null
)
{
    /// <summary>
    /// How far short of the trials' calls/s h2load may fall and still count as running at their pace.
    /// </summary>
    public const double PaceTolerance = 0.05;

    /// <summary>
    /// True for the run at the trials' own rate, the one whose server CPU per call must match theirs.
    /// </summary>
    [JsonIgnore]
    public bool AtTrialsRate => TargetRequestsPerSecond is not null;

    /// <summary>
    /// True for a run at the trials' rate that h2load could not hold (over <see cref="PaceTolerance"/> short): the
    /// server then ran at another pace than in the trials, so its CPU per call is not the figure to compare.
    /// </summary>
    [JsonIgnore]
    public bool ShortOfPace =>
        TargetRequestsPerSecond is { } target && RequestsPerSecond < target * (1 - PaceTolerance);
}

/// <summary>
/// Load mode's closed loop on one arm at the trials' concurrency: calls/s (the median of its processes' medians of
/// their windows), and the ratio to REST + JSON's calls/s in the same process and round (the median of the rounds'
/// ratios over all the processes; null for the baseline), to set beside the trials' throughput ratio.
/// </summary>
public sealed record LoadCheck(string Operation, string Arm, int Concurrency, double CallsPerSecond, double? Ratio)
{
    /// <summary>
    /// Windows per arm over all the processes, the arms in turns; null for one window (results written before the
    /// rounds).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Windows { get; init; }

    /// <summary>
    /// Client processes the windows ran in, one after another; null for one (results written before the processes).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Processes { get; init; }

    /// <summary>
    /// Each round's ratio to the baseline's window of the same process and round, in round order over the processes;
    /// null for the baseline and in results written before it.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? RoundRatios { get; init; }

    /// <summary>
    /// The gaps between completions over the arm's windows (their longest, their stalls); null before gaps were
    /// recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }
}

/// <summary>
/// Why an h2load run's answers were not the validated ones: <see cref="Failed"/> of <see cref="Done"/> requests failed
/// (all of them where none finished), or the body bytes per request (<see cref="BodyBytesPerRequest"/>) do not add up
/// to the validated answer's <see cref="ExpectedBodyBytes"/>.
/// </summary>
public sealed record H2loadProblem(long Done, long Failed, double BodyBytesPerRequest, long ExpectedBodyBytes);

/// <summary>
/// A link a <c>--link</c> run measured over: <see cref="Name"/> ("loopback", "veth", "100mbit", "20ms-rtt"), its rate
/// (bits/s, tbf on both ends of a veth pair, with its bucket and queue in bytes) or its round trip (milliseconds,
/// the delay line); all null but the name for an unshaped one.
/// </summary>
public sealed record LinkResult(
    string Name,
    long? RateBitsPerSecond,
    double? RoundTripMilliseconds,
    long? BurstBytes,
    long? LimitBytes
)
{
    /// <summary>The share of packets the delay line drops on purpose, each way (0 to 1); null: none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? Loss { get; init; }

    /// <summary>The seed of the delay line's drops; null where it drops none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? LossSeed { get; init; }
}

/// <summary>
/// What a TLS arm's connection agreed: the application protocol (ALPN), the TLS version and the cipher suite.
/// </summary>
public sealed record TlsSession(string Arm, string ApplicationProtocol, string TlsVersion, string CipherSuite);
