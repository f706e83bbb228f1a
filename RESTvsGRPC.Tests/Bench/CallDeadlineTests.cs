using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using RESTvsGRPC.Bench.Clients;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>A REST call's deadline covers the whole call: a server that freezes after its headers fails the call, it
/// does not hang it.</summary>
public sealed class CallDeadlineTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Rest_call_deadline_ends_a_call_whose_body_stops_halfway(bool stream)
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        using var frozen = new CancellationTokenSource();
        var server = FreezeAfterHeadersAsync(listener, frozen.Token);
        using var client = new RestClient(
            HttpTransport.Http11(new Uri($"http://{listener.LocalEndpoint}/")),
            TimeSpan.FromSeconds(2)
        );

        var watch = Stopwatch.StartNew();
        var error = await Assert.ThrowsAsync<TaskCanceledException>(() =>
            stream ? client.StreamLargePayloadAsync() : client.GetLargePayloadAsync()
        );
        watch.Stop();
        await frozen.CancelAsync();
        await server;

        Assert.Contains("did not complete within 2 s (--call-timeout)", error.Message);
        Assert.InRange(watch.Elapsed, TimeSpan.FromSeconds(1.5), TimeSpan.FromSeconds(20));
    }

    /// <summary>Answers one request with its status line, headers and the first bytes of a JSON array, then sends
    /// nothing more.</summary>
    private static async Task FreezeAfterHeadersAsync(TcpListener listener, CancellationToken frozen)
    {
        using var socket = await listener.AcceptSocketAsync(frozen);
        await socket.ReceiveAsync(new byte[8192], SocketFlags.None, frozen);
        await socket.SendAsync(
            Encoding.ASCII.GetBytes(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
                    + "[{\"name\":\"Aachen\","
            ),
            SocketFlags.None,
            frozen
        );
        try
        {
            await Task.Delay(Timeout.Infinite, frozen);
        }
        catch (OperationCanceledException)
        {
            // The test is over: close the connection.
        }
    }
}
