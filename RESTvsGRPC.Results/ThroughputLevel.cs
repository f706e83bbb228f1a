using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One arm's throughput in one trial at one concurrency: calls counted, calls/s, the client's and the server's CPU
/// time per call over the same windows (the server's null where not measured), and on a <c>--link</c> run the bytes/s
/// the client's end sent and received.
/// </summary>
public sealed record ThroughputLevel(
    int Concurrency,
    long Calls,
    double CallsPerSecond,
    double ClientCpuNanosecondsPerCall,
    double? ServerCpuNanosecondsPerCall
)
{
    /// <summary>Bytes/s the client's end sent; null where the link is loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkSentBytesPerSecond { get; init; }

    /// <summary>Bytes/s the client's end received; null where the link is loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LinkReceivedBytesPerSecond { get; init; }

    /// <summary>
    /// The calls/s of each slice at this level, one per round in the order measured; null in results written before
    /// rounds were kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? Rounds { get; init; }

    /// <summary>The gaps between completions over this level's slices; null before gaps were recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CompletionGaps? Gaps { get; init; }
}
