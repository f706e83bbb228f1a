using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>The physics a shaped link imposes: no more bits/s than its rate, no call faster than its bytes at that
/// rate.</summary>
public sealed class LinkPhysicsTests
{
    private static readonly LinkResult HundredMegabit = new("100mbit", 100_000_000, null, 65_536, 315_536);

    // Measured: the large GET as REST + JSON over 100 Mbit/s, trial 1 of a `--headline --link loopback,1gbit,100mbit`
    // run (2026-11-26).
    private static readonly TrialSegment MeasuredLargeJson = new(
        "large",
        "rest-json",
        54,
        18_720_657.4,
        16,
        43,
        42.94,
        14_474_534.9,
        1_860_465.1
    )
    {
        Link = "100mbit",
        LinkSentBytesPerCall = 2_589.2,
        LinkReceivedBytesPerCall = 230_425.5,
        LinkSentBytesPerSecond = 157_730.4,
        LinkReceivedBytesPerSecond = 12_188_820.1,
    };

    [Fact]
    public void A_measured_large_GET_at_100_Mbit_holds_both_checks()
    {
        var check = Assert.Single(LinkPhysics.Of(RunOf(HundredMegabit, MeasuredLargeJson)));

        Assert.False(check.Fault);
        Assert.Equal(0.975, check.RateUse, 3);
        Assert.Equal(1 + (65_536 * 8.0 * 2 / (100e6 * (43 / 42.94))), check.AllowedUse, 6);
        Assert.Equal(((230_425.5 * 8) - (65_536 * 8)) / 100e6 * 1e9, check.FloorNanoseconds, 0);
        Assert.True(
            check.LatencyNanoseconds >= 219 * 1024 * 8 / 100e6 * 1e9,
            "slower than the 219 KiB body alone takes at 100 Mbit/s"
        );
    }

    [Fact]
    public void More_bits_per_second_than_the_rate_allows_is_a_shaping_fault()
    {
        var tooFast = MeasuredLargeJson with { LinkReceivedBytesPerSecond = 16_000_000 };

        var check = Assert.Single(LinkPhysics.Of(RunOf(HundredMegabit, tooFast)));

        Assert.True(check.OverRate);
        Assert.False(check.UnderFloor);
        Assert.Equal(1.28, check.RateUse, 3);
        Assert.True(check.Fault);
    }

    [Fact]
    public void A_call_faster_than_its_bytes_at_the_rate_is_a_shaping_fault()
    {
        var tooQuick = MeasuredLargeJson with { LatencyNanosecondsPerCall = 10_000_000 };

        var check = Assert.Single(LinkPhysics.Of(RunOf(HundredMegabit, tooQuick)));

        Assert.True(check.UnderFloor);
        Assert.False(check.OverRate);
        Assert.True(check.Fault);
    }

    [Fact]
    public void The_worst_trial_decides_and_a_link_without_a_rate_is_not_checked()
    {
        var run = RunOf(
            HundredMegabit,
            MeasuredLargeJson,
            MeasuredLargeJson with
            {
                LatencyNanosecondsPerCall = 10_000_000,
            }
        );

        Assert.True(Assert.Single(LinkPhysics.Of(run)).UnderFloor);
        Assert.Empty(LinkPhysics.Of(RunOf(new LinkResult("veth", null, null, null, null), MeasuredLargeJson)));
        Assert.Empty(LinkPhysics.Of(RunOf(HundredMegabit, MeasuredLargeJson with { LinkSentBytesPerSecond = null })));
    }

    private static TrialsRun RunOf(LinkResult link, params TrialSegment[] segments) =>
        new TrialsRun(
            new TrialPlanResult("link", segments.Length, 0.5, 1, 2, 0.5, 0.125, [], 28),
            CpuPlacement.None,
            [],
            [.. segments.Select((s, i) => new Trial(i + 1, 100 + i, 28 + i, [], [s]))],
            [],
            []
        ).OnLink(link);
}
