using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// How a run's trials measured, in numbers: <see cref="Trials"/> fresh client processes, each client warmed
/// <see cref="WarmUpSeconds"/>, then every arm measured for <see cref="SegmentSeconds"/> per quantity in
/// <see cref="Slices"/> slices of <see cref="SliceSeconds"/>, an operation's arms taking turns in an order drawn from
/// <see cref="Seed"/> and the trial's number; throughput at each of its operation's <see cref="InFlight"/> calls in
/// flight, counted after <see cref="RampSeconds"/> of each slice. <see cref="Name"/> is the plan's ("standard",
/// "quick", "dry"). <see cref="Settle"/>: the settling passes after the warm-up (none in runs before them, and in a
/// link run's).
/// </summary>
public sealed record TrialPlanResult(
    string Name,
    int Trials,
    double WarmUpSeconds,
    double SegmentSeconds,
    int Slices,
    double SliceSeconds,
    double RampSeconds,
    IReadOnlyList<OperationInFlight> InFlight,
    int Seed
)
{
    /// <summary>The settling passes each trial process made after its warm-up, or null for none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialsSettle? Settle { get; init; }

    /// <summary>
    /// True where each trial process made a full collection after every slice, outside the timed window; null for none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? CollectsAfterSlices { get; init; }

    /// <summary>
    /// True where each trial called a RestAPI and a GrpcAPI started for it alone; null where every trial called the
    /// run's pair.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? ServersPerTrial { get; init; }

    /// <summary>
    /// When the trials stop before <see cref="Trials"/>, the most; null where every one of them was to run.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialStopping? Stopping { get; init; }

    /// <summary>
    /// What decides whether two runs' trials pool: the plan as the results file writes it, every field of it (a field
    /// that should not keep runs apart stays out of the file's plan).
    /// </summary>
    [JsonIgnore]
    public string PoolKey => JsonSerializer.Serialize(this, RunResultsJsonContext.Default.TrialPlanResult);
}
