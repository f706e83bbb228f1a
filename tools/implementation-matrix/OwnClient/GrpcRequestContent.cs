using System.Buffers;
using System.Net;
using Google.Protobuf;
using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// A request body of one length-prefixed message, serialized when HttpClient sends it into one pooled buffer (the
/// size is known, so exactly once) and written to the HTTP/2 stream in one write; the stream's end follows it.
/// </summary>
internal sealed class GrpcRequestContent(IMessage message, MessageCompression? compression) : HttpContent
{
    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        if (compression is not null)
        {
            await WriteCompressedAsync(stream, compression, cancellationToken);
            return;
        }

        var size = message.CalculateSize();
        var buffer = ArrayPool<byte>.Shared.Rent(GrpcProtocol.MessageHeaderLength + size);
        try
        {
            MessageFraming.WriteHeader(buffer, compressed: false, size);
            message.WriteTo(buffer.AsSpan(GrpcProtocol.MessageHeaderLength, size));
            await stream.WriteAsync(buffer.AsMemory(0, GrpcProtocol.MessageHeaderLength + size), cancellationToken);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task WriteCompressedAsync(Stream stream, MessageCompression compression, CancellationToken cancellationToken)
    {
        var writer = new PooledBufferWriter(message.CalculateSize() + GrpcProtocol.MessageHeaderLength);
        try
        {
            MessageFraming.WriteCompressed(writer, message, compression);
            await stream.WriteAsync(writer.Written, cancellationToken);
        }
        finally
        {
            writer.Return();
        }
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    // HTTP/2 needs no Content-Length, and gRPC clients send none.
    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }

    /// <summary>A buffer writer over one rented array, grown if compression makes the message larger than it was.</summary>
    private sealed class PooledBufferWriter(int capacity) : IBufferWriter<byte>
    {
        private byte[] _buffer = ArrayPool<byte>.Shared.Rent(capacity);
        private int _written;

        public ReadOnlyMemory<byte> Written => _buffer.AsMemory(0, _written);

        public void Advance(int count) => _written += count;

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Reserve(sizeHint);
            return _buffer.AsMemory(_written);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Reserve(sizeHint);
            return _buffer.AsSpan(_written);
        }

        public void Return() => ArrayPool<byte>.Shared.Return(_buffer);

        private void Reserve(int sizeHint)
        {
            if (_buffer.Length - _written >= Math.Max(sizeHint, 1))
            {
                return;
            }

            var larger = ArrayPool<byte>.Shared.Rent(Math.Max(_buffer.Length * 2, _written + sizeHint));
            _buffer.AsSpan(0, _written).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
        }
    }
}
