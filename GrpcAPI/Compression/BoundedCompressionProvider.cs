using System.IO.Compression;
using Grpc.Core;
using Grpc.Net.Compression;

namespace GrpcAPI.Compression;

/// <summary>
/// gzip or deflate for gRPC messages, as grpc-dotnet's own providers, except that decompression stops at the receive
/// limit. grpc-dotnet checks <c>MaxReceiveMessageSize</c> against a message's compressed length only and then inflates
/// it without a bound, so a 100 KB message could inflate to gigabytes; through this provider it inflates to at most
/// the limit and the call ends with RESOURCE_EXHAUSTED.
/// </summary>
public sealed class BoundedCompressionProvider : ICompressionProvider
{
    /// <summary>
    /// The level every compressing arm uses: ASP.NET Core's response compression (RestAPI) and grpc-dotnet's gzip
    /// provider both default to it, so REST and gRPC trade the same CPU for bytes.
    /// </summary>
    public const CompressionLevel DefaultLevel = CompressionLevel.Fastest;

    private readonly Func<Stream, CompressionLevel, Stream> _compress;
    private readonly Func<Stream, Stream> _decompress;
    private readonly int _maxMessageBytes;

    private BoundedCompressionProvider(
        string name,
        int maxMessageBytes,
        Func<Stream, CompressionLevel, Stream> compress,
        Func<Stream, Stream> decompress
    )
    {
        EncodingName = name;
        _maxMessageBytes = maxMessageBytes;
        _compress = compress;
        _decompress = decompress;
    }

    public string EncodingName { get; }

    /// <summary>gzip, inflating at most <paramref name="maxMessageBytes"/> of a received message.</summary>
    public static BoundedCompressionProvider Gzip(int maxMessageBytes) =>
        new(
            "gzip",
            maxMessageBytes,
            static (stream, level) => new GZipStream(stream, level, leaveOpen: true),
            static stream => new GZipStream(stream, CompressionMode.Decompress)
        );

    /// <summary>deflate (the zlib format, as grpc-dotnet's provider of that name), inflating at most <paramref
    /// name="maxMessageBytes"/>.</summary>
    public static BoundedCompressionProvider Deflate(int maxMessageBytes) =>
        new(
            "deflate",
            maxMessageBytes,
            static (stream, level) => new ZLibStream(stream, level, leaveOpen: true),
            static stream => new ZLibStream(stream, CompressionMode.Decompress)
        );

    public Stream CreateCompressionStream(Stream stream, CompressionLevel? compressionLevel) =>
        _compress(stream, compressionLevel ?? DefaultLevel);

    public Stream CreateDecompressionStream(Stream stream) =>
        new LimitedReadStream(_decompress(stream), _maxMessageBytes, EncodingName);

    /// <summary>Reads through to the decompressor and throws RESOURCE_EXHAUSTED once more than the limit would come
    /// out.</summary>
    private sealed class LimitedReadStream(Stream inner, int limit, string encoding) : Stream
    {
        private long _read;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position
        {
            get => _read;
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            // Never ask for more than one byte past the limit: that byte is enough to know the message is too large.
            var allowed = (int)Math.Min(buffer.Length, limit + 1L - _read);
            int read;
            try
            {
                read = inner.Read(buffer[..allowed]);
            }
            catch (InvalidDataException e)
            {
                throw new RpcException(
                    new Status(StatusCode.Internal, $"The {encoding} message could not be decompressed: {e.Message}")
                );
            }

            _read += read;
            return _read > limit
                ? throw new RpcException(
                    new Status(
                        StatusCode.ResourceExhausted,
                        $"Received message exceeds the maximum configured message size of {limit} bytes after "
                            + $"decompression."
                    )
                )
                : read;
        }

        public override void Flush() { }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
