using System.Globalization;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// What the delay line did over one stretch (a trial): the packets it saw each way and their bytes, the ones it
/// dropped on purpose (the profile's loss) and the ones lost because its queue overflowed, how late it let packets go
/// after their due time (μs), and its own CPU time.
/// </summary>
public sealed record DelayLineReading(
    double Seconds,
    long UpstreamPackets,
    long DownstreamPackets,
    long Bytes,
    long Dropped,
    long Overflowed,
    long Released,
    double LateMeanMicroseconds,
    long Late99Microseconds,
    long LateMaxMicroseconds,
    double CpuSeconds
)
{
    /// <summary>Packets seen, both ways.</summary>
    [JsonIgnore]
    public long Packets => UpstreamPackets + DownstreamPackets;

    /// <summary>One line, as the delay line prints it and the bench reads it.</summary>
    public string ToLine() =>
        string.Join(
            ' ',
            new object[]
            {
                Seconds,
                UpstreamPackets,
                DownstreamPackets,
                Bytes,
                Dropped,
                Overflowed,
                Released,
                LateMeanMicroseconds,
                Late99Microseconds,
                LateMaxMicroseconds,
                CpuSeconds,
            }.Select(value => Convert.ToString(value, CultureInfo.InvariantCulture))
        );

    /// <summary>The reading a line of <see cref="ToLine"/> holds; null where it holds none.</summary>
    public static DelayLineReading? Parse(string line)
    {
        var fields = line.Split(' ');
        if (fields.Length != 11 || !fields.All(f => double.TryParse(f, CultureInfo.InvariantCulture, out _)))
        {
            return null;
        }

        double D(int i) => double.Parse(fields[i], CultureInfo.InvariantCulture);
        long L(int i) => long.Parse(fields[i], CultureInfo.InvariantCulture);
        return new(D(0), L(1), L(2), L(3), L(4), L(5), L(6), D(7), L(8), L(9), D(10));
    }
}

/// <summary>
/// A round-trip trial's own view of its link: the delay line's reading over the trial, and over the client's
/// connections open at its end the lowest and highest of the minimum round trips the kernel measured on each
/// (<c>tcpi_min_rtt</c>, from <c>ss</c>).
/// </summary>
public sealed record TrialLinkReading(
    DelayLineReading? DelayLine,
    int Connections,
    double? LowestMinRoundTripMilliseconds,
    double? HighestMinRoundTripMilliseconds
)
{
    /// <summary>
    /// The reading of <paramref name="minRoundTrips"/>, one per connection; the delay line's comes later.
    /// </summary>
    public static TrialLinkReading Of(IReadOnlyList<double> minRoundTrips) =>
        new(
            null,
            minRoundTrips.Count,
            minRoundTrips.Count > 0 ? minRoundTrips.Min() : null,
            minRoundTrips.Count > 0 ? minRoundTrips.Max() : null
        );
}

/// <summary>
/// What a run's link was set to beside the profile: the client's HTTP/2 stream window, TCP's settings in the client's
/// and the servers' namespaces, where the delay line ran, and each server's HTTP/2 windows and stream limit.
/// </summary>
public sealed record LinkSettings(
    int ClientStreamWindowBytes,
    IReadOnlyDictionary<string, string> ClientTcp,
    IReadOnlyDictionary<string, string> ServerTcp,
    string? DelayLineCpus
)
{
    /// <summary>Each server's HTTP/2 settings by its name, as its ready line states them.</summary>
    public IReadOnlyDictionary<string, ServerHttp2Settings> Servers { get; init; } =
        new Dictionary<string, ServerHttp2Settings>();
}

/// <summary>A server's HTTP/2 flow-control windows (bytes) and its most streams per connection.</summary>
public sealed partial record ServerHttp2Settings(int StreamWindowBytes, int ConnectionWindowBytes, int MaxStreams)
{
    /// <summary>The settings a server's ready line states; null where it states none.</summary>
    public static ServerHttp2Settings? FromReadyLine(string readyLine) =>
        Http2().Match(readyLine) is { Success: true } match
            ? new(
                int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture),
                int.Parse(match.Groups[2].Value, CultureInfo.InvariantCulture),
                int.Parse(match.Groups[3].Value, CultureInfo.InvariantCulture)
            )
            : null;

    [System.Text.RegularExpressions.GeneratedRegex(
        @"\(http2 stream window (\d+), connection window (\d+), streams (\d+)\)"
    )]
    private static partial System.Text.RegularExpressions.Regex Http2();
}

