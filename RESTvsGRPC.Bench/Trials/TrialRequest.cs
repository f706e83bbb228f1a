using System.Text.Json.Serialization;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What the orchestrator asks of one trial process, as a JSON file (-1: a load check): the whole plan, the arms, the
/// servers' process ids, where to answer, and a <c>--link</c> run's device; the servers' addresses come through the
/// environment.
/// </summary>
public sealed record TrialRequest(
    int Index,
    TrialPlan Plan,
    IReadOnlyList<string> Arms,
    int ParentProcessId,
    string OutputPath
)
{
    /// <summary>
    /// RestAPI's process id, for the REST arms' server CPU time; null where the bench did not start it.
    /// </summary>
    public int? RestProcessId { get; init; }

    /// <summary>
    /// GrpcAPI's process id, for the gRPC arms' server CPU time; null where the bench did not start it.
    /// </summary>
    public int? GrpcProcessId { get; init; }

    /// <summary>
    /// The client's end of a <c>--link</c> run's veth pair, whose bytes the slices count; null on loopback.
    /// </summary>
    public string? LinkDevice { get; init; }

    /// <summary>
    /// The servers' address on a round-trip link, whose connections' minimum round trips the trial reads before it
    /// closes them; null on every other link.
    /// </summary>
    public string? RoundTripServerAddress { get; init; }

    /// <summary>
    /// The load check's one level per arm ("operation/target"), each arm's peak in the trials; null for a trial, whose
    /// arms are measured at their operation's levels in the plan.
    /// </summary>
    public IReadOnlyDictionary<string, int>? LoadCheckLevels { get; init; }

    /// <summary>
    /// The levels this trial measures each arm ("operation/target") at, its peak over the trials before and the levels
    /// either side (<see cref="TrialPlan.CurveTrials"/>); null: every level of its operation.
    /// </summary>
    public IReadOnlyDictionary<string, IReadOnlyList<int>>? PeakLevels { get; init; }

    /// <summary>
    /// The load check's first round over all its processes: this process's first round starts that many arms later,
    /// so the processes take the arms in turns too.
    /// </summary>
    public int LoadCheckFirstRound { get; init; }

    /// <summary>
    /// New clients per arm whose first small GET the trial times, before its slices (<c>--tls</c>); 0: none.
    /// </summary>
    public int NewConnections { get; init; }

    /// <summary>
    /// RestAPI.Aot's process id, for the AOT REST arm's server CPU time; null where no AOT server runs.
    /// </summary>
    public int? AotRestProcessId { get; init; }

    /// <summary>
    /// GrpcAPI.Aot's process id, for the AOT gRPC arm's server CPU time; null where no AOT server runs.
    /// </summary>
    public int? AotGrpcProcessId { get; init; }

    /// <summary>
    /// The request with the process ids of the servers <paramref name="servers"/> started, whose CPU time the trial
    /// reads.
    /// </summary>
    public TrialRequest ReadingCpuOf(Servers.ServerSet servers) =>
        this with
        {
            RestProcessId = servers.RestProcessId,
            GrpcProcessId = servers.GrpcProcessId,
            AotRestProcessId = servers.AotRestProcessId,
            AotGrpcProcessId = servers.AotGrpcProcessId,
        };

    /// <summary>The process id of the server that answers <paramref name="arm"/>, where known.</summary>
    public int? ServerProcessOf(Arm arm) =>
        (arm.IsAot, arm.IsServedByGrpcApi) switch
        {
            (true, true) => AotGrpcProcessId,
            (true, false) => AotRestProcessId,
            (false, true) => GrpcProcessId,
            (false, false) => RestProcessId,
        };

    /// <summary>The index that asks for load mode's cross-check instead of a trial.</summary>
    public const int LoadCheck = -1;

    /// <summary>The arms, parsed from their "operation/target" names.</summary>
    [JsonIgnore]
    public IReadOnlyList<TrialArm> ArmList => [.. Arms.Select(ArmOf)];

    private static TrialArm ArmOf(string name) =>
        name.Split('/') is [var operation, var target]
            ? new TrialArm(Enum.Parse<LoadOperation>(operation, ignoreCase: true), target)
            : throw new InvalidDataException($"the trial request names an arm '{name}', not operation/target.");

    /// <summary>The calls in flight <paramref name="arm"/>'s closed loops are measured at.</summary>
    public IReadOnlyList<int> LevelsOf(TrialArm arm) =>
        LoadCheckLevels is { } levels
            ? levels.TryGetValue(arm.Name, out var level)
                ? [level]
                : throw new InvalidDataException($"the load check's request gives no level for {arm.Name}.")
            : PeakLevels?.GetValueOrDefault(arm.Name) is { Count: > 0 } peak
                ? peak
                : Plan.InFlight.TryGetValue(arm.Operation, out var inFlight) && inFlight.Count > 0
                    ? inFlight
                    : throw new InvalidDataException($"the trial's plan gives no calls in flight for {arm.Name}.");

    /// <summary>Writes the request where a trial process can read it.</summary>
    public void Save(string path) =>
        File.WriteAllText(path, JsonSerializer.Serialize(this, TrialJsonContext.Default.TrialRequest));

    /// <summary>Reads a request written by <see cref="Save"/>.</summary>
    public static TrialRequest Load(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TrialJsonContext.Default.TrialRequest)
        ?? throw new InvalidDataException($"'{path}' holds no trial request.");
}

/// <summary>
/// What a trial process writes: its trial, or (for <see cref="TrialRequest.LoadCheck"/>) load mode's calls/s per arm.
/// </summary>
public sealed record TrialAnswer(Trial? Trial, IReadOnlyList<LoadCheck>? LoadChecks = null)
{
    /// <summary>Writes the answer to <paramref name="path"/>.</summary>
    public void Save(string path) =>
        File.WriteAllText(path, JsonSerializer.Serialize(this, TrialJsonContext.Default.TrialAnswer));

    /// <summary>Reads an answer written by <see cref="Save"/>.</summary>
    public static TrialAnswer Load(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TrialJsonContext.Default.TrialAnswer)
        ?? throw new InvalidDataException($"'{path}' holds no trial answer.");
}

[JsonSourceGenerationOptions(WriteIndented = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(TrialRequest))]
[JsonSerializable(typeof(TrialAnswer))]
internal sealed partial class TrialJsonContext : JsonSerializerContext;
