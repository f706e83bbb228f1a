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
/// What a <see cref="GapRecorder"/> saw: the longest gap and every gap of at least the floor, in milliseconds, and what
/// TCP retransmitted over the window where read.
/// </summary>
public sealed record GapReading(double LongestMilliseconds, IReadOnlyList<double> LongMilliseconds)
{
    /// <summary>What TCP retransmitted over the window (<see cref="TcpLoss"/>); null where not read.</summary>
    public TcpLoss? Loss { get; init; }

    /// <summary>Nothing seen yet.</summary>
    public static GapReading None { get; } = new(0, []);

    /// <summary>Both windows' gaps as one.</summary>
    public GapReading Add(GapReading other) =>
        new(Math.Max(LongestMilliseconds, other.LongestMilliseconds), [.. LongMilliseconds, .. other.LongMilliseconds])
        {
            Loss =
                Loss is null ? other.Loss
                : other.Loss is null ? Loss
                : Loss + other.Loss,
        };

    /// <summary>
    /// The gaps as results hold them: those of at least <paramref name="thresholdMilliseconds"/> are stalls.
    /// </summary>
    public CompletionGaps ToGaps(double thresholdMilliseconds) =>
        new(LongestMilliseconds, LongMilliseconds.Count(g => g >= thresholdMilliseconds))
        {
            Retransmissions = Loss?.Segments,
            RetransmissionTimeouts = Loss?.Timeouts,
        };
}

/// <summary>
/// What TCP retransmitted in the network namespaces of this process and of a server, each namespace once (on loopback,
/// the machine's): segments (the kernel's <c>RetransSegs</c>, tail-loss probes included) and retransmission timeouts
/// (<c>TCPTimeouts</c>: each one a connection that sent nothing for 200 ms at least).
/// </summary>
public sealed record TcpLoss(long Segments, long Timeouts)
{
    /// <summary>The counts so far; null where the kernel's counters cannot be read (not Linux).</summary>
    public static TcpLoss? Read(int? serverId)
    {
        var own = Of("self");
        if (own is null || serverId is not { } id || SameNamespace(id))
        {
            return own;
        }

        return Of(id.ToString(CultureInfo.InvariantCulture)) is { } server ? own + server : own;
    }

    public static TcpLoss operator +(TcpLoss a, TcpLoss b) => new(a.Segments + b.Segments, a.Timeouts + b.Timeouts);

    public static TcpLoss operator -(TcpLoss a, TcpLoss b) => new(a.Segments - b.Segments, a.Timeouts - b.Timeouts);

    /// <summary>
    /// What was counted between <paramref name="before"/> and <paramref name="after"/>; null where either is.
    /// </summary>
    public static TcpLoss? Between(TcpLoss? before, TcpLoss? after) =>
        before is not null && after is not null ? after - before : null;

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

    private static TcpLoss? Of(string process) =>
        Counter(process, "snmp", "Tcp:", "RetransSegs") is { } segments
            ? new TcpLoss(segments, Counter(process, "netstat", "TcpExt:", "TCPTimeouts") ?? 0)
            : null;

    /// <summary>
    /// One counter of a /proc/PID/net table: a header line and a value line, both starting with the prefix.
    /// </summary>
    private static long? Counter(string process, string table, string prefix, string name)
    {
        try
        {
            var lines = File.ReadLines($"/proc/{process}/net/{table}")
                .Where(l => l.StartsWith(prefix, StringComparison.Ordinal))
                .ToList();
            var index = lines.Count < 2 ? -1 : Array.IndexOf(lines[0].Split(' '), name);
            return index < 0 ? null : long.Parse(lines[1].Split(' ')[index], CultureInfo.InvariantCulture);
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
