using System.Net;
using System.Net.Sockets;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// A loopback TCP relay in front of an HTTP/1.1 server. Once <see cref="FreezeInNextLargeBody"/> is called, it passes
/// the next answer whose body runs past 4 KiB up to its headers and the first 4 KiB of the body, then passes nothing
/// more from the server on any connection: seen from the client, the server froze in the middle of a body, as a
/// SIGSTOP after the headers leaves it, but at a moment the test chooses rather than one it guesses.
/// </summary>
public sealed class FreezingRelay : IDisposable
{
    private const int BodyBytesBeforeFreezing = 4096;
    private static readonly byte[] HeaderEnd = "\r\n\r\n"u8.ToArray();

    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly IPEndPoint _server;
    private readonly CancellationTokenSource _stop = new();
    private readonly TaskCompletionSource _frozen = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private volatile bool _armed;

    public FreezingRelay(Uri server)
    {
        _server = new IPEndPoint(IPAddress.Parse(server.Host), server.Port);
        _listener.Start();
        _ = AcceptAsync();
    }

    /// <summary>The address to give the client instead of the server's.</summary>
    public Uri Address => new($"http://{_listener.LocalEndpoint}/");

    /// <summary>Completes when the relay froze in a body.</summary>
    public Task Frozen => _frozen.Task;

    public void FreezeInNextLargeBody() => _armed = true;

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Stop();
        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        try
        {
            while (true)
            {
                var client = await _listener.AcceptTcpClientAsync(_stop.Token);
                _ = RelayAsync(client);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
        {
            // The relay is disposed.
        }
    }

    private async Task RelayAsync(TcpClient client)
    {
        using var _ = client;
        using var server = new TcpClient();
        try
        {
            await server.ConnectAsync(_server, _stop.Token);
            var toServer = client.GetStream().CopyToAsync(server.GetStream(), _stop.Token);
            await Task.WhenAny(toServer, AnswersAsync(server.GetStream(), client.GetStream()));
            // Held open once frozen, as a stopped process holds its sockets.
            await Task.Delay(Timeout.Infinite, _stop.Token);
        }
        catch (Exception e)
            when (e is OperationCanceledException or IOException or SocketException or ObjectDisposedException)
        {
            // A side closed, or the relay is disposed.
        }
    }

    /// <summary>Passes the server's bytes on, counting each body's bytes after its headers, until it freezes.</summary>
    private async Task AnswersAsync(NetworkStream server, NetworkStream client)
    {
        var buffer = new byte[16 * 1024];
        var tail = new List<byte>();
        var bodyBytes = 0;
        int read;
        while (!_frozen.Task.IsCompleted && (read = await server.ReadAsync(buffer, _stop.Token)) > 0)
        {
            var chunk = buffer.AsMemory(0, read);
            // A header end may straddle two reads: look in the last three bytes of the previous one too.
            var window = tail.Concat(buffer.Take(read)).ToArray();
            var end = window.AsSpan().LastIndexOf(HeaderEnd);
            bodyBytes = end >= 0 ? window.Length - (end + HeaderEnd.Length) : bodyBytes + read;
            tail = [.. window.TakeLast(HeaderEnd.Length - 1)];
            if (_armed && end < 0 && bodyBytes > BodyBytesBeforeFreezing && _frozen.TrySetResult())
            {
                await client.WriteAsync(
                    chunk[..Math.Max(0, read - (bodyBytes - BodyBytesBeforeFreezing))],
                    _stop.Token
                );
                return;
            }

            if (_frozen.Task.IsCompleted)
            {
                return;
            }

            await client.WriteAsync(chunk, _stop.Token);
        }
    }
}
