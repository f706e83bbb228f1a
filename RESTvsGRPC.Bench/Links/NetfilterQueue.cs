using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// One queue of the kernel's nfnetlink_queue, spoken over a netlink socket: packets an iptables NFQUEUE rule sends to
/// user space arrive here with an id, and wait in the kernel until a verdict names them.
/// </summary>
internal sealed partial class NetfilterQueue : IDisposable
{
    private const int NetlinkFamily = 16;
    private const int RawSocket = 3;
    private const int NetlinkNetfilter = 12;
    private const int DontWait = 0x40;
    private const int TryAgain = 11;
    private const int NoBufferSpace = 105;
    private const ushort QueueSubsystem = 3 << 8;
    private const ushort PacketMessage = QueueSubsystem | 0;
    private const ushort VerdictMessage = QueueSubsystem | 1;
    private const ushort ConfigMessage = QueueSubsystem | 2;
    private const ushort BatchVerdictMessage = QueueSubsystem | 3;
    private const ushort ErrorMessage = 2;
    private const ushort Request = 1;
    private const ushort Acknowledge = 4;
    private const int HeaderBytes = 16 + 4;

    /// <summary>A verdict: drop the packet.</summary>
    public const uint Drop = 0;

    /// <summary>A verdict: let the packet go on.</summary>
    public const uint Accept = 1;

    private readonly int _socket;
    private readonly ushort _queue;
    private readonly byte[] _verdict = new byte[HeaderBytes + 12];
    private uint _sequence;

    private NetfilterQueue(int socket, ushort queue)
    {
        (_socket, _queue) = (socket, queue);
    }

    /// <summary>The socket's file descriptor, for polling.</summary>
    public int Descriptor => _socket;

    /// <summary>
    /// Binds queue <paramref name="queue"/> of this network namespace: packets copied up to their first
    /// <paramref name="copyBytes"/> bytes, at most <paramref name="maxPackets"/> held; with <paramref name="wholeGso"/>
    /// a large segment arrives as one packet. Throws with the kernel's error.
    /// </summary>
    public static NetfilterQueue Open(ushort queue, int copyBytes, uint maxPackets, bool wholeGso)
    {
        var socket = Check(Socket(NetlinkFamily, RawSocket, NetlinkNetfilter), "socket");
        try
        {
            // Root may size the buffer past rmem_max (SO_RCVBUFFORCE): a full buffer drops packets.
            var bufferBytes = 32 * 1024 * 1024;
            Check(SetSocketOption(socket, 1, 33, ref bufferBytes, sizeof(int)), "SO_RCVBUFFORCE");
            var address = new byte[12];
            BinaryPrimitives.WriteUInt16LittleEndian(address, NetlinkFamily);
            Check(Bind(socket, address, address.Length), "bind");
            var nfq = new NetfilterQueue(socket, queue);
            nfq.Configure(Attribute(1, [1, 0, 0, 2]));
            var parameters = new byte[5];
            BinaryPrimitives.WriteUInt32BigEndian(parameters, (uint)copyBytes);
            parameters[4] = 2;
            nfq.Configure(Attribute(2, parameters));
            nfq.Configure(Attribute(3, BigEndian(maxPackets)));
            var flags = wholeGso ? 4u : 0u;
            nfq.Configure([.. Attribute(4, BigEndian(4u)), .. Attribute(5, BigEndian(flags))]);
            return nfq;
        }
        catch
        {
            _ = Close(socket);
            throw;
        }
    }

    /// <summary>
    /// Reads what has arrived into <paramref name="buffer"/>: its length, 0 when nothing waits, -1 when the socket's
    /// buffer overflowed (the kernel dropped what it could not deliver).
    /// </summary>
    public int Receive(byte[] buffer)
    {
        var read = (int)Receive(_socket, buffer, (nuint)buffer.Length, DontWait);
        return read >= 0
            ? read
            : Marshal.GetLastPInvokeError() switch
            {
                TryAgain => 0,
                NoBufferSpace => -1,
                var code => throw Failure("recv", code),
            };
    }

    /// <summary>
    /// The next queued packet in <paramref name="messages"/> from <paramref name="offset"/> on (which it moves past
    /// it): its id, its whole length and its first copied bytes; false when none is left. Allocates nothing.
    /// </summary>
    public static bool NextPacket(
        ReadOnlySpan<byte> messages,
        ref int offset,
        out uint id,
        out int length,
        out ReadOnlySpan<byte> start
    )
    {
        while (messages.Length - offset >= 16)
        {
            var message = messages[offset..];
            var size = (int)BinaryPrimitives.ReadUInt32LittleEndian(message);
            if (size < 16 || size > message.Length)
            {
                break;
            }

            offset += Math.Min(message.Length, (size + 3) & ~3);
            if (
                BinaryPrimitives.ReadUInt16LittleEndian(message[4..]) == PacketMessage
                && ReadPacket(message[HeaderBytes..size], out id, out length, out start)
            )
            {
                return true;
            }
        }

        (id, length) = (0, 0);
        start = default;
        return false;
    }

    /// <summary>Gives packet <paramref name="id"/> its verdict.</summary>
    public void Verdict(uint id, uint verdict) => SendVerdict(VerdictMessage, id, verdict);

