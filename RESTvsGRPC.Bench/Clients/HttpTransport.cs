namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// How a client reaches a server: endpoint, HTTP version, for TLS the pinned certificate's SHA-256, a wire counter and
/// gzip where given; the HTTP/2 stream window, the bench's unless <see cref="Http2StreamWindowBytes"/> says otherwise.
/// </summary>
public sealed record HttpTransport(
    string Name,
    Uri BaseAddress,
    Version HttpVersion,
    string? CertificateSha256 = null,
    WireCounter? Counter = null,
    bool Gzip = false
)
{
    /// <summary>
    /// The client's initial HTTP/2 stream window, bytes: <see cref="HttpClientSettings.Http2StreamWindowBytes"/> but
    /// where the stall reproduction asks for HttpClient's default.
    /// </summary>
    public int Http2StreamWindowBytes { get; init; } = HttpClientSettings.Http2StreamWindowBytes;

    public static HttpTransport Http11(Uri baseAddress) =>
        new("HTTP/1.1", baseAddress, System.Net.HttpVersion.Version11);

    /// <summary>
    /// HTTP/2 without TLS, by prior knowledge (its own port: h2c cannot be negotiated beside HTTP/1.1).
    /// </summary>
    public static HttpTransport H2c(Uri baseAddress) => new("h2c", baseAddress, System.Net.HttpVersion.Version20);

    /// <summary>HTTP/2 over TLS, agreed by ALPN.</summary>
    public static HttpTransport Tls(Uri baseAddress, string? certificateSha256) =>
        new("TLS", baseAddress, System.Net.HttpVersion.Version20, certificateSha256);

    /// <summary>HTTP/1.1 over TLS, agreed by ALPN on the same endpoint as <see cref="Tls"/>.</summary>
    public static HttpTransport TlsHttp11(Uri baseAddress, string? certificateSha256) =>
        new("TLS, HTTP/1.1", baseAddress, System.Net.HttpVersion.Version11, certificateSha256);
}
