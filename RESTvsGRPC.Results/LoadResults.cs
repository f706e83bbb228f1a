using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Everything a load run measured, as written to <c>load-results.json</c> and read back by its summary: the
/// scenario, each target's totals, drift and time series, and the run's provenance. Times in nanoseconds.
/// </summary>
public sealed record LoadResults(
    Provenance Provenance,
    LoadScenarioSettings Scenario,
    LoadTiming Timing,
    bool Complete,
    LoadStop? Stop,
    IReadOnlyList<TargetResult> Targets
)
{
    /// <summary>The file name inside the output folder.</summary>
    public const string FileName = "load-results.json";

    /// <summary>
    /// The version of the file's shape this build writes and reads; files without the field are version 1.
    /// </summary>
    public const int CurrentSchemaVersion = 4;

    /// <summary>The version of the shape the file was written in.</summary>
    [JsonPropertyOrder(-1)]
    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    /// <summary>
    /// True for a soak (the targets at once, judged on their servers' resources); absent, false, in a load run's file.
    /// </summary>
    [JsonPropertyOrder(-1)]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public bool Soak { get; init; }

    /// <summary>The link a <c>load --link</c> run measured over; null: loopback, as every other load run.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LinkResult? Link { get; init; }

    /// <summary>Writes <see cref="FileName"/> into <paramref name="directory"/>.</summary>
    public void Save(string directory) =>
        File.WriteAllText(
            Path.Combine(directory, FileName),
            JsonSerializer.Serialize(this, LoadResultsJsonContext.Default.LoadResults)
        );

    /// <summary>
    /// Reads a folder's <see cref="FileName"/>; throws <see cref="InvalidDataException"/> naming the file when it does
    /// not parse.
    /// </summary>
    public static LoadResults Load(string directory)
    {
        var path = Path.Combine(directory, FileName);
        try
        {
            var text = File.ReadAllText(path);
            SchemaVersions.Require(path, text, CurrentSchemaVersion);
            return JsonSerializer.Deserialize(text, LoadResultsJsonContext.Default.LoadResults)
                ?? throw new InvalidDataException($"{path} holds no load results.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a load run's results: {e.Message}", e);
        }
    }
}

/// <summary>
/// A target's phases in seconds from its start, as the reports need them: the ramp-up and the warm-up (neither
/// measured), where the measured span begins and how long it was asked to last, and the shortest tenth of it that drift
/// is judged on.
/// </summary>
public sealed record LoadTiming(
    double RampUpSeconds,
    double WarmupSeconds,
    double MeasuredFromSeconds,
    double DurationSeconds,
    double MinDriftTenthSeconds
);

/// <summary>
/// The scenario a load run used, in numbers: a closed loop of <see cref="Users"/> callers, each with a think time, its
/// phases, its operations' weights, whether the targets' callers share one client each, and the call timeout.
/// </summary>
public sealed record LoadScenarioSettings(
    string Name,
    int Users,
    double DurationSeconds,
    double RampUpSeconds,
    double WarmupSeconds,
    double ThinkTimeSeconds,
    IReadOnlyList<OperationWeight> Mix,
    bool SharedClient,
    double TimeoutSeconds
);

/// <summary>An operation's weight in a load run's mix.</summary>
public sealed record OperationWeight(string Operation, int Weight);

/// <summary>
/// A load run stopped by a signal: after <see cref="TargetsDone"/> of its <see cref="Targets"/> targets, the last one
/// cut short.
/// </summary>
public sealed record LoadStop(int TargetsDone, int Targets);

/// <summary>
/// One target's run: what it called and over which clients (<paramref name="SharedClient"/>: one client for every
/// user, else <paramref name="Clients"/> of them, one per user), its totals over the measured span, the drift and its
/// seconds. Data only: the reports word it (and warn from its totals).
/// </summary>
public sealed record TargetResult(
    string Name,
    string Description,
    string HttpVersion,
    bool SharedClient,
    int Clients,
    TargetTotals Totals,
    Drift? Drift,
    IReadOnlyList<SecondSample> Series
);

/// <summary>
/// A target's figures over its measured seconds (after the ramp-up): requests per second counts good answers,
/// latencies are those of good answers, errors are counted by kind.
/// </summary>
public sealed record TargetTotals(
    double MeasuredSeconds,
    long Requests,
    double RequestsPerSecond,
    LatencySummary Latency,
    ErrorCounts Errors,
    double SentBytesPerSecond,
    double ReceivedBytesPerSecond,
    double ClientCpuPercent,
    double ClientCpuPercentMax,
    long ClientPeakResidentBytes,
    double? ServerCpuPercent,
    long? ServerPeakResidentBytes
)
{
    /// <summary>
    /// The gaps between good answers over the measured seconds, the stalls among them (gaps of 100 mean spacings of
    /// answers, 200 ms at least); null in results written before gaps were recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }
}

/// <summary>Latency percentiles of a target's good answers, nanoseconds.</summary>
public sealed record LatencySummary(
    double Mean,
    double P50,
    double P90,
    double P95,
    double P99,
    double P999,
    double Max
);

/// <summary>
/// Errors by kind: a status other than success, no answer in time, a wrong answer, a failed connection.
/// </summary>
public sealed record ErrorCounts(long Status, long Timeout, long Validation, long Transport)
{
    /// <summary>All errors.</summary>
    [JsonIgnore]
    public long Total => Status + Timeout + Validation + Transport;
}

/// <summary>How the first and the last tenth of the measured seconds differ: requests per second and p99.</summary>
public sealed record Drift(
    double FirstRequestsPerSecond,
    double LastRequestsPerSecond,
    double FirstP99,
    double LastP99
);

/// <summary>
/// One second of a target's run: answers and errors that ended in it, latencies, bytes and the processes'
/// resources (null where the sampler did not run in that second: its next reading covers it).
/// </summary>
public sealed record SecondSample(
    int Second,
    long Requests,
    long Errors,
    double P50,
    double P99,
    long SentBytes,
    long ReceivedBytes,
    double? ClientCpuPercent,
    long? ClientResidentBytes,
    double? ServerCpuPercent,
    long? ServerResidentBytes,
    int? ServerThreads,
    int? ServerHandles
);

[JsonSourceGenerationOptions(
    WriteIndented = true,
    NewLine = "\n",
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals
)]
[JsonSerializable(typeof(LoadResults))]
internal sealed partial class LoadResultsJsonContext : JsonSerializerContext;
