using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// Which server endpoint serves an arm, and the option that gives it: where an arm's client connects.
/// </summary>
public static class ServerEndpoints
{
    /// <summary>
    /// The endpoint that serves <paramref name="arm"/> (HTTP/1.1, h2c, TLS, GrpcAPI's web endpoint or an AOT build);
    /// null where not given.
    /// </summary>
    public static HttpTransport? Of(
        Arm arm,
        RestServerAddresses? rest,
        GrpcServerAddresses? grpc,
        AotServerAddresses? aot = null
    ) =>
        arm switch
        {
            { IsAot: true } => aot is null ? null
            : arm.IsServedByGrpcApi ? HttpTransport.H2c(aot.Grpc)
            : HttpTransport.Http11(aot.Rest),
            { IsServedByGrpcApi: false, Transport: "h2c" } => rest?.H2c is { } h2c ? HttpTransport.H2c(h2c) : null,
            { IsServedByGrpcApi: false, Transport: "TLS" } => rest?.Tls is { } tls
                ? HttpTransport.Tls(tls, rest.CertificateSha256)
                : null,
            { IsServedByGrpcApi: false, Transport: "TLS, HTTP/1.1" } => rest?.Tls is { } tls
                ? HttpTransport.TlsHttp11(tls, rest.CertificateSha256)
                : null,
            { IsServedByGrpcApi: false } => rest?.Http11Transport,
            { Transport: "HTTP/1.1" } => grpc?.Web is { } web ? HttpTransport.Http11(web) : null,
            { Transport: "TLS" } => grpc?.Tls is not null ? grpc.TlsTransport : null,
            _ => grpc?.H2cTransport,
        };

    /// <summary>The server option an arm needs, for the error that says it was not given.</summary>
    public static string OptionOf(Arm arm) =>
        arm switch
        {
            { IsAot: true } => "the Native AOT servers, which the bench starts in --suite aot and --suite full",
            { IsServedByGrpcApi: true, Transport: "HTTP/1.1" } => "GrpcAPI's web endpoint (--grpc-web-url)",
            { IsServedByGrpcApi: true, Transport: "TLS" } => "GrpcAPI's TLS endpoint (--grpc-tls-url)",
            { IsServedByGrpcApi: true } => "GrpcAPI (--grpc-url)",
            { Transport: "h2c" } => "RestAPI's h2c endpoint (--rest-h2c-url)",
            { IsTls: true } => "RestAPI's TLS endpoint (--rest-tls-url)",
            _ => "RestAPI (--rest-url)",
        };
}
