using System.Text.Json.Serialization;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What the orchestrator asks of one process of the bench's <c>trial</c> command, as a JSON file: the whole plan, the
/// arms, the servers' process ids and where to answer; the servers' addresses come through the environment. A trial
/// (<see cref="TrialRequest"/>) or a load check (<see cref="LoadCheckRequest"/>).
/// </summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "$kind")]
[JsonDerivedType(typeof(TrialRequest), "trial")]
[JsonDerivedType(typeof(LoadCheckRequest), "load-check")]
public abstract record TrialProcessRequest(
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
    /// RestAPI.Aot's process id, for the AOT REST arm's server CPU time; null where no AOT server runs.
    /// </summary>
    public int? AotRestProcessId { get; init; }

    /// <summary>
    /// GrpcAPI.Aot's process id, for the AOT gRPC arm's server CPU time; null where no AOT server runs.
    /// </summary>
    public int? AotGrpcProcessId { get; init; }

    /// <summary>The process id of the server that answers <paramref name="arm"/>, where known.</summary>
    public int? ServerProcessOf(Arm arm) =>
        (arm.IsAot, arm.IsServedByGrpcApi) switch
        {
            (true, true) => AotGrpcProcessId,
            (true, false) => AotRestProcessId,
            (false, true) => GrpcProcessId,
            (false, false) => RestProcessId,
        };

    /// <summary>The arms, parsed from their "operation/target" names.</summary>
    [JsonIgnore]
    public IReadOnlyList<TrialArm> ArmList => [.. Arms.Select(ArmOf)];

    /// <summary>The calls in flight <paramref name="arm"/>'s closed loops are measured at.</summary>
    public abstract IReadOnlyList<int> LevelsOf(TrialArm arm);

    /// <summary>The file name this request and its answer go under in the trial folder, without an extension.</summary>
    [JsonIgnore]
    public abstract string Name { get; }

    /// <summary>Writes the request where a trial process can read it.</summary>
    public void Save(string path) =>
        File.WriteAllText(path, JsonSerializer.Serialize(this, TrialJsonContext.Default.TrialProcessRequest));

    /// <summary>Reads a request written by <see cref="Save"/>.</summary>
    public static TrialProcessRequest Load(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TrialJsonContext.Default.TrialProcessRequest)
        ?? throw new InvalidDataException($"'{path}' holds no trial request.");

    private static TrialArm ArmOf(string name) =>
        name.Split('/') is [var operation, var target]
            ? new TrialArm(Enum.Parse<LoadOperation>(operation, ignoreCase: true), target)
            : throw new InvalidDataException($"the trial request names an arm '{name}', not operation/target.");
}

/// <summary>
/// Reading the CPU time of the servers a <see cref="ServerSet"/> started, for either kind of request.
/// </summary>
public static class TrialProcessRequests
{
    /// <summary>
    /// <paramref name="request"/> with the process ids of the servers <paramref name="servers"/> started, whose CPU
    /// time the process reads.
    /// </summary>
    public static T ReadingCpuOf<T>(this T request, ServerSet servers)
        where T : TrialProcessRequest =>
        (T)(
            (TrialProcessRequest)request with
            {
                RestProcessId = servers.RestProcessId,
                GrpcProcessId = servers.GrpcProcessId,
                AotRestProcessId = servers.AotRestProcessId,
                AotGrpcProcessId = servers.AotGrpcProcessId,
            }
        );
}

/// <summary>
/// One trial, number <see cref="Index"/>: every arm measured in the plan's order, at its operation's levels or, after
/// the curve's trials, at its peak and the levels either side; a <c>--link</c> run's device and round trip.
/// </summary>
public sealed record TrialRequest(
    int Index,
    TrialPlan Plan,
    IReadOnlyList<string> Arms,
    int ParentProcessId,
    string OutputPath
) : TrialProcessRequest(Plan, Arms, ParentProcessId, OutputPath)
{
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
    /// The levels this trial measures each arm ("operation/target") at, its peak over the trials before and the levels
    /// either side (<see cref="TrialPlan.CurveTrials"/>); null: every level of its operation.
    /// </summary>
    public IReadOnlyDictionary<string, IReadOnlyList<int>>? PeakLevels { get; init; }

    /// <summary>
    /// New clients per arm whose first small GET the trial times, before its slices (<c>--tls</c>); 0: none.
    /// </summary>
    public int NewConnections { get; init; }

    [JsonIgnore]
    public override string Name => $"trial-{Index}";

    public override IReadOnlyList<int> LevelsOf(TrialArm arm) =>
        PeakLevels?.GetValueOrDefault(arm.Name) is { Count: > 0 } peak ? peak
        : Plan.InFlight.TryGetValue(arm.Operation, out var inFlight) && inFlight.Count > 0 ? inFlight
        : throw new InvalidDataException($"the trial's plan gives no calls in flight for {arm.Name}.");
}

/// <summary>
/// Load mode's cross-check: each arm ("operation/target") at its one level in <see cref="Levels"/> (its peak in the
/// trials), from round <see cref="FirstRound"/> over all the check's processes, so the processes take the arms in
/// turns too.
/// </summary>
public sealed record LoadCheckRequest(
    TrialPlan Plan,
    IReadOnlyList<string> Arms,
    int ParentProcessId,
    string OutputPath,
    IReadOnlyDictionary<string, int> Levels,
    int FirstRound
) : TrialProcessRequest(Plan, Arms, ParentProcessId, OutputPath)
{
    [JsonIgnore]
    public override string Name => "load-check";

    public override IReadOnlyList<int> LevelsOf(TrialArm arm) =>
        Levels.TryGetValue(arm.Name, out var level)
            ? [level]
            : throw new InvalidDataException($"the load check's request gives no level for {arm.Name}.");
}

/// <summary>What a trial process writes for a <see cref="TrialRequest"/>: its trial.</summary>
public sealed record TrialAnswer(Trial Trial)
{
    /// <summary>Writes the answer to <paramref name="path"/>.</summary>
    public void Save(string path) =>
        File.WriteAllText(path, JsonSerializer.Serialize(this, TrialJsonContext.Default.TrialAnswer));

    /// <summary>Reads an answer written by <see cref="Save"/>.</summary>
    public static TrialAnswer Load(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TrialJsonContext.Default.TrialAnswer)
        ?? throw new InvalidDataException($"'{path}' holds no trial answer.");
}

/// <summary>What a trial process writes for a <see cref="LoadCheckRequest"/>: load mode's calls/s per arm.</summary>
public sealed record LoadCheckAnswer(IReadOnlyList<LoadCheck> LoadChecks)
{
    /// <summary>Writes the answer to <paramref name="path"/>.</summary>
    public void Save(string path) =>
        File.WriteAllText(path, JsonSerializer.Serialize(this, TrialJsonContext.Default.LoadCheckAnswer));

    /// <summary>Reads an answer written by <see cref="Save"/>.</summary>
    public static LoadCheckAnswer Load(string path) =>
        JsonSerializer.Deserialize(File.ReadAllText(path), TrialJsonContext.Default.LoadCheckAnswer)
        ?? throw new InvalidDataException($"'{path}' holds no load check answer.");
}

[JsonSourceGenerationOptions(WriteIndented = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(TrialProcessRequest))]
[JsonSerializable(typeof(TrialAnswer))]
[JsonSerializable(typeof(LoadCheckAnswer))]
internal sealed partial class TrialJsonContext : JsonSerializerContext;
