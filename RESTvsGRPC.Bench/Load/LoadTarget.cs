using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>One client arm of the catalogue aimed at one server endpoint, named as the command line names it.</summary>
public sealed record LoadTarget(Arm Arm, HttpTransport Transport)
{
    /// <summary>The target's command-line name: its arm's id.</summary>
    public string Name => Arm.Id;

    /// <summary>What a reader sees: its arm's name.</summary>
    public string Description => Arm.Name;

    /// <summary>Every target's name in the catalogue's order; the API-style targets run only when named.</summary>
    public static IReadOnlyList<string> Names { get; } = [.. ArmCatalogue.Clients.Values.Select(arm => arm.Id)];

    /// <summary>
    /// The targets named (default: the protocol targets whose server is known) on the servers' endpoints; throws for a
    /// server not given.
    /// </summary>
    public static IReadOnlyList<LoadTarget> Resolve(
        IReadOnlyList<string>? names,
        RestServerAddresses? rest,
        GrpcServerAddresses? grpc,
        AotServerAddresses? aot = null
    )
    {
        var targets = new List<LoadTarget>();
        var chosen = names is null
            ? ArmCatalogue.Clients.Values.Where(IsProtocolArm)
            : names.Distinct().Select(name => ArmCatalogue.Clients[name]);
        foreach (var arm in chosen)
        {
            var transport = ServerEndpoints.Of(arm, rest, grpc, aot);
            if (transport is not null)
            {
                targets.Add(new LoadTarget(arm, transport));
            }
            else if (names is not null)
            {
                throw new ArgumentException(
                    $"target {arm.Id} needs {ServerEndpoints.OptionOf(arm)}, or leave the servers to the bench."
                );
            }
        }

        return targets.Count > 0
            ? targets
            : throw new ArgumentException("no target: the servers given serve none of the targets named.");
    }

    /// <summary>The server the target calls: GrpcAPI (gRPC, gRPC-Web, transcoding) or RestAPI.</summary>
    public bool IsServedByGrpcApi => Arm.IsServedByGrpcApi;

    /// <summary>
    /// The protocols' comparison: REST from the controllers and gRPC itself, uncompressed, in cleartext, not the API
    /// styles.
    /// </summary>
    private static bool IsProtocolArm(Arm arm) =>
        arm.Style is Arm.Controllers or Arm.GrpcService
        && arm.Protocol != Arm.GrpcWeb
        && arm.Compression != Arm.Gzip
        && !arm.IsAot
        && !arm.IsTls;
}
