namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// How a client reaches a server: the endpoint, the HTTP version it must negotiate there, and for TLS the
/// SHA-256 of the server's self-signed certificate, which the client pins instead of trusting any certificate.
/// A <see cref="WireCounter"/>, where one is given, counts the bytes on the client's sockets. With
/// <see cref="Gzip"/>, REST clients ask for gzip responses and send their bodies gzip-compressed.
/// </summary>
public sealed record HttpTransport(string Name, Uri BaseAddress, Version HttpVersion, string? CertificateSha256 = null, WireCounter? Counter = null, bool Gzip = false)
{
    public static HttpTransport Http11(Uri baseAddress) => new("HTTP/1.1", baseAddress, System.Net.HttpVersion.Version11);

    /// <summary>HTTP/2 without TLS, by prior knowledge (its own port: h2c cannot be negotiated beside HTTP/1.1).</summary>
    public static HttpTransport H2c(Uri baseAddress) => new("h2c", baseAddress, System.Net.HttpVersion.Version20);

    /// <summary>HTTP/2 over TLS, agreed by ALPN.</summary>
    public static HttpTransport Tls(Uri baseAddress, string? certificateSha256) => new("TLS", baseAddress, System.Net.HttpVersion.Version20, certificateSha256);

    /// <summary>HTTP/1.1 over TLS, agreed by ALPN on the same endpoint as <see cref="Tls"/>.</summary>
    public static HttpTransport TlsHttp11(Uri baseAddress, string? certificateSha256) => new("TLS, HTTP/1.1", baseAddress, System.Net.HttpVersion.Version11, certificateSha256);
}
