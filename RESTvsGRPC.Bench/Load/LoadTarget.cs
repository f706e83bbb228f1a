namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// One client arm of the catalogue (<see cref="ArmCatalogue.Clients"/>) aimed at one server endpoint; its id is the
/// name the command line and the report use.
/// </summary>
public sealed record LoadTarget(Arm Arm, HttpTransport Transport)
{
    /// <summary>The target's command-line name: its arm's id.</summary>
    public string Name => Arm.Id;

    /// <summary>What a reader sees: its arm's name.</summary>
    public string Description => Arm.Name;

    /// <summary>
    /// Every target's command-line name, in the catalogue's order, the order a run drives them. The API-style targets
    /// (minimal APIs, transcoding, gRPC-Web) run when named, so a run without <c>--targets</c> stays the protocols' comparison.
    /// </summary>
    public static IReadOnlyList<string> Names { get; } = [.. ArmCatalogue.Clients.Values.Select(arm => arm.Id)];

    /// <summary>
    /// The targets named in <paramref name="names"/>, in the order given (when null, the protocol targets whose server
    /// is known, in the catalogue's order), on the servers' endpoints (names already checked against the catalogue);
    /// throws <see cref="ArgumentException"/> for a server not given.
    /// </summary>
    public static IReadOnlyList<LoadTarget> Resolve(IReadOnlyList<string>? names, RestServerAddresses? rest, GrpcServerAddresses? grpc, AotServerAddresses? aot = null)
    {
        var targets = new List<LoadTarget>();
        var chosen = names is null
            ? ArmCatalogue.Clients.Values.Where(IsProtocolArm)
            : names.Distinct().Select(name => ArmCatalogue.Clients[name]);
        foreach (var arm in chosen)
        {
            var transport = ArmClient.EndpointOf(arm, rest, grpc, aot);
            if (transport is not null)
            {
                targets.Add(new LoadTarget(arm, transport));
            }
            else if (names is not null)
            {
                throw new ArgumentException($"target {arm.Id} needs {ArmClient.ServerOf(arm)}, or leave the servers to the bench.");
            }
        }

        return targets.Count > 0 ? targets : throw new ArgumentException("no target: the servers given serve none of the targets named.");
    }

    /// <summary>The server the target calls: GrpcAPI (gRPC, gRPC-Web, transcoding) or RestAPI.</summary>
    public bool IsServedByGrpcApi => Arm.IsServedByGrpcApi;

    /// <summary>The protocols' comparison: REST from the controllers and gRPC itself, uncompressed, in cleartext, not the API styles.</summary>
    private static bool IsProtocolArm(Arm arm) => arm.Style is Arm.Controllers or Arm.GrpcService && arm.Protocol != Arm.GrpcWeb && arm.Compression != Arm.Gzip && !arm.IsAot && !arm.IsTls;
}
