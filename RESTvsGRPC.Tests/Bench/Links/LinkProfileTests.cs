using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench.Links;

/// <summary>--link's profiles: what each name means, the shaping each puts on the pair, and what a host must have to
/// make them.</summary>
public sealed class LinkProfileTests
{
    [Fact]
    public void ParseList_reads_every_profile_in_the_order_given()
    {
        var profiles = LinkProfile.ParseList("100mbit, loopback,veth,1gbit,10mbit,20ms-rtt");

        Assert.Equal(["100mbit", "loopback", "veth", "1gbit", "10mbit", "20ms-rtt"], profiles.Select(p => p.Name));
        Assert.Equal(
            [100_000_000L, null, null, 1_000_000_000L, 10_000_000L, null],
            profiles.Select(p => p.RateBitsPerSecond)
        );
        Assert.Equal(20, profiles[^1].RoundTripMilliseconds);
        Assert.Equal([true, false, true, true, true, true], profiles.Select(p => p.Namespaced));
        Assert.Equal(["tbf", null, null, "tbf", "tbf", null], profiles.Select(p => p.Qdisc));
        Assert.Equal([false, false, false, false, false, true], profiles.Select(p => p.Delayed));
    }

    [Fact]
    public void ParseList_joins_a_rate_a_round_trip_and_a_loss_with_plus_in_any_order()
    {
        var profiles = LinkProfile.ParseList("100mbit+20ms-rtt,20ms-rtt+0.5%-loss,1%-loss+50ms-rtt+10mbit");

        Assert.Equal([100_000_000L, null, 10_000_000L], profiles.Select(p => p.RateBitsPerSecond));
        Assert.Equal([20.0, 20.0, 50.0], profiles.Select(p => p.RoundTripMilliseconds!.Value));
        Assert.Equal([null, 0.005, 0.01], profiles.Select(p => p.Loss));
        Assert.All(profiles, p => Assert.True(p.Delayed));
        var lossy = profiles[1].ToResults();
        Assert.Equal((0.005, LinkProfile.LossSeed), (lossy.Loss!.Value, lossy.LossSeed!.Value));
        Assert.Null(profiles[0].ToResults().LossSeed);
    }

    [Theory]
    [InlineData(
        "56k",
        "--link takes loopback, veth, or 1gbit/100mbit/10mbit, Nms-rtt (N from 1 to 1000) and P%-loss "
            + "(P up to 10, with a round trip) joined by '+', comma-separated, not '56k'."
    )]
    [InlineData("veth,0ms-rtt", "not '0ms-rtt'")]
    [InlineData("1001ms-rtt", "not '1001ms-rtt'")]
    [InlineData("1%-loss", "not '1%-loss'")]
    [InlineData("20ms-rtt+11%-loss", "not '20ms-rtt+11%-loss'")]
    [InlineData("20ms-rtt+10ms-rtt", "not '20ms-rtt+10ms-rtt'")]
    [InlineData("veth+20ms-rtt", "not 'veth+20ms-rtt'")]
    [InlineData("veth,,1gbit", "not ''")]
    [InlineData("1gbit,1GBIT", "--link names '1GBIT' twice.")]
    public void ParseList_refuses_what_it_cannot_read_naming_the_part(string value, string expected)
    {
        var error = Assert.Throws<ArgumentException>(() => LinkProfile.ParseList(value));

        Assert.Contains(expected, error.Message);
    }

    [Fact]
    public void A_rate_gets_a_bucket_of_a_millisecond_but_at_least_64_KiB_and_a_queue_of_20_ms_more()
    {
        Assert.Equal(new TokenBucket(100_000_000, 65_536, 65_536 + 250_000), TokenBucket.For(100_000_000));
        Assert.Equal(new TokenBucket(1_000_000_000, 125_000, 125_000 + 2_500_000), TokenBucket.For(1_000_000_000));
        Assert.Equal(new TokenBucket(10_000_000, 65_536, 65_536 + 25_000), TokenBucket.For(10_000_000));
        Assert.Equal(
            ["tbf", "rate", "100000000bit", "burst", "65536", "limit", "315536"],
            LinkProfile.ParseList("100mbit")[0].QdiscArguments
        );
    }

