using System.Net.Sockets;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// Counts the bytes a client's sockets send and receive: TLS records, HTTP/2 frames and headers as they travel.
/// </summary>
public sealed class WireCounter
{
    private long _sent;
    private long _received;

    /// <summary>Bytes written to the sockets since the last <see cref="Reset"/>.</summary>
    public long Sent => Interlocked.Read(ref _sent);

    /// <summary>Bytes read from the sockets since the last <see cref="Reset"/>.</summary>
    public long Received => Interlocked.Read(ref _received);

    /// <summary>
    /// The HTTP version of the last response a client of this counter received; null before the first and after
    /// <see cref="Reset"/>.
    /// </summary>
    public Version? LastResponseVersion { get; private set; }

    /// <summary>Starts counting from zero; the connections stay open.</summary>
    public void Reset()
    {
        Interlocked.Exchange(ref _sent, 0);
        Interlocked.Exchange(ref _received, 0);
        LastResponseVersion = null;
    }

    /// <summary>
    /// Notes each response's HTTP version on the counter: what the client and server negotiated, beside the bytes.
    /// </summary>
    public sealed class VersionNote(HttpMessageHandler inner, WireCounter counter) : DelegatingHandler(inner)
    {
        protected override async Task<HttpResponseMessage> SendAsync(
            HttpRequestMessage request,
            CancellationToken cancellationToken
        )
        {
            var response = await base.SendAsync(request, cancellationToken);
            counter.LastResponseVersion = response.Version;
            return response;
        }
    }

    /// <summary>
    /// SocketsHttpHandler's connect step: a TCP connection (no Nagle, as the handler's own) whose stream counts.
    /// </summary>
    public async ValueTask<Stream> ConnectAsync(
        SocketsHttpConnectionContext context,
        CancellationToken cancellationToken
    )
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        try
        {
            await socket.ConnectAsync(context.DnsEndPoint, cancellationToken);
            return new CountingStream(new NetworkStream(socket, ownsSocket: true), this);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Passes every read and write through to the socket's stream and adds its length to the counter.
    /// </summary>
    private sealed class CountingStream(Stream inner, WireCounter counter) : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Received(inner.Read(buffer, offset, count));

        public override async ValueTask<int> ReadAsync(
            Memory<byte> buffer,
            CancellationToken cancellationToken = default
        ) => Received(await inner.ReadAsync(buffer, cancellationToken));

        public override Task<int> ReadAsync(
            byte[] buffer,
            int offset,
            int count,
            CancellationToken cancellationToken
        ) => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Write(byte[] buffer, int offset, int count)
        {
            inner.Write(buffer, offset, count);
            Interlocked.Add(ref counter._sent, count);
        }

        public override async ValueTask WriteAsync(
            ReadOnlyMemory<byte> buffer,
            CancellationToken cancellationToken = default
        )
        {
            await inner.WriteAsync(buffer, cancellationToken);
            Interlocked.Add(ref counter._sent, buffer.Length);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush() => inner.Flush();

        public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }

        private int Received(int count)
        {
            Interlocked.Add(ref counter._received, count);
            return count;
        }
    }
}
