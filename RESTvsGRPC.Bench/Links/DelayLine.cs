using System.Runtime.InteropServices;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// The hidden <c>delay-line</c> command, run by the bench in its router namespace: every forwarded packet waits half
/// the round trip in the kernel's queue and is let go in arrival order when due, by one timer over the queue (a
/// poll that ends at the head's due time); a seeded share is dropped on arrival. Standard input asks for a report
/// ("report": one line of counts since the last) and closing it lets the packets still held go when due, then exits.
/// </summary>
public static partial class DelayLine
{
    /// <summary>The command's name.</summary>
    public const string Command = "delay-line";

    /// <summary>The line it prints once its queue is bound: the rule may go in.</summary>
    public const string ReadyLine = "delay-line ready";

    /// <summary>The queue number the router's rule sends packets to.</summary>
    public const ushort QueueNumber = 0;

    /// <summary>
    /// The most packets the kernel holds for the line: 50 ms of a gigabit in 1500-byte packets, and more.
    /// </summary>
    public const uint MaxPackets = 65536;

    private const long MaxPollNanoseconds = 5_000_000;

    /// <summary>
    /// Holds every packet <paramref name="oneWayMicroseconds"/> and drops each with probability
    /// <paramref name="loss"/> (seeded by <paramref name="seed"/>); <paramref name="clientAddress"/> names the
    /// upstream direction. Exits 1 with the reason where the kernel refuses the queue.
    /// </summary>
    public static int Run(
        double oneWayMicroseconds,
        double loss,
        int seed,
        string clientAddress,
        TextWriter output,
        TextWriter error
    )
    {
        NetfilterQueue queue;
        try
        {
            // Large segments pass whole without loss (one verdict per 64 KB); a lossy line takes them segmented, so a
            // drop loses one packet, as on a wire.
            queue = NetfilterQueue.Open(QueueNumber, 20, MaxPackets, wholeGso: loss == 0);
        }
        catch (Exception e) when (e is InvalidOperationException or System.Net.Sockets.SocketException)
        {
            error.WriteLine($"delay-line cannot bind its queue: {e.Message}");
            return 1;
        }

        using (queue)
        {
            _ = Prctl(29, 1, 0, 0, 0);
            var state = new DelayLineState(
                queue,
                (long)(oneWayMicroseconds * Stopwatch.Frequency / 1e6),
                loss,
                seed,
                System.Net.IPAddress.Parse(clientAddress).GetAddressBytes()
            );
            var reports = StartReading(state);
            output.WriteLine(ReadyLine);
            output.Flush();
            Loop(state, reports, output);
            return 0;
        }
    }

    private static void Loop(DelayLineState state, DelayLineRequests requests, TextWriter output)
    {
        var buffer = new byte[1 << 20];
        var poll = new PollDescriptor { Descriptor = state.Queue.Descriptor, Events = 1 };
        while (!(requests.Closed && state.Held == 0))
        {
            state.ReleaseDue(Stopwatch.GetTimestamp());
            if (requests.TakeReport())
            {
                output.WriteLine(state.TakeReport().ToLine());
                output.Flush();
            }

            var wait = state.NanosecondsToNextDue(Stopwatch.GetTimestamp(), MaxPollNanoseconds);
            var timeout = new TimeSpec { Seconds = wait / 1_000_000_000, Nanoseconds = wait % 1_000_000_000 };
            poll.Returned = 0;
            if (Ppoll(ref poll, 1, ref timeout, IntPtr.Zero) > 0)
            {
                int read;
                while ((read = state.Queue.Receive(buffer)) != 0)
                {
                    state.Arrived(buffer.AsSpan(0, Math.Max(0, read)), overflowed: read < 0);
                }
            }
        }
    }

    private static DelayLineRequests StartReading(DelayLineState state)
    {
        var requests = new DelayLineRequests();
        var reader = new Thread(() =>
        {
            string? line;
            while ((line = Console.In.ReadLine()) is not null)
            {
                if (line.Trim() == "report")
                {
                    requests.AskReport();
                }
            }

            requests.Close();
        })
        {
            IsBackground = true,
            Name = "delay-line requests",
        };
        reader.Start();
        return requests;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct PollDescriptor
    {
        public int Descriptor;
        public short Events;
        public short Returned;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport("libc", EntryPoint = "ppoll", SetLastError = true)]
    private static partial int Ppoll(ref PollDescriptor descriptors, nuint count, ref TimeSpec timeout, IntPtr mask);

    // PR_SET_TIMERSLACK to 1 ns: the poll wakes at the due time, not up to 50 μs after it.
    [LibraryImport("libc", EntryPoint = "prctl")]
    private static partial int Prctl(int option, nuint a, nuint b, nuint c, nuint d);
}

/// <summary>What the delay line's reader thread asks of its loop: a report, or the end.</summary>
internal sealed class DelayLineRequests
{
    private int _report;
    private volatile bool _closed;

    /// <summary>True once standard input has closed.</summary>
    public bool Closed => _closed;

    /// <summary>Asks for one report.</summary>
    public void AskReport() => Interlocked.Increment(ref _report);

    /// <summary>True where a report was asked since the last call.</summary>
    public bool TakeReport() => Interlocked.Exchange(ref _report, 0) > 0;

    /// <summary>Marks standard input closed.</summary>
    public void Close() => _closed = true;
}
