namespace RESTvsGRPC.Results;

/// <summary>
/// What a shaped link allows one arm, checked against what its trials measured there (the kernel's byte counters on
/// the client's end). Throughput: the busier direction's bytes/s over the throughput windows may not exceed the rate,
/// but for the bucket tbf lets through at the start of each slice. Latency: one call cannot take less than its busier
/// direction's bytes per call (counted with one call in flight), less one bucket, at the rate. A measurement that
/// breaks either is a shaping fault, not a result. Every trial's segment is checked; the figures are the worst trial's.
/// </summary>
/// <param name="Operation">The operation, as the trials name it.</param>
/// <param name="Arm">The arm's id.</param>
/// <param name="SentBytesPerCall">Bytes the client's end sent per call with one call in flight (a request), in the
/// trial where the rate was most used.</param>
/// <param name="ReceivedBytesPerCall">Bytes it received per call (an answer), in that trial.</param>
/// <param name="RateUse">The busier direction's bits/s over the link's rate, in the trial where it was highest.</param>
/// <param name="AllowedUse">The most <paramref name="RateUse"/> may be in that trial: 1, plus a bucket per slice over
/// its window.</param>
/// <param name="LatencyNanoseconds">The time per call, in the trial where it lay closest to
/// <paramref name="FloorNanoseconds"/>.</param>
/// <param name="FloorNanoseconds">The least time that call's bytes take through the link.</param>
public sealed record LinkPhysics(
    string Operation,
    string Arm,
    double SentBytesPerCall,
    double ReceivedBytesPerCall,
    double RateUse,
    double AllowedUse,
    double LatencyNanoseconds,
    double FloorNanoseconds
)
{
    /// <summary>True where more bytes crossed than the link's rate lets through.</summary>
    public bool OverRate => RateUse > AllowedUse;

    /// <summary>True where a call took less time than its bytes need on the link.</summary>
    public bool UnderFloor => LatencyNanoseconds < FloorNanoseconds;

    /// <summary>
    /// True where either check fails: the shaping did not hold, and the arm's figures on this link are no result.
    /// </summary>
    public bool Fault => OverRate || UnderFloor;

    /// <summary>
    /// Each arm's check on <paramref name="run"/>'s link; empty where the link has no rate or its bytes were not
    /// counted.
    /// </summary>
    public static IReadOnlyList<LinkPhysics> Of(TrialsRun run)
    {
        if (run.Link is not { RateBitsPerSecond: { } rate } link)
        {
            return [];
        }

        var burstBits = 8.0 * (link.BurstBytes ?? 0);
        return
        [
            .. run
                .Trials.SelectMany(t => t.Segments)
                .Where(s =>
                    s
                        is {
                            LinkSentBytesPerCall: not null,
                            LinkReceivedBytesPerCall: not null,
                            LinkSentBytesPerSecond: not null,
                            LinkReceivedBytesPerSecond: not null
                        }
                    && s.ThroughputCalls > 0
                )
                .GroupBy(s => (s.Operation, s.Arm))
                .Select(same => Worst([.. same.Select(s => Check(s, rate, burstBits, run.Plan.Slices))])),
        ];
    }

    private static LinkPhysics Check(TrialSegment segment, long rate, double burstBits, int slices)
    {
        var (sent, received) = (segment.LinkSentBytesPerCall!.Value, segment.LinkReceivedBytesPerCall!.Value);
        var busierPerSecond =
            Math.Max(segment.LinkSentBytesPerSecond!.Value, segment.LinkReceivedBytesPerSecond!.Value) * 8;
        var window = segment.ThroughputCalls / segment.CallsPerSecond;
        return new LinkPhysics(
            segment.Operation,
            segment.Arm,
            sent,
            received,
            busierPerSecond / rate,
            1 + (burstBits * slices / (rate * window)),
            segment.LatencyNanosecondsPerCall,
            Math.Max(0, (Math.Max(sent, received) * 8) - burstBits) / rate * 1e9
        );
    }

    private static LinkPhysics Worst(IReadOnlyList<LinkPhysics> trials)
    {
        var busiest = trials.MaxBy(t => t.RateUse - t.AllowedUse)!;
        var closest = trials.MinBy(t => t.LatencyNanoseconds - t.FloorNanoseconds)!;
        return busiest with
        {
            LatencyNanoseconds = closest.LatencyNanoseconds,
            FloorNanoseconds = closest.FloorNanoseconds,
        };
    }
}
