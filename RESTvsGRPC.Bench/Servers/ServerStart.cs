using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Placement;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// How a run's servers start: their data, their CPUs, whether the scaling pair and the Native AOT builds start too,
/// over which link; or, where the servers were given by URL, their addresses (and then none starts).
/// </summary>
public sealed record ServerStart(string DataPath, CpuSet? Cpus)
{
    /// <summary>True where the servers were given by URL: the bench starts none.</summary>
    public bool Given { get; init; }

    /// <summary>The RestAPI given by URL; null where none was given.</summary>
    public RestServerAddresses? GivenRest { get; init; }

    /// <summary>The GrpcAPI given by URL; null where none was given.</summary>
    public GrpcServerAddresses? GivenGrpc { get; init; }

    /// <summary>The scaling RestAPI given by URL; null where none was given.</summary>
    public Uri? GivenRestScaling { get; init; }

    /// <summary>The scaling GrpcAPI given by URL; null where none was given.</summary>
    public Uri? GivenGrpcScaling { get; init; }

    /// <summary>True where the scaling pair starts beside the measured servers.</summary>
    public bool Scaling { get; init; }

    /// <summary>True where the Native AOT builds start beside the JIT servers (never over a link).</summary>
    public bool Aot { get; init; }

    /// <summary>The link the servers are reached over; null: loopback.</summary>
    public LinkProfile? Link { get; init; }
}
