using System.Buffers;
using System.IO.Compression;

namespace GrpcWire;

/// <summary>
/// A message compression gRPC peers agree on through <c>grpc-encoding</c>: gzip, or deflate (the zlib format, as
/// HTTP's content coding of that name). Each message is compressed on its own, as the protocol requires.
/// </summary>
public sealed class MessageCompression
{
    /// <summary>
    /// The level every compressing arm uses: ASP.NET Core's response compression and grpc-dotnet's gzip provider
    /// both default to it, so REST and gRPC trade the same CPU for bytes.
    /// </summary>
    public const CompressionLevel Level = CompressionLevel.Fastest;

    public static readonly MessageCompression Gzip = new("gzip", static (stream, mode) =>
        mode == CompressionMode.Compress ? new GZipStream(stream, Level, leaveOpen: true) : new GZipStream(stream, mode, leaveOpen: true));

    public static readonly MessageCompression Deflate = new("deflate", static (stream, mode) =>
        mode == CompressionMode.Compress ? new ZLibStream(stream, Level, leaveOpen: true) : new ZLibStream(stream, mode, leaveOpen: true));

    /// <summary>What this implementation accepts, as the <c>grpc-accept-encoding</c> value.</summary>
    public const string AcceptEncoding = "identity,gzip,deflate";

    private readonly Func<Stream, CompressionMode, Stream> _open;

    private MessageCompression(string name, Func<Stream, CompressionMode, Stream> open)
    {
        Name = name;
        _open = open;
    }

    /// <summary>The <c>grpc-encoding</c> name.</summary>
    public string Name { get; }

    /// <summary>The compression named by a <c>grpc-encoding</c> value; null for identity, absent, or one this side does not know.</summary>
    public static MessageCompression? Find(string? encoding) => encoding switch
    {
        "gzip" => Gzip,
        "deflate" => Deflate,
        _ => null,
    };

    /// <summary>Whether <paramref name="encoding"/> is absent or identity (no compression).</summary>
    public static bool IsIdentity(string? encoding) => encoding is null or "" or "identity";

    public byte[] Compress(ReadOnlySpan<byte> message)
    {
        using var output = new MemoryStream();
        using (var compressor = _open(output, CompressionMode.Compress))
        {
            compressor.Write(message);
        }

        return output.ToArray();
    }

    /// <summary>
    /// Decompresses a message into a buffer rented from the shared pool (return it with <see cref="ArrayPool{T}.Return"/>).
    /// Stops as soon as the output would pass <paramref name="maxLength"/>: a small message that inflates past
    /// the receive limit is refused without being inflated, which is what stops decompression bombs.
    /// </summary>
    public (byte[] Buffer, int Length) Decompress(ReadOnlySequence<byte> compressed, int maxLength)
    {
        using var input = new SequenceStream(compressed);
        using var decompressor = _open(input, CompressionMode.Decompress);
        var buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(Math.Max(compressed.Length * 4, 256), maxLength + 1L));
        var length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    if (length > maxLength)
                    {
                        throw TooLarge(maxLength);
                    }

                    var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(buffer.Length * 2L, maxLength + 1L));
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                var read = decompressor.Read(buffer, length, buffer.Length - length);
                if (read == 0)
                {
                    return (buffer, length);
                }

                length += read;
                if (length > maxLength)
                {
                    throw TooLarge(maxLength);
                }
            }
        }
        catch (InvalidDataException e)
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw new RpcException(StatusCode.Internal, $"The {Name} message could not be decompressed: {e.Message}");
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(buffer);
            throw;
        }
    }

    private static RpcException TooLarge(int maxLength) =>
        new(StatusCode.ResourceExhausted, $"Received message exceeds the maximum configured message size of {maxLength} bytes after decompression.");

    /// <summary>A read-only stream over a byte sequence, so decompression reads the body's buffers in place.</summary>
    private sealed class SequenceStream(ReadOnlySequence<byte> sequence) : Stream
    {
        private ReadOnlySequence<byte> _remaining = sequence;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            var count = (int)Math.Min(buffer.Length, _remaining.Length);
            _remaining.Slice(0, count).CopyTo(buffer);
            _remaining = _remaining.Slice(count);
            return count;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
