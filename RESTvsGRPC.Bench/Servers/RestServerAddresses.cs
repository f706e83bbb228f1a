using RESTvsGRPC.Bench.Clients;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// RestAPI's endpoints, one per transport; h2c and TLS are unknown when only <c>--rest-url</c> was given.
/// </summary>
public sealed partial record RestServerAddresses(Uri Http11, Uri? H2c, Uri? Tls, string? CertificateSha256)
{
    /// <summary>
    /// Reads RestAPI's ready line: "RestAPI listening on URL h2c URL tls URL (certificate sha256 HEX) …".
    /// </summary>
    public static RestServerAddresses FromReadyLine(string readyLine)
    {
        var match = ReadyLine().Match(readyLine);
        if (!match.Success)
        {
            throw new ServerStartException($"RestAPI's ready line does not name its three endpoints: {readyLine}");
        }

        return new RestServerAddresses(
            new Uri(match.Groups["http1"].Value),
            new Uri(match.Groups["h2c"].Value),
            new Uri(match.Groups["tls"].Value),
            match.Groups["sha"].Value
        );
    }

    public HttpTransport Http11Transport => HttpTransport.Http11(Http11);

    [GeneratedRegex(
        @"listening on (?<http1>http\S+) h2c (?<h2c>http\S+) tls (?<tls>https\S+) "
            + @"\(certificate sha256 (?<sha>[0-9A-Fa-f]+)\)"
    )]
    private static partial Regex ReadyLine();
}
