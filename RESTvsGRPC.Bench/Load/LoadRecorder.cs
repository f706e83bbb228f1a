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

    /// <summary>
    /// A recorder for calls ending in the <paramref name="seconds"/> seconds after <paramref name="startTimestamp"/> (a
    /// <see cref="Stopwatch"/> timestamp); later ones count in the last second.
    /// </summary>
    public LoadRecorder(long startTimestamp, int seconds)
    {
        _start = startTimestamp;
        _latencies = new LatencyHistogram?[Math.Max(1, seconds)];
        _outcomes = new long[_latencies.Length * OutcomeCount];
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
        }
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
