using System.Buffers;
using System.Buffers.Binary;
using Google.Protobuf;

namespace GrpcWire;

/// <summary>
/// gRPC's Length-Prefixed-Message: a compressed-flag byte, a four-byte big-endian length, then the message. Writes
/// straight into the caller's buffer writer; reads from a sequence without copying.
/// </summary>
public static class MessageFraming
{
    // Up to this size a message is serialized into one span; above it, protobuf writes across the writer's segments.
    private const int ContiguousLimit = 4096;

    /// <summary>Frames <paramref name="message"/> uncompressed into <paramref name="output"/>.</summary>
    public static void Write(IBufferWriter<byte> output, IMessage message)
    {
        var size = message.CalculateSize();
        var total = GrpcProtocol.MessageHeaderLength + size;
        if (total <= ContiguousLimit)
        {
            var span = output.GetSpan(total);
            WriteHeader(span, compressed: false, size);
            message.WriteTo(span.Slice(GrpcProtocol.MessageHeaderLength, size));
            output.Advance(total);
            return;
        }

        WriteHeader(output.GetSpan(GrpcProtocol.MessageHeaderLength), compressed: false, size);
        output.Advance(GrpcProtocol.MessageHeaderLength);
        message.WriteTo(output);
    }

    /// <summary>Frames <paramref name="message"/> compressed with <paramref name="compression"/> into <paramref name="output"/>.</summary>
    public static void WriteCompressed(IBufferWriter<byte> output, IMessage message, MessageCompression compression)
    {
        var size = message.CalculateSize();
        var plain = ArrayPool<byte>.Shared.Rent(size);
        try
        {
            message.WriteTo(plain.AsSpan(0, size));
            var compressed = compression.Compress(plain.AsSpan(0, size));
            WriteHeader(output.GetSpan(GrpcProtocol.MessageHeaderLength), compressed: true, compressed.Length);
            output.Advance(GrpcProtocol.MessageHeaderLength);
            output.Write(compressed);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(plain);
        }
    }

    public static void WriteHeader(Span<byte> destination, bool compressed, int length)
    {
        destination[0] = compressed ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(destination[1..], (uint)length);
    }

    /// <summary>
    /// Reads a message header from the start of <paramref name="buffer"/>; false while fewer than five bytes are
    /// there. A flag other than 0 or 1 is a protocol error.
    /// </summary>
    public static bool TryReadHeader(in ReadOnlySequence<byte> buffer, out bool compressed, out uint length)
    {
        compressed = false;
        length = 0;
        if (buffer.Length < GrpcProtocol.MessageHeaderLength)
        {
            return false;
        }

        Span<byte> header = stackalloc byte[GrpcProtocol.MessageHeaderLength];
        buffer.Slice(0, GrpcProtocol.MessageHeaderLength).CopyTo(header);
        ReadHeader(header, out compressed, out length);
        return true;
    }

    /// <summary>Reads a five-byte message header.</summary>
    public static void ReadHeader(ReadOnlySpan<byte> header, out bool compressed, out uint length)
    {
        compressed = header[0] switch
        {
            0 => false,
            1 => true,
            var flag => throw new RpcException(StatusCode.Internal, $"Invalid compressed flag {flag} in a message header."),
        };
        length = BinaryPrimitives.ReadUInt32BigEndian(header[1..]);
    }
}
