using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// A slice's window: its calls, seconds, client and server CPU (ns), a <c>--link</c> run's bytes sent and
/// received, and the gaps between its completions.
/// </summary>
internal sealed record SliceWindow(
    long Calls,
    double Seconds,
    double ClientCpuNanoseconds,
    double? ServerCpuNanoseconds,
    (long Sent, long Received)? LinkBytes
)
{
    public GapReading Gaps { get; init; } = GapReading.None;
}

/// <summary>
/// One arm's slices summed per quantity and level into its segment, its best level on top (replaced later by the
/// one chosen on the other trials).
/// </summary>
internal sealed class ArmSums
{
    private SliceWindow _latency = new(0, 0, 0, null, null);
    private readonly List<double> _latencyRounds = [];
    private readonly SortedDictionary<int, (SliceWindow Sum, bool ServerMeasured)> _throughput = [];
    private readonly Dictionary<int, List<double>> _throughputRounds = [];
    private readonly List<(OpenLoopReading Reading, GapReading Gaps)> _openLoop = [];

    /// <summary>
    /// Each call's time in the latency slices: their median sets the stall threshold, which a stall in those
    /// slices does not move.
    /// </summary>
    public LatencyHistogram CallTimes { get; } = new();

    /// <summary>The arm's calls/s at its best level so far; null before its throughput slices.</summary>
    public double? BestCallsPerSecond =>
        _throughput.Count == 0 ? null : _throughput.Values.Max(level => level.Sum.Calls / level.Sum.Seconds);

    public void AddOpenLoop(OpenLoopReading reading, GapReading gaps) => _openLoop.Add((reading, gaps));

    public void AddLatency(SliceWindow window)
    {
        _latencyRounds.Add(window.Seconds * 1e9 / window.Calls);
        _latency = _latency with
        {
            Calls = _latency.Calls + window.Calls,
            Seconds = _latency.Seconds + window.Seconds,
            LinkBytes = TrialMeasurement.Add(_latency.Calls == 0 ? (0, 0) : _latency.LinkBytes, window.LinkBytes),
            Gaps = _latency.Gaps.Add(window.Gaps),
        };
    }

    public void AddThroughput(int inFlight, SliceWindow window)
    {
        _throughputRounds.TryAdd(inFlight, []);
        _throughputRounds[inFlight].Add(window.Calls / window.Seconds);
        var (sum, serverMeasured) = _throughput.GetValueOrDefault(
            inFlight,
            (new SliceWindow(0, 0, 0, 0, window.LinkBytes is null ? null : (0, 0)), true)
        );
        _throughput[inFlight] = (
            new SliceWindow(
                sum.Calls + window.Calls,
                sum.Seconds + window.Seconds,
                sum.ClientCpuNanoseconds + window.ClientCpuNanoseconds,
                sum.ServerCpuNanoseconds + (window.ServerCpuNanoseconds ?? 0),
                TrialMeasurement.Add(sum.LinkBytes, window.LinkBytes)
            )
            {
                Gaps = sum.Gaps.Add(window.Gaps),
            },
            serverMeasured && window.ServerCpuNanoseconds is not null
        );
    }

    public TrialSegment ToSegment(TrialArm arm)
    {
        var call = CallTimes.Percentile(50) / 1e6;
        var threshold = StallRule.ThresholdMilliseconds(call);
        var levels = _throughput
            .Select(level =>
                LevelOf(
                    level.Key,
                    level.Value.Sum,
                    level.Value.ServerMeasured,
                    StallRule.ThresholdMilliseconds(call, level.Key)
                )
            )
            .ToList();
        var best = levels.MaxBy(level => level.CallsPerSecond)!;
        return new TrialSegment(
            TrialArm.NameOf(arm.Operation),
            arm.Target,
            _latency.Calls,
            _latency.Seconds * 1e9 / _latency.Calls,
            best.Concurrency,
            best.Calls,
            best.CallsPerSecond,
            best.ClientCpuNanosecondsPerCall,
            best.ServerCpuNanosecondsPerCall
        )
        {
            LinkSentBytesPerCall = _latency.LinkBytes is { } one ? (double)one.Sent / _latency.Calls : null,
            LinkReceivedBytesPerCall = _latency.LinkBytes is { } answer
                ? (double)answer.Received / _latency.Calls
                : null,
            LinkSentBytesPerSecond = best.LinkSentBytesPerSecond,
            LinkReceivedBytesPerSecond = best.LinkReceivedBytesPerSecond,
            Levels = levels.Count > 1 ? levels : null,
            OpenLoop =
                _openLoop.Count > 0
                    ?
                    [
                        .. _openLoop
                            .OrderBy(r => r.Reading.Fraction)
                            .Select(r => r.Reading with { Gaps = r.Gaps.ToGaps(threshold) }),
                    ]
                    : null,
            LatencyRounds = _latencyRounds,
            ThroughputRounds = best.Rounds,
            StallThresholdMilliseconds = threshold,
            FastestCallNanoseconds = CallTimes.Count > 0 ? CallTimes.MinNanoseconds : null,
            LatencyGaps = _latency.Gaps.ToGaps(threshold),
            ThroughputGaps = best.Gaps,
        };
    }

    private ThroughputLevel LevelOf(int inFlight, SliceWindow sum, bool serverMeasured, double threshold) =>
        new(
            inFlight,
            sum.Calls,
            sum.Calls / sum.Seconds,
            sum.ClientCpuNanoseconds / sum.Calls,
            serverMeasured ? sum.ServerCpuNanoseconds / sum.Calls : null
        )
        {
            LinkSentBytesPerSecond = sum.LinkBytes is { } sent ? sent.Sent / sum.Seconds : null,
            LinkReceivedBytesPerSecond = sum.LinkBytes is { } received ? received.Received / sum.Seconds : null,
            Rounds = _throughputRounds[inFlight],
            Gaps = sum.Gaps.ToGaps(threshold),
        };
}
