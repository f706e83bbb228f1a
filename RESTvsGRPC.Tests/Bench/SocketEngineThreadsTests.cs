using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The socket engine thread's CPU time, as the trials and BenchmarkDotNet's diagnoser read it from the kernel.</summary>
public sealed class SocketEngineThreadsTests
{
    /// <summary>An answer the client waited for is taken by the socket engine's thread, whose CPU time the reading then includes and never loses.</summary>
    [LinuxFact]
    public async Task CpuNanoseconds_counts_the_socket_engine_thread_that_took_a_waited_for_answer()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await client.ConnectAsync((IPEndPoint)listener.LocalEndpoint);
        using var server = await listener.AcceptSocketAsync();

        var buffer = new byte[1];
        for (var i = 0; i < 50; i++)
        {
            // The receive is pending before the answer is sent, so epoll, on the engine's thread, completes it.
            var receive = client.ReceiveAsync(buffer, SocketFlags.None);
            await Task.Delay(1);
            await server.SendAsync(new byte[] { (byte)i }, SocketFlags.None);
            Assert.Equal(1, await receive);
        }

        var first = SocketEngineThreads.CpuNanoseconds(Environment.ProcessId);
        var second = SocketEngineThreads.CpuNanoseconds(Environment.ProcessId);
        Assert.True(first > 0, $"read {first}");
        Assert.True(second >= first, $"read {first}, then {second}");
    }

    /// <summary>A process that has ended has no threads to read: no reading, rather than zero.</summary>
    [LinuxFact]
    public async Task CpuNanoseconds_is_null_for_a_process_that_has_ended()
    {
        using var ended = Process.Start(new ProcessStartInfo("true") { UseShellExecute = false })!;
        await ended.WaitForExitAsync();

        Assert.Null(SocketEngineThreads.CpuNanoseconds(ended.Id));
    }
}