    [Fact]
    public void A_round_trip_needs_no_qdisc_and_with_a_rate_queues_a_round_trip_at_it()
    {
        Assert.Empty(LinkProfile.ParseList("20ms-rtt")[0].QdiscArguments);
        Assert.Empty(LinkProfile.ParseList("veth")[0].QdiscArguments);
        Assert.Equal(
            new TokenBucket(100_000_000, 65_536, 65_536 + 625_000),
            LinkProfile.ParseList("100mbit+50ms-rtt")[0].Bucket
        );
        Assert.Equal(
            new RESTvsGRPC.Results.LinkResult("100mbit", 100_000_000, null, 65_536, 315_536),
            LinkProfile.ParseList("100mbit")[0].ToResults()
        );
    }

    [Theory]
    [InlineData(
        false,
        true,
        true,
        "",
        null,
        "--link needs Linux (network namespaces, veth pairs and tc); on this OS only --link loopback runs."
    )]
    [InlineData(
        true,
        false,
        true,
        "",
        null,
        "--link needs root: it creates network namespaces, veth pairs, qdiscs and a delay line "
            + "(run it with sudo, or --link loopback)."
    )]
    [InlineData(
        true,
        true,
        false,
        "",
        null,
        "--link needs ip, tc and ss on the path (Debian: apt-get install iproute2)."
    )]
    [InlineData(
        true,
        true,
        true,
        "tbf",
        "iptables-legacy on the path (Debian: apt-get install iptables)",
        "--link 20ms-rtt needs iptables-legacy on the path (Debian: apt-get install iptables); "
            + "the profiles without a round trip run without it."
    )]
    [InlineData(
        true,
        true,
        true,
        "",
        null,
        "--link 100mbit needs the tbf qdisc, which this kernel does not have (sch_tbf); "
            + "the other profiles run without it."
    )]
    [InlineData(true, true, true, "tbf", null, null)]
    public void A_host_that_cannot_make_the_links_is_named_in_one_line(
        bool linux,
        bool root,
        bool tools,
        string qdiscs,
        string? delayLineMissing,
        string? expected
    )
    {
        var known = qdiscs.Split(',');

        var links = LinkProfile.ParseList("veth,100mbit,20ms-rtt");
        Assert.Equal(
            expected,
            LinkHost.Refusal(links, linux, root, () => tools, known.Contains, () => delayLineMissing)
        );
    }

    [Fact]
    public void Loopback_alone_needs_nothing_of_the_host()
    {
        Assert.Null(
            LinkHost.Refusal(
                [LinkProfile.Loopback],
                linux: false,
                root: false,
                () => false,
                _ => false,
                () => "everything"
            )
        );
    }

    [Theory]
    [InlineData("--link goes with --headline", "--link", "veth")]
    [InlineData("--link goes with --headline", "--headline", "--link", "veth", "--rest-url", "http://127.0.0.1:5000")]
    [InlineData("--link goes with --headline", "--headline", "--suite", "styles", "--link", "veth")]
    [InlineData("not '56k'", "--headline", "--link", "56k")]
    [InlineData(
        "--link goes with servers the bench starts",
        "load",
        "--link",
        "veth",
        "--rest-url",
        "http://127.0.0.1:5000"
    )]
    [InlineData("not '1ms'", "load", "--link", "1ms")]
    [InlineData("'--link'", "soak", "--link", "veth")]
    public async Task Bench_refuses_a_link_it_cannot_measure_with_exit_2_before_any_server_starts(
        string expected,
        params string[] args
    )
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(BenchCommandLine.BadUsage, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.Contains(expected, Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        Assert.DoesNotContain("// started:", output.ToString());
    }

    [LinuxFact]
    public async Task Bench_refuses_a_round_trip_profile_where_the_host_lacks_the_delay_line_or_takes_it()
    {
        var (output, error) = (new StringWriter(), new StringWriter());
        var refusal = LinkHost.Refusal(LinkProfile.ParseList("veth,20ms-rtt"));
        if (refusal is null)
        {
            // This host has iptables-legacy and the kernel's queue (CI installs them): only the host check was under
            // test.
            Assert.True(Environment.IsPrivilegedProcess);
            return;
        }

        Assert.Equal(
            BenchCommandLine.BadUsage,
            await BenchCommandLine.InvokeAsync(["--headline", "--link", "veth,20ms-rtt"], output, error)
        );
        Assert.Equal(refusal, error.ToString().Trim());
        Assert.Contains(Environment.IsPrivilegedProcess ? "needs iptables-legacy" : "needs root", refusal);
        Assert.DoesNotContain("// started:", output.ToString());
    }
}
