using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench.Paired;

/// <summary>
/// What one request and its response cost with no framework at all: a ping-pong over loopback TCP between this
/// process and a <see cref="TcpEcho"/> process, with a call's byte counts in each direction, Nagle off at both ends
/// as Kestrel and SocketsHttpHandler have it. Disposing stops the echo process.
/// </summary>
public sealed class TransportFloor : IDisposable
{
    private readonly ServerProcess _echo;
    private readonly IPEndPoint _endpoint;

    private TransportFloor(ServerProcess echo)
    {
        _echo = echo;
        _endpoint = IPEndPoint.Parse(echo.BaseAddress.Authority);
    }

    /// <summary>The echo process's id, so it can be placed on the servers' CPUs and stopped with them.</summary>
    public int ProcessId => _echo.Id;

    /// <summary>Starts the echo process from the bench's own binary.</summary>
    public static async Task<TransportFloor> StartAsync() => new(await ServerProcess.StartProgramAsync(
        "dotnet",
        [typeof(TcpEcho).Assembly.Location, TcpEcho.Command, Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture)],
        TimeSpan.FromSeconds(30)));

    /// <summary>A long-lived connection whose every exchange sends <paramref name="requestBytes"/> and receives <paramref name="responseBytes"/>.</summary>
    public async Task<Connection> ConnectAsync(int requestBytes, int responseBytes)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(_endpoint);
        var sizes = new byte[8];
        BinaryPrimitives.WriteInt32LittleEndian(sizes, requestBytes);
        BinaryPrimitives.WriteInt32LittleEndian(sizes.AsSpan(4), responseBytes);
        await socket.SendAsync(sizes, SocketFlags.None);
        return new Connection(socket, requestBytes, responseBytes);
    }

    public void Dispose() => _echo.Dispose();

    /// <summary>One connection to the echo process, with its fixed byte counts.</summary>
    public sealed class Connection(Socket socket, int requestBytes, int responseBytes) : IDisposable
    {
        private readonly byte[] _request = new byte[requestBytes];
        private readonly byte[] _response = new byte[responseBytes];

        /// <summary>Bytes sent per exchange.</summary>
        public int RequestBytes => requestBytes;

        /// <summary>Bytes received per exchange.</summary>
        public int ResponseBytes => responseBytes;

        /// <summary>One exchange: the whole request out, the whole response back.</summary>
        public async Task ExchangeAsync()
        {
            await socket.SendAsync(_request, SocketFlags.None);
            await TcpEcho.ReadExactlyAsync(socket, _response, CancellationToken.None);
        }

        public void Dispose() => socket.Dispose();
    }
}
