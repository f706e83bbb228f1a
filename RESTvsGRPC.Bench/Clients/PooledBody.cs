using System.Buffers;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// A request body in a buffer rented from the shared pool, as Grpc.Net.Client does: a new array per call would put
/// every large body on the large-object heap, a collection cost gRPC does not pay.
/// </summary>
public sealed class PooledBody : HttpContent
{
    private readonly PooledBufferWriter _body;

    private PooledBody(PooledBufferWriter body, MediaTypeHeaderValue type)
    {
        _body = body;
        Headers.ContentType = type;
    }

    /// <summary>
    /// The body <paramref name="serialize"/> writes, into a pooled buffer of <paramref name="sizeHint"/> bytes or more.
    /// </summary>
    public static PooledBody Of<TState>(
        TState state,
        Action<TState, IBufferWriter<byte>> serialize,
        int sizeHint,
        MediaTypeHeaderValue type
    )
    {
        var body = new PooledBufferWriter(sizeHint);
        try
        {
            serialize(state, body);
            return new PooledBody(body, type);
        }
        catch
        {
            body.Dispose();
            throw;
        }
    }

    /// <summary>The serialized bytes, for a caller that sends them another way (compressed).</summary>
    public ReadOnlyMemory<byte> Bytes => _body.Written;

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        stream.WriteAsync(_body.Written).AsTask();

    protected override Task SerializeToStreamAsync(
        Stream stream,
        TransportContext? context,
        CancellationToken cancellationToken
    ) => stream.WriteAsync(_body.Written, cancellationToken).AsTask();

    protected override void SerializeToStream(
        Stream stream,
        TransportContext? context,
        CancellationToken cancellationToken
    ) => stream.Write(_body.Written.Span);

    protected override bool TryComputeLength(out long length)
    {
        length = _body.Written.Length;
        return true;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _body.Dispose();
        }

        base.Dispose(disposing);
    }

    /// <summary>
    /// An <see cref="IBufferWriter{T}"/> over arrays rented from the shared pool, growing by renting a larger one.
    /// </summary>
    private sealed class PooledBufferWriter(int sizeHint) : IBufferWriter<byte>, IDisposable
    {
        private byte[] _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(sizeHint, 256));
        private int _written;

        public ReadOnlyMemory<byte> Written => _buffer.AsMemory(0, _written);

        public void Advance(int count) => _written += count;

        public Memory<byte> GetMemory(int sizeHint = 0) => Ensure(sizeHint).AsMemory(_written);

        public Span<byte> GetSpan(int sizeHint = 0) => Ensure(sizeHint).AsSpan(_written);

        // Disposed twice (the content, then the request that holds it) returns the buffer once.
        public void Dispose()
        {
            if (_buffer.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(_buffer);
                _buffer = [];
                _written = 0;
            }
        }

        private byte[] Ensure(int sizeHint)
        {
            if (_buffer.Length - _written >= Math.Max(sizeHint, 1))
            {
                return _buffer;
            }

            var larger = ArrayPool<byte>.Shared.Rent(Math.Max(_buffer.Length * 2, _written + sizeHint));
            _buffer.AsSpan(0, _written).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            return _buffer = larger;
        }
    }
}
