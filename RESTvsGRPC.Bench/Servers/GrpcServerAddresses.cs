using RESTvsGRPC.Bench.Clients;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>GrpcAPI's endpoints: h2c, and TLS and the web endpoint (gRPC-Web, transcoding) where known.</summary>
public sealed partial record GrpcServerAddresses(Uri H2c, Uri? Tls, string? CertificateSha256, Uri? Web = null)
{
    /// <summary>
    /// Reads GrpcAPI's ready line: "GrpcAPI listening on URL tls URL (certificate sha256 HEX) web URL …".
    /// </summary>
    public static GrpcServerAddresses FromReadyLine(string readyLine)
    {
        var match = ReadyLine().Match(readyLine);
        if (!match.Success)
        {
            throw new ServerStartException(
                $"GrpcAPI's ready line does not name its h2c and TLS endpoints: {readyLine}"
            );
        }

        return new GrpcServerAddresses(
            new Uri(match.Groups["h2c"].Value),
            new Uri(match.Groups["tls"].Value),
            match.Groups["sha"].Value,
            match.Groups["web"].Success ? new Uri(match.Groups["web"].Value) : null
        );
    }

    public HttpTransport H2cTransport => HttpTransport.H2c(H2c);

    /// <summary>The TLS transport; throws naming the missing options where it is unknown.</summary>
    public HttpTransport TlsTransport =>
        Tls is not null
            ? HttpTransport.Tls(Tls, CertificateSha256)
            : throw new InvalidOperationException(
                "the TLS benchmarks need GrpcAPI's TLS endpoint: pass --grpc-tls-url (with --grpc-tls-certificate), "
                    + "or leave the servers to the bench."
            );

    [GeneratedRegex(
        @"listening on (?<h2c>http\S+) tls (?<tls>https\S+) \(certificate sha256 (?<sha>[0-9A-Fa-f]+)\)( web "
            + @"(?<web>http\S+))?"
    )]
    private static partial Regex ReadyLine();
}
