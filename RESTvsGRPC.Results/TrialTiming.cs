using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Where a trial's wall-clock time went: <see cref="Seconds"/> from the bench's start of its servers (or of its
/// process, where servers are not renewed) to its answer read, of which the trial process spent
/// <see cref="SlicesSeconds"/> in the latency and throughput slices (collections between them included) and
/// <see cref="OpenLoopSeconds"/> open loop; the rest is what a fresh trial costs before it measures (c₂ in Kalibera and
/// Jones's allocation).
/// </summary>
public sealed record TrialTiming(double Seconds, double SlicesSeconds, double OpenLoopSeconds)
{
    /// <summary>What the trial cost besides its slices and open loop: servers, process, warm-up, settling.</summary>
    [JsonIgnore]
    public double FixedSeconds => Seconds - SlicesSeconds - OpenLoopSeconds;
}
