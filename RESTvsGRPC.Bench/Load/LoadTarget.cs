using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>The protocol arms a load run can drive.</summary>
public enum LoadTargetKind
{
    /// <summary>REST + JSON over HTTP/1.1.</summary>
    RestJson,

    /// <summary>REST + JSON over h2c.</summary>
    RestJsonH2c,

    /// <summary>REST + protobuf over HTTP/1.1.</summary>
    RestProtobuf,

    /// <summary>gRPC unary calls (the large GET as one list message) over h2c.</summary>
    Grpc,

    /// <summary>gRPC with the large GET as a server stream, one message per record; the small GET and POST unary.</summary>
    GrpcStream,

    /// <summary>REST + JSON from RestAPI's minimal APIs, HTTP/1.1.</summary>
    RestMinimal,

    /// <summary>REST + JSON from GrpcAPI's JSON transcoding, HTTP/1.1.</summary>
    Transcoded,

    /// <summary>gRPC-Web, binary, HTTP/1.1 (the large GET as one list message).</summary>
    GrpcWeb,

    /// <summary>gRPC-Web, base64 text, HTTP/1.1, with the large GET as a server stream, as a browser reads it.</summary>
    GrpcWebTextStream,

    /// <summary>gRPC-Web, binary, over h2c on gRPC's own port: the gRPC-Web translation alone, on gRPC's HTTP version.</summary>
    GrpcWebH2c,
}

/// <summary>One protocol arm aimed at one server endpoint, with the name the command line and the report use.</summary>
public sealed record LoadTarget(LoadTargetKind Kind, string Name, string Description, HttpTransport Transport)
{
    /// <summary>
    /// Every target's command-line name, in the order a run drives them. The API-style targets (minimal APIs,
    /// transcoding, gRPC-Web) run when named, so a run without <c>--targets</c> stays the protocols' comparison.
    /// </summary>
    public static IReadOnlyList<(string Name, LoadTargetKind Kind, string Description)> Catalogue { get; } =
    [
        .. new[]
        {
            ("rest-json", LoadTargetKind.RestJson), ("rest-json-h2c", LoadTargetKind.RestJsonH2c), ("rest-protobuf", LoadTargetKind.RestProtobuf),
            ("grpc", LoadTargetKind.Grpc), ("grpc-stream", LoadTargetKind.GrpcStream), ("rest-minimal", LoadTargetKind.RestMinimal),
            ("grpc-transcoding", LoadTargetKind.Transcoded), ("grpc-web", LoadTargetKind.GrpcWeb), ("grpc-web-text", LoadTargetKind.GrpcWebTextStream),
            ("grpc-web-h2c", LoadTargetKind.GrpcWebH2c),
        }.Select(target => (target.Item1, target.Item2, ArmCatalogue.Clients[target.Item1].Name)),
    ];

    /// <summary>
    /// The targets named in <paramref name="names"/>, in the order given (when null, the protocol targets whose server
    /// is known, in the catalogue's order), on the servers' endpoints (names already checked against the catalogue);
    /// throws <see cref="ArgumentException"/> for a server not given.
    /// </summary>
    public static IReadOnlyList<LoadTarget> Resolve(IReadOnlyList<string>? names, RestServerAddresses? rest, GrpcServerAddresses? grpc)
    {
        var targets = new List<LoadTarget>();
        var chosen = names is null
            ? Catalogue.Where(entry => entry.Kind <= LoadTargetKind.GrpcStream)
            : names.Distinct().Select(name => Catalogue.Single(entry => entry.Name == name));
        foreach (var (name, kind, description) in chosen)
        {
            var transport = TransportOf(kind, rest, grpc);
            if (transport is not null)
            {
                targets.Add(new LoadTarget(kind, name, description, transport));
            }
            else if (names is not null)
            {
                throw new ArgumentException($"target {name} needs {kind switch
                {
                    LoadTargetKind.Grpc or LoadTargetKind.GrpcStream or LoadTargetKind.GrpcWebH2c => "GrpcAPI (--grpc-url)",
                    LoadTargetKind.Transcoded or LoadTargetKind.GrpcWeb or LoadTargetKind.GrpcWebTextStream => "GrpcAPI's web endpoint (--grpc-web-url)",
                    LoadTargetKind.RestJsonH2c => "RestAPI's h2c endpoint (--rest-h2c-url)",
                    _ => "RestAPI (--rest-url)",
                }}, or leave the servers to the bench.");
            }
        }

        return targets.Count > 0 ? targets : throw new ArgumentException("no target: the servers given serve none of the targets named.");
    }

    /// <summary>The server the target calls: GrpcAPI (gRPC, gRPC-Web, transcoding) or RestAPI.</summary>
    public bool IsServedByGrpcApi => Kind is LoadTargetKind.Grpc or LoadTargetKind.GrpcStream or LoadTargetKind.Transcoded or LoadTargetKind.GrpcWeb or LoadTargetKind.GrpcWebTextStream or LoadTargetKind.GrpcWebH2c;

    private static HttpTransport? TransportOf(LoadTargetKind kind, RestServerAddresses? rest, GrpcServerAddresses? grpc) => kind switch
    {
        LoadTargetKind.RestJson or LoadTargetKind.RestProtobuf or LoadTargetKind.RestMinimal => rest?.Http11Transport,
        LoadTargetKind.RestJsonH2c => rest?.H2c is { } h2c ? HttpTransport.H2c(h2c) : null,
        LoadTargetKind.Transcoded or LoadTargetKind.GrpcWeb or LoadTargetKind.GrpcWebTextStream => grpc?.Web is { } web ? HttpTransport.Http11(web) : null,
        _ => grpc?.H2cTransport,
    };
}
