using Grpc.Net.Client.Web;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>The one place an arm becomes a client (suites, gate, load mode): exactly one of <see cref="Json"/>, <see cref="Protobuf"/> and <see cref="Grpc"/> is set.</summary>
public sealed class ArmClient : IDisposable
{
    private ArmClient(Arm arm, RestClient? json, RestProtobufClient? protobuf, GrpcClient? grpc) =>
        (Arm, Json, Protobuf, Grpc) = (arm, json, protobuf, grpc);

    /// <summary>The arm this client calls as.</summary>
    public Arm Arm { get; }

    /// <summary>REST + JSON on the arm's routes (controllers, minimal APIs or transcoding); null for other arms.</summary>
    public RestClient? Json { get; }

    /// <summary>REST + protobuf; null for other arms.</summary>
    public RestProtobufClient? Protobuf { get; }

    /// <summary>gRPC or gRPC-Web (binary or text); null for REST arms.</summary>
    public GrpcClient? Grpc { get; }

    /// <summary>The HTTP version of the last answer: what was negotiated, not what was asked for.</summary>
    public Version? LastResponseVersion => Json?.LastResponseVersion ?? Protobuf?.LastResponseVersion ?? Grpc?.LastResponseVersion;

    /// <summary>A client of its own (and so its own connections) that makes <paramref name="arm"/>'s calls over <paramref name="transport"/>.</summary>
    public static ArmClient Create(Arm arm, HttpTransport transport)
    {
        var gzip = arm.Compression == Arm.Gzip;
        return arm switch
        {
            { Protocol: Arm.Rest, Encoding: "protobuf" } => new(arm, null, new RestProtobufClient(transport), null),
            { Protocol: Arm.Rest } => new(arm, new RestClient(gzip ? transport with { Gzip = true } : transport, routes: RoutesOf(arm)), null, null),
            { Protocol: Arm.Grpc } => new(arm, null, null, new GrpcClient(transport, gzip ? Arm.Gzip : null)),
            { Protocol: Arm.GrpcWeb } => new(arm, null, null, new GrpcClient(transport, web: arm.Encoding == "protobuf" ? GrpcWebMode.GrpcWeb : GrpcWebMode.GrpcWebText)),
            _ => throw new ArgumentException($"{arm.Id} runs in process: it has no client."),
        };
    }

    /// <summary>The endpoint that serves <paramref name="arm"/> (HTTP/1.1, h2c, TLS, GrpcAPI's web endpoint or an AOT build); null where not given.</summary>
    public static HttpTransport? EndpointOf(Arm arm, RestServerAddresses? rest, GrpcServerAddresses? grpc, AotServerAddresses? aot = null) => arm switch
    {
        { IsAot: true } => aot is null ? null : arm.IsServedByGrpcApi ? HttpTransport.H2c(aot.Grpc) : HttpTransport.Http11(aot.Rest),
        { IsServedByGrpcApi: false, Transport: "h2c" } => rest?.H2c is { } h2c ? HttpTransport.H2c(h2c) : null,
        { IsServedByGrpcApi: false, Transport: "TLS" } => rest?.Tls is { } tls ? HttpTransport.Tls(tls, rest.CertificateSha256) : null,
        { IsServedByGrpcApi: false, Transport: "TLS, HTTP/1.1" } => rest?.Tls is { } tls ? HttpTransport.TlsHttp11(tls, rest.CertificateSha256) : null,
        { IsServedByGrpcApi: false } => rest?.Http11Transport,
        { Transport: "HTTP/1.1" } => grpc?.Web is { } web ? HttpTransport.Http11(web) : null,
        { Transport: "TLS" } => grpc?.Tls is not null ? grpc.TlsTransport : null,
        _ => grpc?.H2cTransport,
    };

    /// <summary>The server option an arm needs, for the error that says it was not given.</summary>
    public static string ServerOf(Arm arm) => arm switch
    {
        { IsAot: true } => "the Native AOT servers, which the bench starts in --suite aot and --suite full",
        { IsServedByGrpcApi: true, Transport: "HTTP/1.1" } => "GrpcAPI's web endpoint (--grpc-web-url)",
        { IsServedByGrpcApi: true, Transport: "TLS" } => "GrpcAPI's TLS endpoint (--grpc-tls-url)",
        { IsServedByGrpcApi: true } => "GrpcAPI (--grpc-url)",
        { Transport: "h2c" } => "RestAPI's h2c endpoint (--rest-h2c-url)",
        { IsTls: true } => "RestAPI's TLS endpoint (--rest-tls-url)",
        _ => "RestAPI (--rest-url)",
    };

    public void Dispose()
    {
        Json?.Dispose();
        Protobuf?.Dispose();
        Grpc?.Dispose();
    }

    private static RestRoutes RoutesOf(Arm arm) => arm.Style switch
    {
        Arm.MinimalApi => RestRoutes.MinimalApis,
        Arm.JsonTranscoding => RestRoutes.Transcoded,
        _ => RestRoutes.Controllers,
    };
}
