using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One benchmark case: which arm and operation, and its results per call (a batch's figures divided by its
/// calls; 1 for the in-process codec benchmarks). Times are in nanoseconds, the error is half the 99.9 %
/// confidence interval, as BenchmarkDotNet's Error column.
/// </summary>
public sealed record BenchmarkResult(
    string Suite,
    string Arm,
    string Class,
    string Method,
    string Operation,
    bool Baseline,
    int CallsPerBatch,
    int? Records,
    double NanosecondsPerCall,
    double ErrorNanosecondsPerCall,
    double? AllocatedBytesPerCall,
    double? ServerCpuNanosecondsPerCall,
    double? ServerPeakWorkingSetBytes
)
{
    /// <summary>
    /// Whether BenchmarkDotNet forced a full collection between the case's iterations; null where not recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? ForcedCollections { get; init; }

    /// <summary>
    /// Whether the case's BenchmarkDotNet process was set to settle the JIT on its case before BenchmarkDotNet's stages
    /// (every job but the dry one); null where not recorded or where the case calls no server.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? SettledJit { get; init; }

    /// <summary>The error per call, 0 where the job gave none (NaN).</summary>
    [JsonIgnore]
    public double Error => double.IsFinite(ErrorNanosecondsPerCall) ? ErrorNanosecondsPerCall : 0;

    /// <summary>
    /// True where the two per-call times differ by no more than their errors together (a one-iteration job has none:
    /// 0).
    /// </summary>
    public bool WithinErrorOf(BenchmarkResult other) =>
        Math.Abs(NanosecondsPerCall - other.NanosecondsPerCall) <= Error + other.Error;

    /// <summary>Identifies the case across runs: class, method and parameters.</summary>
    [JsonIgnore]
    public string Key =>
        Records is { } records
            ? $"{Class}.{Method} Records={records} Calls={CallsPerBatch}"
            : $"{Class}.{Method} Calls={CallsPerBatch}";
}
