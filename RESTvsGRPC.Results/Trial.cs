using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One trial: a fresh client process (<see cref="ProcessId"/>) that measured every arm once, in the order
/// <see cref="Order"/> gives (operation/arm, drawn at random for this trial), each in one contiguous segment.
/// </summary>
public sealed record Trial(
    int Index,
    int ProcessId,
    int Seed,
    IReadOnlyList<string> Order,
    IReadOnlyList<TrialSegment> Segments
)
{
    /// <summary>Where the trial's time went; null in results written before it was kept.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialTiming? Timing { get; init; }

    /// <summary>The link as this trial saw it on a round-trip profile; null on every other link.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialLinkReading? LinkReading { get; init; }
}
