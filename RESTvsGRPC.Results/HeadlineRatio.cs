using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// A headline ratio, the results contract other tools read: how many times better <see cref="Arm"/> is than
/// <see cref="Baseline"/> on <see cref="Operation"/> for <see cref="Quantity"/> — baseline time ÷ arm time for
/// <c>latency</c>, arm calls/s ÷ baseline calls/s for <c>throughput</c> — as the median of per-trial ratios with its
/// exact order-statistic 95 % interval (<see cref="Low"/>, <see cref="High"/>; equal to the median where too few
/// trials ran for one), over <see cref="Trials"/> fresh processes, in <see cref="Placement"/>.
/// </summary>
public sealed record HeadlineRatio(
    string Quantity,
    string Operation,
    string Arm,
    string Baseline,
    double Median,
    double Low,
    double High,
    int Trials,
    CpuPlacement Placement
)
{
    /// <summary>
    /// The link's name (<see cref="LinkResult.Name"/>) in a <c>--link</c> run, beside <see cref="Placement"/>; null:
    /// loopback.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Link { get; init; }

    /// <summary>
    /// The same per-trial ratios' Hodges–Lehmann estimate with its 95 % interval; null with fewer than six trials and
    /// in results written before it (schema version 4).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public HodgesLehmannInterval? HodgesLehmann { get; init; }

    /// <summary>
    /// The ratio's noise within a trial and between trials; null where the trials kept no rounds or had fewer than two.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public VarianceComponents? Components { get; init; }

    /// <summary>One call in flight: baseline time per call over the arm's.</summary>
    public const string Latency = "latency";

    /// <summary>Calls/s at saturation: the arm's over the baseline's.</summary>
    public const string Throughput = "throughput";

    /// <summary>True where the interval is a real one (enough trials for 95 %).</summary>
    [JsonIgnore]
    public bool HasInterval => Trials >= MedianInterval.MinimumSamples;

    /// <summary>True where the interval shows a difference from the baseline (it excludes 1).</summary>
    [JsonIgnore]
    public bool Differs => HasInterval && (Low > 1 || High < 1);
}
