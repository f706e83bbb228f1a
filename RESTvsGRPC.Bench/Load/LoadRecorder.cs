using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// One target's calls counted by the second they ended in (a histogram and errors per second), for the series, totals
/// and drift alike.
/// </summary>
public sealed class LoadRecorder
{
    private static readonly int OutcomeCount = Enum.GetValues<CallOutcome>().Length;

    private readonly long _start;
    private readonly LatencyHistogram?[] _latencies;
    private readonly long[] _outcomes;
    private readonly GapRecorder?[] _gaps;
    private long _lastAnswer;

    /// <summary>
    /// A recorder for calls ending in the <paramref name="seconds"/> seconds after <paramref name="startTimestamp"/> (a
    /// <see cref="Stopwatch"/> timestamp); later ones count in the last second.
    /// </summary>
    public LoadRecorder(long startTimestamp, int seconds)
    {
        _start = startTimestamp;
        _latencies = new LatencyHistogram?[Math.Max(1, seconds)];
        _outcomes = new long[_latencies.Length * OutcomeCount];
        _gaps = new GapRecorder?[_latencies.Length];
        _lastAnswer = startTimestamp;
    }

    /// <summary>Seconds the recorder covers.</summary>
    public int Seconds => _latencies.Length;

    /// <summary>
    /// Counts a call that ended at <paramref name="endTimestamp"/>, <paramref name="latencyNanoseconds"/> after its
    /// (intended) start.
    /// </summary>
    public void Record(long endTimestamp, long latencyNanoseconds, CallOutcome outcome)
    {
        var second = SecondOf(endTimestamp);
        Interlocked.Increment(ref _outcomes[(second * OutcomeCount) + (int)outcome]);
        if (outcome == CallOutcome.Ok)
        {
            var histogram = Volatile.Read(ref _latencies[second]);
            if (histogram is null)
            {
                Interlocked.CompareExchange(ref _latencies[second], new LatencyHistogram(), null);
                histogram = _latencies[second]!;
            }

            histogram.Record(latencyNanoseconds);
            GapsIn(second).Completed(endTimestamp, Interlocked.Exchange(ref _lastAnswer, endTimestamp));
        }
    }

    /// <summary>
    /// The gaps between good answers that ended in seconds [<paramref name="from"/>, <paramref name="to"/>), those of
    /// at least <paramref name="thresholdMilliseconds"/> counted as stalls.
    /// </summary>
    public CompletionGaps Gaps(int from, int to, double thresholdMilliseconds) =>
        Enumerable
            .Range(Math.Max(0, from), Math.Max(0, Math.Min(to, _gaps.Length) - Math.Max(0, from)))
            .Select(second => Volatile.Read(ref _gaps[second])?.Read() ?? GapReading.None)
            .Aggregate(GapReading.None, (sum, reading) => sum.Add(reading))
            .ToGaps(thresholdMilliseconds);

    private GapRecorder GapsIn(int second)
    {
        if (Volatile.Read(ref _gaps[second]) is { } gaps)
        {
            return gaps;
        }

        Interlocked.CompareExchange(ref _gaps[second], new GapRecorder(0), null);
        return _gaps[second]!;
    }

    /// <summary>The second (from 0) a timestamp falls in, within the recorder's span.</summary>
    public int SecondOf(long timestamp) =>
        (int)
            Math.Clamp(
                Stopwatch.GetElapsedTime(_start, timestamp).Ticks / TimeSpan.TicksPerSecond,
                0,
                _latencies.Length - 1
            );

    /// <summary>The good answers' latencies over seconds [<paramref name="from"/>, <paramref name="to"/>).</summary>
    public LatencyHistogram Latencies(int from, int to)
    {
        var merged = new LatencyHistogram();
        for (var second = Math.Max(0, from); second < Math.Min(to, _latencies.Length); second++)
        {
            if (Volatile.Read(ref _latencies[second]) is { } histogram)
            {
                merged.Add(histogram);
            }
        }

        return merged;
    }

    /// <summary>
    /// Calls that ended with <paramref name="outcome"/> over seconds [<paramref name="from"/>, <paramref name="to"/>).
    /// </summary>
    public long Count(CallOutcome outcome, int from, int to)
    {
        long total = 0;
        for (var second = Math.Max(0, from); second < Math.Min(to, _latencies.Length); second++)
        {
            total += Interlocked.Read(ref _outcomes[(second * OutcomeCount) + (int)outcome]);
        }

        return total;
    }

    /// <summary>
    /// Calls that ended with any error over seconds [<paramref name="from"/>, <paramref name="to"/>).
    /// </summary>
    public long Errors(int from, int to) =>
        Enum.GetValues<CallOutcome>().Where(o => o != CallOutcome.Ok).Sum(o => Count(o, from, to));
}
