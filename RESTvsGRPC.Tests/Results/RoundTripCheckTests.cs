using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>
/// A round-trip link's check, trial by trial: the connections' minimum round trip, the fastest call, the loss and the
/// delay line itself; and each arm's round trips per call beside its floor.
/// </summary>
public sealed class RoundTripCheckTests
{
    private static readonly LinkResult TwentyMilliseconds = new("20ms-rtt+0.5%-loss", null, 20, null, null)
    {
        Loss = 0.005,
        LossSeed = 20_261_206,
    };

    // Measured: the large GET as REST + JSON over 20 ms with 0.5 % loss, trial 1 of
    // `--headline --link 1ms-rtt,20ms-rtt+0.5%-loss --trials 1` (2026-12-06).
    private static readonly TrialSegment MeasuredLargeJson = new(
        "large",
        "rest-json",
        8,
        61_012_000,
        16,
        87,
        174,
        3_610_000,
        1_670_000
    )
    {
        LinkSentBytesPerCall = 1_526,
        LinkReceivedBytesPerCall = 234_496,
        FastestCallNanoseconds = 44_564_900,
        NewConnectionNanoseconds = 41_400_000,
    };

    private static readonly TrialLinkReading MeasuredReading = new(
        new DelayLineReading(29.6, 73_100, 73_659, 350_000_000, 717, 0, 146_042, 39, 220, 8_169, 2.9),
        358,
        20.0,
        20.213
    );

    [Fact]
    public void A_measured_trial_holds_every_check()
    {
        var check = Assert.Single(RoundTripCheck.Of(RunOf(MeasuredReading)));

        Assert.True(check.RoundTripHeld && check.FloorHeld && check.LossHeld && check.LineHeld);
        Assert.False(check.Fault);
        Assert.Equal((146_759, 717), (check.Packets, check.Dropped));
        Assert.Equal("large rest-json", check.FastestCell);
    }

    [Theory]
    [InlineData("round trip", "the connections' lowest minimum round trip 22.5 ms, outside 20 ± 2 ms")]
    [InlineData("floor", "large rest-json's fastest call 19.9 ms, under one round trip")]
    [InlineData("loss", "1,500 of 146,759 packets dropped, not 0.5%")]
    [InlineData("line", "the delay line 1500 μs late at the 99th percentile, 3 packets lost to a full queue")]
    public void Each_broken_part_is_a_fault_named_in_one_line(string part, string expected)
    {
        var line = MeasuredReading.DelayLine!;
        var (reading, segment) = part switch
        {
            "round trip" => (
                MeasuredReading with
                {
                    LowestMinRoundTripMilliseconds = 22.5,
                    HighestMinRoundTripMilliseconds = 25,
                },
                MeasuredLargeJson
            ),
            "floor" => (MeasuredReading, MeasuredLargeJson with { FastestCallNanoseconds = 19_900_000 }),
            "loss" => (MeasuredReading with { DelayLine = line with { Dropped = 1_500 } }, MeasuredLargeJson),
            _ => (
                MeasuredReading with
                {
                    DelayLine = line with { Late99Microseconds = 1_500, Overflowed = 3 },
                },
                MeasuredLargeJson
            ),
        };

        var check = Assert.Single(RoundTripCheck.Of(RunOf(reading, segment)));

        Assert.True(check.Fault);
        Assert.Equal(expected, RoundTripText.Broken(check));
        Assert.StartsWith(
            "the link did not hold (",
            FaultText.Of(new TrialFailure(1, 100, 0, null, null) { LinkFault = check })
        );
    }

    [Fact]
    public void A_trial_without_the_delay_lines_reading_fails_and_a_link_without_a_round_trip_is_not_checked()
    {
        Assert.True(Assert.Single(RoundTripCheck.Of(RunOf(MeasuredReading with { DelayLine = null }))).Fault);
        var rateOnly = new LinkResult("100mbit", 100_000_000, null, 65_536, 315_536);
        Assert.Empty(RoundTripCheck.Of(RunOf(MeasuredReading) with { Link = rateOnly }));
    }

    [Fact]
    public void Round_trips_per_call_are_time_over_the_round_trip_and_the_floor_adds_the_bytes_at_the_rate()
    {
        var trips = Assert.Single(ArmRoundTrips.Of(RunOf(MeasuredReading)));
        var shapedLink = new LinkResult("100mbit+20ms-rtt", 100_000_000, 20, 65_536, 315_536);
        var shaped = Assert.Single(ArmRoundTrips.Of(RunOf(MeasuredReading) with { Link = shapedLink }));

        Assert.Equal(61_012_000 / 20e6, trips.PerCall, 6);
        Assert.Equal(1, trips.Floor);
        Assert.Equal(41_400_000 / 20e6, trips.NewConnection!.Value, 6);
        Assert.Equal(1 + ((234_496 - 65_536) * 8 / 100e6 / 0.020), shaped.Floor, 6);
    }

    private static TrialsRun RunOf(TrialLinkReading reading, TrialSegment? segment = null) =>
        new TrialsRun(
            new TrialPlanResult("link", 1, 1, 1, 2, 0.5, 0.125, [], 28),
            CpuPlacement.None,
            [],
            [new Trial(1, 100, 28, [], [segment ?? MeasuredLargeJson]) { LinkReading = reading }],
            [],
            []
        ).OnLink(TwentyMilliseconds);
}
