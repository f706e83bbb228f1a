using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;

namespace RESTvsGRPC.Bench.Paired;

/// <summary>
/// The far end of the transport floor, run as its own process (<c>RESTvsGRPC.Bench tcp-echo</c>): for each
/// connection, read the request and response sizes once, then answer every request of that size with a response
/// of that size, byte for byte nothing else. No framework, no parsing: what loopback TCP and two processes cost.
/// </summary>
public static class TcpEcho
{
    /// <summary>The hidden command that runs this end.</summary>
    public const string Command = "tcp-echo";

    /// <summary>Serves until the process <paramref name="parentId"/> (the bench that started it) has gone, then exits 0.</summary>
    public static async Task<int> ServeAsync(int parentId, TextWriter output)
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        output.WriteLine($"TcpEcho listening on tcp://{listener.LocalEndpoint}");
        output.Flush();
        using var stop = new CancellationTokenSource();
        _ = Task.Run(async () =>
        {
            // A safety net only: the bench stops this process itself; this ends it if the bench was killed outright.
            while (IsRunning(parentId))
            {
                await Task.Delay(TimeSpan.FromSeconds(1));
            }

            await stop.CancelAsync();
        });
        try
        {
            while (true)
            {
                var socket = await listener.AcceptSocketAsync(stop.Token);
                _ = Task.Run(() => EchoAsync(socket, stop.Token));
            }
        }
        catch (OperationCanceledException)
        {
            return 0;
        }
    }

    private static async Task EchoAsync(Socket socket, CancellationToken stop)
    {
        using (socket)
        {
            socket.NoDelay = true;
            var sizes = new byte[8];
            try
            {
                await ReadExactlyAsync(socket, sizes, stop);
                var request = new byte[BinaryPrimitives.ReadInt32LittleEndian(sizes)];
                var response = new byte[BinaryPrimitives.ReadInt32LittleEndian(sizes.AsSpan(4))];
                while (true)
                {
                    await ReadExactlyAsync(socket, request, stop);
                    await socket.SendAsync(response, SocketFlags.None, stop);
                }
            }
            catch (Exception e) when (e is EndOfStreamException or SocketException or OperationCanceledException)
            {
                // The bench closed this connection, or is gone.
            }
        }
    }

    /// <summary>True while process <paramref name="processId"/> runs: how a child of the bench notices the bench has gone.</summary>
    internal static bool IsRunning(int processId)
    {
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(processId);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>Reads exactly <paramref name="buffer"/>'s length; throws <see cref="EndOfStreamException"/> when the peer closes first.</summary>
    internal static async ValueTask ReadExactlyAsync(Socket socket, Memory<byte> buffer, CancellationToken cancellation)
    {
        while (buffer.Length > 0)
        {
            var read = await socket.ReceiveAsync(buffer, SocketFlags.None, cancellation);
            if (read == 0)
            {
                throw new EndOfStreamException();
            }

            buffer = buffer[read..];
        }
    }
}
