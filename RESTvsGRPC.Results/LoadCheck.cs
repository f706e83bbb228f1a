using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Load mode's closed loop on one arm at the trials' concurrency: calls/s (the median of its processes' medians of
/// their windows), and the ratio to REST + JSON's calls/s in the same process and round (the median of the rounds'
/// ratios over all the processes; null for the baseline), to set beside the trials' throughput ratio.
/// </summary>
public sealed record LoadCheck(string Operation, string Arm, int Concurrency, double CallsPerSecond, double? Ratio)
{
    /// <summary>
    /// Windows per arm over all the processes, the arms in turns; null for one window (results written before the
    /// rounds).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Windows { get; init; }

    /// <summary>
    /// Client processes the windows ran in, one after another; null for one (results written before the processes).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Processes { get; init; }

    /// <summary>
    /// Each round's ratio to the baseline's window of the same process and round, in round order over the processes;
    /// null for the baseline and in results written before it.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? RoundRatios { get; init; }

    /// <summary>
    /// The gaps between completions over the arm's windows (their longest, their stalls); null before gaps were
    /// recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }
}
