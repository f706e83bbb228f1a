using System.Net;
using System.Net.Sockets;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench.Links;

/// <summary>
/// The delay line on real veth pairs through the router namespace (Linux, root): the round trip it holds, the loss it
/// drops, and nothing left once the link is disposed.
/// </summary>
public sealed class DelayLineTests
{
    [NetworkNamespaceFact]
    public async Task A_20_ms_profile_holds_each_round_trip_within_tolerance_and_is_removed_with_its_link()
    {
        string router;
        var refused = new List<double>();
        using (var link = LinkNamespace.Create())
        {
            router = link.Router;
            link.Shape(LinkProfile.ParseList("20ms-rtt")[0]);
            _ = link.DelayLine!.Read();
            for (var i = 0; i < 7; i++)
            {
                refused.Add(await RefusedAfterAsync(link.ServerAddress));
            }

            var reading = link.DelayLine.Read()!;
            Assert.True(
                reading.UpstreamPackets >= 7 && reading.DownstreamPackets >= 7,
                $"the line saw {reading.UpstreamPackets} packets up and {reading.DownstreamPackets} down"
            );
            Assert.Equal((0, 0), (reading.Dropped, reading.Overflowed));
            Assert.Equal(reading.Packets, reading.Released);
        }

        // A refused connect is one round trip: the SYN there, the RST back. The fastest of seven is the line's; the
        // others may add this process's own wake-up on a busy machine.
        Assert.InRange(refused.Min(), 20.0, 20 + RoundTripCheck.ToleranceMilliseconds(20));
        Assert.DoesNotContain(router, LinkNamespace.LeftOnHost());
        Assert.DoesNotContain(router.Replace("-router", "", StringComparison.Ordinal), LinkNamespace.LeftOnHost());
    }

    [NetworkNamespaceFact]
    public void A_lossy_profile_drops_its_share_of_packets_within_their_sampling()
    {
        using var link = LinkNamespace.Create();
        link.Shape(LinkProfile.ParseList("1ms-rtt+10%-loss")[0]);
        _ = link.DelayLine!.Read();
        using (var udp = new UdpClient())
        {
            var server = new IPEndPoint(IPAddress.Parse(link.ServerAddress), 9);
            for (var i = 0; i < 4000; i++)
            {
                udp.Send([1, 2, 3], server);
            }
        }

        // The datagrams are let go a round trip after the last is sent; the reading counts them once they arrived.
        var reading = link.DelayLine.Read()!;
        for (var tries = 0; reading.UpstreamPackets < 4000 && tries < 50; tries++)
        {
            var more = link.DelayLine.Read()!;
            reading = reading with
            {
                UpstreamPackets = reading.UpstreamPackets + more.UpstreamPackets,
                DownstreamPackets = reading.DownstreamPackets + more.DownstreamPackets,
                Dropped = reading.Dropped + more.Dropped,
            };
        }

        var check = new RoundTripCheck(1, 0, null, null, 0, "", reading.Packets, reading.Dropped, 0, 0, 0, 0)
        {
            Loss = 0.1,
            RoundTripMilliseconds = 1,
        };
        Assert.True(reading.UpstreamPackets >= 4000, $"the line saw {reading.UpstreamPackets} of 4000 datagrams");
        Assert.True(check.LossHeld, $"{reading.Dropped} of {reading.Packets} packets dropped, not 10 %");
    }

    /// <summary>How long a connect to a port nobody listens on takes to be refused, ms.</summary>
    private static async Task<double> RefusedAfterAsync(string address)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        var started = System.Diagnostics.Stopwatch.GetTimestamp();
        var error = await Assert.ThrowsAsync<SocketException>(async () =>
            await socket.ConnectAsync(IPAddress.Parse(address), 9)
        );
        Assert.Equal(SocketError.ConnectionRefused, error.SocketErrorCode);
        return System.Diagnostics.Stopwatch.GetElapsedTime(started).TotalMilliseconds;
    }
}
