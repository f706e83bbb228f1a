using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// The delay line's packets in flight (in arrival order, so due in arrival order) and its counts since the last
/// report: packets and bytes, drops, overflows, lateness and CPU.
/// </summary>
internal sealed class DelayLineState(NetfilterQueue queue, long delayTicks, double loss, int seed, byte[] client)
{
    private const int LatenessBuckets = 100_000;

    // Sized for the kernel's whole queue: it never grows, so the loop allocates nothing and no collection stops it.
    private readonly Queue<(uint Id, long Due)> _held = new((int)DelayLine.MaxPackets);
    private readonly Random _random = new(seed);
    private readonly long[] _lateness = new long[LatenessBuckets + 1];
    private long _latenessSum;
    private long _latenessMax;
    private long _released;
    private long _upstreamPackets;
    private long _downstreamPackets;
    private long _bytes;
    private long _dropped;
    private long _overflows;
    private long _reportedAt = Stopwatch.GetTimestamp();
    private TimeSpan _cpuAt = Process.GetCurrentProcess().TotalProcessorTime;
    private (long Queue, long User) _kernelDropsAt = KernelDrops();

    /// <summary>The queue the packets wait in.</summary>
    public NetfilterQueue Queue => queue;

    /// <summary>Packets held now.</summary>
    public int Held => _held.Count;

    /// <summary>Takes in what arrived: each packet dropped (at the loss's rate) or held until due.</summary>
    public void Arrived(ReadOnlySpan<byte> messages, bool overflowed)
    {
        if (overflowed)
        {
            _overflows++;
            return;
        }

        var now = Stopwatch.GetTimestamp();
        var offset = 0;
        while (NetfilterQueue.NextPacket(messages, ref offset, out var id, out var length, out var start))
        {
            if (start.Length >= 16 && start[12..16].SequenceEqual(client))
            {
                _upstreamPackets++;
            }
            else
            {
                _downstreamPackets++;
            }

            _bytes += length;
            if (loss > 0 && _random.NextDouble() < loss)
            {
                _dropped++;
                queue.Verdict(id, NetfilterQueue.Drop);
            }
            else
            {
                _held.Enqueue((id, now + delayTicks));
            }
        }
    }

    /// <summary>
    /// Lets go every packet due by <paramref name="now"/>, in one verdict, and records how late each went.
    /// </summary>
    public void ReleaseDue(long now)
    {
        uint? last = null;
        while (_held.TryPeek(out var head) && head.Due <= now)
        {
            _held.Dequeue();
            last = head.Id;
            var late = (now - head.Due) * 1_000_000 / Stopwatch.Frequency;
            _lateness[Math.Min(late, LatenessBuckets)]++;
            _latenessSum += late;
            _latenessMax = Math.Max(_latenessMax, late);
            _released++;
        }

        if (last is { } id)
        {
            queue.AcceptThrough(id);
        }
    }

    /// <summary>Nanoseconds until the head is due (0 if it is), or <paramref name="most"/> with nothing held.</summary>
    public long NanosecondsToNextDue(long now, long most) =>
        _held.TryPeek(out var head)
            ? Math.Clamp((long)((head.Due - now) * (1e9 / Stopwatch.Frequency)), 0, most)
            : most;

    /// <summary>The counts since the last report, which start again from here.</summary>
    public DelayLineReading TakeReport()
    {
        var (now, cpu, kernelDrops) = (
            Stopwatch.GetTimestamp(),
            Process.GetCurrentProcess().TotalProcessorTime,
            KernelDrops()
        );
        var reading = new DelayLineReading(
            Stopwatch.GetElapsedTime(_reportedAt, now).TotalSeconds,
            _upstreamPackets,
            _downstreamPackets,
            _bytes,
            _dropped,
            _overflows + (kernelDrops.Queue - _kernelDropsAt.Queue) + (kernelDrops.User - _kernelDropsAt.User),
            _released,
            _released == 0 ? 0 : (double)_latenessSum / _released,
            Percentile(0.99),
            _latenessMax,
            (cpu - _cpuAt).TotalSeconds
        );
        Array.Clear(_lateness);
        (_latenessSum, _latenessMax, _released, _upstreamPackets, _downstreamPackets) = (0, 0, 0, 0, 0);
        (_bytes, _dropped, _overflows) = (0, 0, 0);
        (_reportedAt, _cpuAt, _kernelDropsAt) = (now, cpu, kernelDrops);
        return reading;
    }

    private long Percentile(double share)
    {
        var rank = (long)Math.Ceiling(share * _released);
        long seen = 0;
        for (var micros = 0; micros <= LatenessBuckets; micros++)
        {
            seen += _lateness[micros];
            if (seen >= rank && rank > 0)
            {
                return micros;
            }
        }

        return 0;
    }

    /// <summary>
    /// The kernel's drops for this queue: packets it found the queue full for, and packets it could not hand over.
    /// </summary>
    private static (long Queue, long User) KernelDrops()
    {
        const string table = "/proc/net/netfilter/nfnetlink_queue";
        var row = File.Exists(table)
            ? File.ReadAllLines(table)
                .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
                .FirstOrDefault(fields => fields.Length >= 7 && fields[0] == $"{DelayLine.QueueNumber}")
            : null;
        return row is null
            ? (0, 0)
            : (long.Parse(row[5], CultureInfo.InvariantCulture), long.Parse(row[6], CultureInfo.InvariantCulture));
    }
}
