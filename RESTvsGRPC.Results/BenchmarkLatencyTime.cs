using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// BenchmarkDotNet's side of the latency check for one arm: the case whose columns the summary shows (its largest
/// batch) and every batch size's result, each its own process, whose mean per-call time the check compares.
/// </summary>
public sealed record BenchmarkLatencyTime(BenchmarkResult Case, IReadOnlyList<BenchmarkResult> Batches)
{
    /// <summary>
    /// The mean of the processes' per-call times (nanoseconds): what the check sets beside the trials' median.
    /// </summary>
    public double NanosecondsPerCall => Batches.Average(b => b.NanosecondsPerCall);

    /// <summary>How many processes timed the arm (one per batch size).</summary>
    public int Processes => Batches.Count;
}
