using Grpc.Net.Client.Web;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// The one place an arm becomes a client (suites, gate, load mode): exactly one of <see cref="Json"/>,
/// <see cref="Protobuf"/> and <see cref="Grpc"/> is set.
/// </summary>
public sealed class ArmClient : IDisposable
{
    private ArmClient(Arm arm, RestClient? json, RestProtobufClient? protobuf, GrpcClient? grpc) =>
        (Arm, Json, Protobuf, Grpc) = (arm, json, protobuf, grpc);

    /// <summary>The arm this client calls as.</summary>
    public Arm Arm { get; }

    /// <summary>
    /// REST + JSON on the arm's routes (controllers, minimal APIs or transcoding); null for other arms.
    /// </summary>
    public RestClient? Json { get; }

    /// <summary>REST + protobuf; null for other arms.</summary>
    public RestProtobufClient? Protobuf { get; }

    /// <summary>gRPC or gRPC-Web (binary or text); null for REST arms.</summary>
    public GrpcClient? Grpc { get; }

    /// <summary>The HTTP version of the last answer: what was negotiated, not what was asked for.</summary>
    public Version? LastResponseVersion =>
        Json?.LastResponseVersion ?? Protobuf?.LastResponseVersion ?? Grpc?.LastResponseVersion;

    /// <summary>
    /// A client of its own (and so its own connections) that makes <paramref name="arm"/>'s calls over
    /// <paramref name="transport"/>.
    /// </summary>
    public static ArmClient Create(Arm arm, HttpTransport transport)
    {
        var gzip = arm.Compression == Arm.Gzip;
        return arm switch
        {
            { Protocol: Arm.Rest, Encoding: "protobuf" } => new(arm, null, new RestProtobufClient(transport), null),
            { Protocol: Arm.Rest } => new(
                arm,
                new RestClient(gzip ? transport with { Gzip = true } : transport, routes: RoutesOf(arm)),
                null,
                null
            ),
            { Protocol: Arm.Grpc } => new(arm, null, null, new GrpcClient(transport, gzip ? Arm.Gzip : null)),
            { Protocol: Arm.GrpcWeb } => new(
                arm,
                null,
                null,
                new GrpcClient(
                    transport,
                    web: arm.Encoding == "protobuf" ? GrpcWebMode.GrpcWeb : GrpcWebMode.GrpcWebText
                )
            ),
            _ => throw new ArgumentException($"{arm.Id} runs in process: it has no client."),
        };
    }

    public void Dispose()
    {
        Json?.Dispose();
        Protobuf?.Dispose();
        Grpc?.Dispose();
    }

    private static RestRoutes RoutesOf(Arm arm) =>
        arm.Style switch
        {
            Arm.MinimalApi => RestRoutes.MinimalApis,
            Arm.JsonTranscoding => RestRoutes.Transcoded,
            _ => RestRoutes.Controllers,
        };
}
