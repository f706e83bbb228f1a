using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// Calls at a constant rate, open loop: call i is due at start + i / rate and timed from then, so a stall counts for
/// every call it delays (no coordinated omission); a dedicated thread starts each, its lateness recorded. The first
/// failure fails the window.
/// </summary>
public sealed class OpenLoopDriver
{
    private static readonly long SleepAheadTicks = Stopwatch.Frequency * 2 / 1000;

    private readonly Func<Task> _call;
    private readonly long[] _latency;
    private readonly long[] _late;
    private readonly long[] _answeredAt;
    private readonly TaskCompletionSource _allAnswered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private long _unanswered;
    private Exception? _failure;

    private OpenLoopDriver(Func<Task> call, long calls)
    {
        _call = call;
        (_latency, _late, _answeredAt, _unanswered) = (new long[calls], new long[calls], new long[calls], calls);
    }

    /// <summary>
    /// <paramref name="calls"/> calls at <paramref name="perSecond"/>, read once the last answers have had up to
    /// <paramref name="drain"/> on <paramref name="clock"/> (the system's by default); returns when every call has
    /// ended, throwing the first failure.
    /// </summary>
    public static async Task<OpenLoopWindow> RunAsync(
        Func<Task> call,
        double perSecond,
        long calls,
        TimeSpan drain,
        TimeProvider? clock = null
    )
    {
        var driver = new OpenLoopDriver(call, calls);
        var interval = Stopwatch.Frequency / perSecond;
        var start = Stopwatch.GetTimestamp();
        var dispatched = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        new Thread(() =>
        {
            driver.Dispatch(start, interval);
            dispatched.SetResult();
        })
        {
            IsBackground = true,
            Name = "open loop",
        }.Start();
        await dispatched.Task;
        var windowEnd = start + (long)(calls * interval);
        using var drained = new CancellationTokenSource(drain, clock ?? TimeProvider.System);
        await driver._allAnswered.Task.WaitAsync(drained.Token).ContinueWith(_ => { }, TaskScheduler.Default);
        var window = driver.WindowOf(start, windowEnd, calls / perSecond);
        // The answers still out are awaited (each bounded by the client's call timeout), so that none fails unseen or
        // runs into what is measured next; the window is read as the drain ended.
        await driver._allAnswered.Task;
        return Volatile.Read(ref driver._failure) is { } failure ? throw failure : window;
    }

    private void Dispatch(long start, double interval)
    {
        for (var i = 0; i < _latency.Length; i++)
        {
            var due = start + (long)(i * interval);
            for (var ahead = due - Stopwatch.GetTimestamp(); ahead > 0; ahead = due - Stopwatch.GetTimestamp())
            {
                // Sleep only where the next call is far off: a sleep ends up to a scheduler tick late.
                if (ahead > SleepAheadTicks)
                {
                    Thread.Sleep(1);
                }
                else
                {
                    Thread.Yield();
                }
            }

            _ = CallAsync(i, due);
        }
    }

    private async Task CallAsync(int index, long due)
    {
        _late[index] = Stopwatch.GetTimestamp() - due;
        try
        {
            await _call();
        }
        catch (Exception e)
        {
            Interlocked.CompareExchange(ref _failure, e, null);
        }

        var answered = Stopwatch.GetTimestamp();
        _latency[index] = answered - due;
        Volatile.Write(ref _answeredAt[index], answered);
        if (Interlocked.Decrement(ref _unanswered) == 0)
        {
            _allAnswered.SetResult();
        }
    }

    private OpenLoopWindow WindowOf(long start, long windowEnd, double seconds)
    {
        var answered = Enumerable.Range(0, _latency.Length).Where(i => Volatile.Read(ref _answeredAt[i]) != 0).ToList();
        var gaps = new GapRecorder(start);
        foreach (var at in answered.Select(i => _answeredAt[i]).Order())
        {
            gaps.Completed(at);
        }

        return new OpenLoopWindow(
            _latency.Length,
            seconds,
            answered.Count(i => _answeredAt[i] <= windowEnd),
            _latency.Length - answered.Count,
            [.. answered.Select(i => Nanoseconds(_latency[i])).Order()],
            [.. answered.Select(i => Nanoseconds(_late[i])).Order()]
        )
        {
            Gaps = gaps.Read(Stopwatch.GetTimestamp()),
        };
    }

    private static double Nanoseconds(long ticks) => ticks * 1e9 / Stopwatch.Frequency;
}

/// <summary>
/// What an open-loop window counted: calls, span, answered within it, never answered, and the sorted times and client
/// delays (ns).
/// </summary>
public sealed record OpenLoopWindow(
    long Calls,
    double Seconds,
    long AnsweredInWindow,
    long Unanswered,
    IReadOnlyList<double> Latencies,
    IReadOnlyList<double> Lateness
)
{
    /// <summary>The gaps between answers from the window's start to its reading.</summary>
    public GapReading Gaps { get; init; } = GapReading.None;

    /// <summary>
    /// The window as the results hold it, at <paramref name="fraction"/> of the baseline's peak,
    /// <paramref name="perSecond"/> offered.
    /// </summary>
    public OpenLoopReading ToReading(double fraction, double perSecond) =>
        new(
            fraction,
            perSecond,
            Calls,
            Seconds,
            AnsweredInWindow,
            Unanswered,
            Percentile(Latencies, 0.50),
            Percentile(Latencies, 0.90),
            Percentile(Latencies, 0.99),
            Percentile(Lateness, 0.99)
        );

    /// <summary>
    /// The nearest-rank percentile of sorted values: the smallest value with at least <paramref name="share"/> of them
    /// at or below it; NaN for none.
    /// </summary>
    public static double Percentile(IReadOnlyList<double> sorted, double share) =>
        sorted.Count == 0
            ? double.NaN
            : sorted[Math.Clamp((int)Math.Ceiling(share * sorted.Count) - 1, 0, sorted.Count - 1)];
}
