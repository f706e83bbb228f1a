using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The CPUs a run pinned its processes to, as taskset lists (the servers', and the client's: the bench, its trials
/// and BenchmarkDotNet's processes); a side the OS placed is null.
/// </summary>
public sealed record CpuPlacement(string? Servers, string? Client)
{
    /// <summary>Nothing pinned: the OS placed every process.</summary>
    public static CpuPlacement None { get; } = new(null, null);
}