/// <summary>
/// One trial's physics check of a round-trip profile: the lowest of the connections' minimum round trips within ±10 %
/// or 0.3 ms of the profile's (a connection that only ever crossed a queue, at a rate, shows more than the path), no
/// cell's fastest call faster than one round trip, the delay line's loss within 99.9 % of its binomial sampling, and
/// the line itself on time (99th percentile late by at most half the round trip's tolerance) with no packet lost to an
/// overflow. A trial that breaks one is a link fault, not a result.
/// </summary>
public sealed record RoundTripCheck(
    int Trial,
    int Connections,
    double? LowestMinRoundTripMilliseconds,
    double? HighestMinRoundTripMilliseconds,
    double FastestCallMilliseconds,
    string FastestCell,
    long Packets,
    long Dropped,
    long Overflowed,
    long Late99Microseconds,
    double DelayLineCpuSeconds,
    long Retransmitted
)
{
    /// <summary>The largest distance a connection's minimum round trip may lie from the profile's, ms.</summary>
    public static double ToleranceMilliseconds(double roundTrip) => Math.Max(0.3, 0.1 * roundTrip);

    /// <summary>The profile's round trip, ms.</summary>
    public double RoundTripMilliseconds { get; init; }

    /// <summary>The profile's loss per packet, 0 to 1.</summary>
    public double Loss { get; init; }

    /// <summary>
    /// True where the lowest of the connections' minimum round trips lay within tolerance of the profile's: the path
    /// itself, where the others may include a queue at a rate.
    /// </summary>
    [JsonIgnore]
    public bool RoundTripHeld =>
        Connections > 0
        && Math.Abs(LowestMinRoundTripMilliseconds!.Value - RoundTripMilliseconds)
            <= ToleranceMilliseconds(RoundTripMilliseconds);

    /// <summary>True where no cell's fastest call beat one round trip.</summary>
    [JsonIgnore]
    public bool FloorHeld => FastestCallMilliseconds >= RoundTripMilliseconds;

    /// <summary>True where the drops lie within 99.9 % of the binomial spread of the profile's loss.</summary>
    [JsonIgnore]
    public bool LossHeld =>
        Packets > 0
        && Math.Abs(((double)Dropped / Packets) - Loss)
            <= (3.29 * Math.Sqrt(Loss * (1 - Loss) / Packets)) + (0.5 / Packets);

    /// <summary>True where the delay line let packets go on time and its queue never overflowed.</summary>
    [JsonIgnore]
    public bool LineHeld =>
        Overflowed == 0 && Late99Microseconds <= ToleranceMilliseconds(RoundTripMilliseconds) * 1000 / 2;

    /// <summary>True where any check failed.</summary>
    [JsonIgnore]
    public bool Fault => !(RoundTripHeld && FloorHeld && LossHeld && LineHeld);

    /// <summary>Each trial's check on <paramref name="run"/>'s round-trip link; empty on a link without one.</summary>
    /// <remarks>A trial that broke it is among the failures (<see cref="TrialFailure.LinkFault"/>).</remarks>
    public static IReadOnlyList<RoundTripCheck> Of(TrialsRun run) =>
        run.Link is { RoundTripMilliseconds: not null } link
            ?
            [
                .. run.Trials.Select(t => Of(t, link)).OfType<RoundTripCheck>(),
                .. run.Failures.Select(f => f.LinkFault).OfType<RoundTripCheck>(),
            ]
            : [];

    /// <summary>The check of <paramref name="trial"/> on <paramref name="link"/>; null off a round-trip link.</summary>
    public static RoundTripCheck? Of(Trial trial, LinkResult link) =>
        link.RoundTripMilliseconds is { } roundTrip && trial.LinkReading is not null
            ? Check(trial, roundTrip, link.Loss ?? 0)
            : null;

    private static RoundTripCheck Check(Trial trial, double roundTrip, double loss)
    {
        var reading = trial.LinkReading!;
        var fastest = trial
            .Segments.Where(s => s.FastestCallNanoseconds is not null)
            .MinBy(s => s.FastestCallNanoseconds);
        var line = reading.DelayLine;
        return new RoundTripCheck(
            trial.Index,
            reading.Connections,
            reading.LowestMinRoundTripMilliseconds,
            reading.HighestMinRoundTripMilliseconds,
            (fastest?.FastestCallNanoseconds ?? double.PositiveInfinity) / 1e6,
            fastest is null ? "" : $"{fastest.Operation} {fastest.Arm}",
            line?.Packets ?? 0,
            line?.Dropped ?? 0,
            line?.Overflowed ?? 0,
            line?.Late99Microseconds ?? long.MaxValue,
            line?.CpuSeconds ?? 0,
            trial.Segments.Sum(s => (s.LatencyGaps?.Retransmissions ?? 0) + (s.ThroughputGaps?.Retransmissions ?? 0))
        )
        {
            RoundTripMilliseconds = roundTrip,
            Loss = loss,
        };
    }
}

/// <summary>
/// One arm's round trips on a round-trip link, medians over the trials: per call one at a time (its time over the
/// profile's round trip), the floor its bytes need (one round trip, plus the busier direction's bytes less one bucket
/// at the profile's rate where it has one, as <see cref="LinkPhysics"/> counts them), and a new connection's first
/// answer (connect, TLS where the arm has it, one small GET).
/// </summary>
public sealed record ArmRoundTrips(string Operation, string Arm, double PerCall, double Floor, double? NewConnection)
{
    /// <summary>Each arm's round trips in <paramref name="run"/>; empty off a round-trip link.</summary>
    public static IReadOnlyList<ArmRoundTrips> Of(TrialsRun run)
    {
        if (run.Link is not { RoundTripMilliseconds: { } roundTrip } link)
        {
            return [];
        }

        var nanoseconds = roundTrip * 1e6;
        return
        [
            .. TrialStatistics
                .Arms(run.Trials)
                .Select(arm =>
                {
                    double? Median(Func<TrialSegment, double?> figure) =>
                        TrialStatistics.Values(run.Trials, arm.Operation, arm.Arm, figure) is { Count: > 0 } values
                            ? MedianInterval.MedianOf(values)
                            : null;
                    var busier = Math.Max(
                        Median(s => s.LinkSentBytesPerCall) ?? 0,
                        Median(s => s.LinkReceivedBytesPerCall) ?? 0
                    );
                    return new ArmRoundTrips(
                        arm.Operation,
                        arm.Arm,
                        Median(s => s.LatencyNanosecondsPerCall)!.Value / nanoseconds,
                        1
                            + (
                                link.RateBitsPerSecond is { } rate
                                    ? Math.Max(0, busier - (link.BurstBytes ?? 0)) * 8 / rate / (roundTrip / 1000)
                                    : 0
                            ),
                        Median(s => s.NewConnectionNanoseconds) / nanoseconds
                    );
                }),
        ];
    }
}
