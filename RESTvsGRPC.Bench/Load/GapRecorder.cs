using System.Collections.Concurrent;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// The gaps between a window's completions, from any of its callers: the longest, and each one of at least
/// <see cref="StallRule.FloorMilliseconds"/> (the arm's own threshold, known once its latency is, picks the stalls
/// among them). One exchange per completion, so it can sit in a hot loop.
/// </summary>
public sealed class GapRecorder
{
    private static readonly long FloorTicks = (long)(StallRule.FloorMilliseconds * Stopwatch.Frequency / 1000);

    private readonly ConcurrentQueue<long> _longGaps = new();
    private long _last;
    private long _longest;

    /// <summary>A recorder whose window starts at <paramref name="timestamp"/>.</summary>
    public GapRecorder(long timestamp) => _last = timestamp;

    /// <summary>Counts a completion at <paramref name="timestamp"/> (a <see cref="Stopwatch"/> timestamp).</summary>
    public void Completed(long timestamp) => Completed(timestamp, Interlocked.Exchange(ref _last, timestamp));

    /// <summary>
    /// Counts a completion at <paramref name="timestamp"/> whose predecessor, from whatever recorder, came at
    /// <paramref name="previous"/>.
    /// </summary>
    public void Completed(long timestamp, long previous)
    {
        var gap = timestamp - previous;
        if (gap >= FloorTicks)
        {
            _longGaps.Enqueue(gap);
        }

        for (var longest = Volatile.Read(ref _longest); gap > longest; longest = Volatile.Read(ref _longest))
        {
            if (Interlocked.CompareExchange(ref _longest, gap, longest) == longest)
            {
                break;
            }
        }
    }

    /// <summary>
    /// The window's gaps as it ends at <paramref name="end"/>: the time since the last completion counts as a gap, so a
    /// stall that outlasts the window shows.
    /// </summary>
    public GapReading Read(long end)
    {
        var trailing = end - Volatile.Read(ref _last);
        IReadOnlyList<double> longGaps =
        [
            .. _longGaps.Append(trailing).Where(g => g >= FloorTicks).Select(Milliseconds),
        ];
        return new GapReading(Milliseconds(Math.Max(Volatile.Read(ref _longest), trailing)), longGaps);
    }

    /// <summary>The gaps counted so far, the time since the last completion left out.</summary>
    public GapReading Read() => new(Milliseconds(Volatile.Read(ref _longest)), [.. _longGaps.Select(Milliseconds)]);

    private static double Milliseconds(long ticks) => ticks * 1000.0 / Stopwatch.Frequency;
}

/// <summary>
/// What a <see cref="GapRecorder"/> saw: the longest gap and every gap of at least the floor, in milliseconds, and the
/// TCP segments retransmitted over the window where read.
/// </summary>
public sealed record GapReading(double LongestMilliseconds, IReadOnlyList<double> LongMilliseconds)
{
    /// <summary>
    /// TCP segments retransmitted over the window (<see cref="TcpRetransmissions"/>); null where not read.
    /// </summary>
    public long? Retransmissions { get; init; }

    /// <summary>Nothing seen yet.</summary>
    public static GapReading None { get; } = new(0, []);

    /// <summary>Both windows' gaps as one.</summary>
    public GapReading Add(GapReading other) =>
        new(Math.Max(LongestMilliseconds, other.LongestMilliseconds), [.. LongMilliseconds, .. other.LongMilliseconds])
        {
            Retransmissions =
                Retransmissions is null && other.Retransmissions is null
                    ? null
                    : (Retransmissions ?? 0) + (other.Retransmissions ?? 0),
        };

    /// <summary>
    /// The gaps as results hold them: those of at least <paramref name="thresholdMilliseconds"/> are stalls.
    /// </summary>
    public CompletionGaps ToGaps(double thresholdMilliseconds) =>
        new(LongestMilliseconds, LongMilliseconds.Count(g => g >= thresholdMilliseconds))
        {
            Retransmissions = Retransmissions,
        };
}

/// <summary>
/// TCP segments retransmitted so far in the network namespaces of this process and of a server (the kernel's
/// <c>RetransSegs</c>, each namespace once): both ends' retransmissions, on loopback the machine's.
/// </summary>
public static class TcpRetransmissions
{
    /// <summary>The count so far; null where the kernel's counters cannot be read (not Linux).</summary>
    public static long? Read(int? serverId)
    {
        var own = Of("self");
        if (own is null || serverId is not { } id || SameNamespace(id))
        {
            return own;
        }

        return own + (Of(id.ToString(CultureInfo.InvariantCulture)) ?? 0);
    }

    private static bool SameNamespace(int id)
    {
        try
        {
            return new FileInfo("/proc/self/ns/net").LinkTarget == new FileInfo($"/proc/{id}/ns/net").LinkTarget;
        }
        catch (IOException)
        {
            return true;
        }
        catch (UnauthorizedAccessException)
        {
            return true;
        }
    }

    private static long? Of(string process)
    {
        try
        {
            var tcp = File.ReadLines($"/proc/{process}/net/snmp")
                .Where(l => l.StartsWith("Tcp:", StringComparison.Ordinal))
                .ToList();
            if (tcp.Count < 2)
            {
                return null;
            }

            var index = Array.IndexOf(tcp[0].Split(' '), "RetransSegs");
            return index < 0 ? null : long.Parse(tcp[1].Split(' ')[index], CultureInfo.InvariantCulture);
        }
        catch (IOException)
        {
            return null;
        }
        catch (UnauthorizedAccessException)
        {
            return null;
        }
    }
}
