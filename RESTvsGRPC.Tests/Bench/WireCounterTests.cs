using System.Net;
using System.Net.Sockets;
using System.Text;
using RESTvsGRPC.Bench.Clients;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The socket-level byte counter, proved against a server that records exactly what crossed the
/// wire.</summary>
public sealed class WireCounterTests
{
    [Fact]
    public async Task Counter_counts_exactly_the_bytes_of_a_known_request_and_response()
    {
        var body = new string('x', 1000);
        var response = Encoding.ASCII.GetBytes(
            $"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {body.Length}\r\n\r\n{body}"
        );
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var server = ServeOnceAsync(listener, response);
        var counter = new WireCounter();
        var transport = HttpTransport.Http11(
            new Uri($"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}/")
        ) with
        {
            Counter = counter,
        };

        using var http = HttpClientSettings.Create(transport);
        using var request = HttpClientSettings.NewRequest(transport, HttpMethod.Get, "known");
        using var answer = await http.SendAsync(request);
        Assert.Equal(body, await answer.Content.ReadAsStringAsync());
        var requestBytes = await server;

        Assert.Equal(requestBytes.Length, counter.Sent);
        Assert.Equal(response.Length, counter.Received);
        Assert.StartsWith("GET /known HTTP/1.1\r\n", Encoding.ASCII.GetString(requestBytes));
        counter.Reset();
        Assert.Equal((0, 0), (counter.Sent, counter.Received));
    }

    /// <summary>Reads one request up to the blank line that ends its headers (a GET has no body), answers it, and
    /// returns the request's bytes.</summary>
    private static async Task<byte[]> ServeOnceAsync(TcpListener listener, byte[] response)
    {
        using var client = await listener.AcceptTcpClientAsync();
        var stream = client.GetStream();
        var received = new List<byte>();
        var buffer = new byte[4096];
        while (!Encoding.ASCII.GetString([.. received]).Contains("\r\n\r\n", StringComparison.Ordinal))
        {
            var read = await stream.ReadAsync(buffer);
            Assert.NotEqual(0, read);
            received.AddRange(buffer.AsSpan(0, read).ToArray());
        }

        await stream.WriteAsync(response);
        await stream.FlushAsync();
        return [.. received];
    }
}
