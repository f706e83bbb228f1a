using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// A link a <c>--link</c> run measured over: <see cref="Name"/> ("loopback", "veth", "100mbit", "20ms-rtt"), its rate
/// (bits/s, tbf on both ends of a veth pair, with its bucket and queue in bytes) or its round trip (milliseconds,
/// the delay line); all null but the name for an unshaped one.
/// </summary>
public sealed record LinkResult(
    string Name,
    long? RateBitsPerSecond,
    double? RoundTripMilliseconds,
    long? BurstBytes,
    long? LimitBytes
)
{
    /// <summary>The share of packets the delay line drops on purpose, each way (0 to 1); null: none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? Loss { get; init; }

    /// <summary>The seed of the delay line's drops; null where it drops none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? LossSeed { get; init; }
}