    /// <summary>Accepts every packet still queued whose id is at most <paramref name="id"/>.</summary>
    public void AcceptThrough(uint id) => SendVerdict(BatchVerdictMessage, id, Accept);

    /// <summary>Closes the socket; the kernel drops whatever is still queued.</summary>
    public void Dispose() => _ = Close(_socket);

    private static bool ReadPacket(
        ReadOnlySpan<byte> attributes,
        out uint id,
        out int length,
        out ReadOnlySpan<byte> payload
    )
    {
        (uint? found, length) = (null, -1);
        payload = default;
        while (attributes.Length >= 4)
        {
            var size = BinaryPrimitives.ReadUInt16LittleEndian(attributes);
            if (size < 4 || size > attributes.Length)
            {
                break;
            }

            var data = attributes[4..size];
            switch (BinaryPrimitives.ReadUInt16LittleEndian(attributes[2..]) & 0x3fff)
            {
                case 1:
                    found = BinaryPrimitives.ReadUInt32BigEndian(data);
                    break;
                case 10:
                    payload = data;
                    break;
                case 13:
                    length = (int)BinaryPrimitives.ReadUInt32BigEndian(data);
                    break;
            }

            attributes = attributes[Math.Min(attributes.Length, (size + 3) & ~3)..];
        }

        id = found ?? 0;
        length = length >= 0 ? length : payload.Length;
        return found is not null;
    }

    private void SendVerdict(ushort type, uint id, uint verdict)
    {
        var message = _verdict.AsSpan();
        WriteHeader(message, type, Request, 0);
        BinaryPrimitives.WriteUInt16LittleEndian(message[HeaderBytes..], 12);
        BinaryPrimitives.WriteUInt16LittleEndian(message[(HeaderBytes + 2)..], 2);
        BinaryPrimitives.WriteUInt32BigEndian(message[(HeaderBytes + 4)..], verdict);
        BinaryPrimitives.WriteUInt32BigEndian(message[(HeaderBytes + 8)..], id);
        Send(_verdict);
    }

    private void Send(byte[] message)
    {
        if (Send(_socket, message, (nuint)message.Length, 0) < 0)
        {
            throw Failure("send", Marshal.GetLastPInvokeError());
        }
    }

    /// <summary>Sends one configuration message and waits for the kernel's acknowledgement; throws its error.</summary>
    private void Configure(byte[] attributes)
    {
        var message = new byte[HeaderBytes + attributes.Length];
        WriteHeader(message, ConfigMessage, Request | Acknowledge, ++_sequence);
        attributes.CopyTo(message, HeaderBytes);
        Send(message);
        var answer = new byte[4096];
        var read = (int)Receive(_socket, answer, (nuint)answer.Length, 0);
        if (read >= 20 && BinaryPrimitives.ReadUInt16LittleEndian(answer.AsSpan(4)) == ErrorMessage)
        {
            var code = -BinaryPrimitives.ReadInt32LittleEndian(answer.AsSpan(16));
            if (code != 0)
            {
                throw new InvalidOperationException(
                    $"the kernel refused queue {_queue}'s configuration: {Marshal.GetPInvokeErrorMessage(code)}"
                );
            }
        }
    }

    private void WriteHeader(Span<byte> message, ushort type, ushort flags, uint sequence)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(message, (uint)message.Length);
        BinaryPrimitives.WriteUInt16LittleEndian(message[4..], type);
        BinaryPrimitives.WriteUInt16LittleEndian(message[6..], flags);
        BinaryPrimitives.WriteUInt32LittleEndian(message[8..], sequence);
        BinaryPrimitives.WriteUInt32LittleEndian(message[12..], 0);
        message[16] = 0;
        message[17] = 0;
        BinaryPrimitives.WriteUInt16BigEndian(message[18..], _queue);
    }

    private static byte[] Attribute(ushort type, byte[] data)
    {
        var attribute = new byte[(4 + data.Length + 3) & ~3];
        BinaryPrimitives.WriteUInt16LittleEndian(attribute, (ushort)(4 + data.Length));
        BinaryPrimitives.WriteUInt16LittleEndian(attribute.AsSpan(2), type);
        data.CopyTo(attribute, 4);
        return attribute;
    }

    private static byte[] BigEndian(uint value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteUInt32BigEndian(bytes, value);
        return bytes;
    }

    private static int Check(int result, string call) =>
        result >= 0 ? result : throw Failure(call, Marshal.GetLastPInvokeError());

    private static InvalidOperationException Failure(string call, int code) =>
        new($"{call} on the netfilter queue failed: {Marshal.GetPInvokeErrorMessage(code)}");

    [LibraryImport("libc", EntryPoint = "socket", SetLastError = true)]
    private static partial int Socket(int domain, int type, int protocol);

    [LibraryImport("libc", EntryPoint = "setsockopt", SetLastError = true)]
    private static partial int SetSocketOption(int socket, int level, int name, ref int value, int length);

    [LibraryImport("libc", EntryPoint = "bind", SetLastError = true)]
    private static partial int Bind(int socket, byte[] address, int length);

    [LibraryImport("libc", EntryPoint = "send", SetLastError = true)]
    private static partial nint Send(int socket, byte[] buffer, nuint length, int flags);

    [LibraryImport("libc", EntryPoint = "recv", SetLastError = true)]
    private static partial nint Receive(int socket, byte[] buffer, nuint length, int flags);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int socket);
}
