using System.Net.Security;
using System.Security.Cryptography;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// The one place every client gets its HttpClient, so the REST and gRPC arms share identical connection settings.
/// </summary>
public static class HttpClientSettings
{
    /// <summary>
    /// The HTTP/2 stream receive window: larger than any response (1 MB at most), since with HttpClient's default
    /// Kestrel can stop sending a response that waits for a window update, and the run stalls. The same for every
    /// HTTP/2 arm.
    /// </summary>
    public const int Http2StreamWindowBytes = 4 * 1024 * 1024;

    /// <summary>HttpClient's own initial HTTP/2 stream window, bytes (SocketsHttpHandler's default).</summary>
    public const int DefaultHttp2StreamWindowBytes = 65535;

    /// <summary>
    /// The environment variable that carries <c>--call-timeout</c> (seconds) to BenchmarkDotNet's benchmark processes.
    /// </summary>
    public const string CallTimeoutVariable = "RESTVSGRPC_CALL_TIMEOUT_SECONDS";

    /// <summary>
    /// How long a call may take, body and stream included, before it fails the run (30 s unless <c>--call-timeout</c>
    /// says otherwise).
    /// </summary>
    public static TimeSpan CallTimeout =>
        TimeSpan.FromSeconds(
            int.TryParse(Environment.GetEnvironmentVariable(CallTimeoutVariable), out var seconds) && seconds > 0
                ? seconds
                : DefaultCallTimeoutSeconds
        );

    /// <summary><see cref="CallTimeout"/> when <c>--call-timeout</c> is not given.</summary>
    public const int DefaultCallTimeoutSeconds = 30;

    /// <summary>
    /// A REST call's deadline over the whole call, body included, as gRPC's deadline; <see cref="Expired"/> puts it in
    /// one sentence.
    /// </summary>
    public static CancellationTokenSource CallDeadline(TimeSpan timeout) => new(timeout);

    /// <summary>The exception a REST call ends with when its deadline passes: which call, and after how long.</summary>
    public static TaskCanceledException Expired(
        HttpRequestMessage request,
        TimeSpan timeout,
        OperationCanceledException inner
    ) =>
        new(
            $"{request.Method} {request.RequestUri} did not complete within {timeout.TotalSeconds:0} s "
                + $"(--call-timeout).",
            inner
        );

    /// <summary>
    /// A long-lived client asking for exactly the transport's HTTP version; the REST clients replace its Timeout, which
    /// ends at the answer's headers, by a <see cref="CallDeadline"/> per call.
    /// </summary>
    public static HttpClient Create(HttpTransport transport) =>
        new(CreateHandler(transport))
        {
            BaseAddress = transport.BaseAddress,
            Timeout = CallTimeout,
            DefaultRequestVersion = transport.HttpVersion,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

    /// <summary>
    /// The one handler every client (REST and gRPC) sends through: decompression only for gzip arms, the HTTP/2 window,
    /// the wire counter, TLS pinning.
    /// </summary>
    public static HttpMessageHandler CreateHandler(HttpTransport transport)
    {
        var handler = new SocketsHttpHandler
        {
            AutomaticDecompression = transport.Gzip ? DecompressionMethods.GZip : DecompressionMethods.None,
            InitialHttp2StreamWindowSize = transport.Http2StreamWindowBytes,
        };
        if (transport.Counter is { } counter)
        {
            handler.ConnectCallback = counter.ConnectAsync;
        }

        if (transport.CertificateSha256 is { } pinned)
        {
            handler.SslOptions.RemoteCertificateValidationCallback = (_, certificate, _, errors) =>
                IsTrusted(certificate, errors, pinned);
        }

        return transport.Counter is { } versions ? new WireCounter.VersionNote(handler, versions) : handler;
    }

    /// <summary>A server certificate the client accepts: a valid one, or the one pinned by its SHA-256.</summary>
    public static bool IsTrusted(
        System.Security.Cryptography.X509Certificates.X509Certificate? certificate,
        SslPolicyErrors errors,
        string? pinned
    ) =>
        errors == SslPolicyErrors.None
        || (
            pinned is not null
            && string.Equals(
                certificate?.GetCertHashString(HashAlgorithmName.SHA256),
                pinned,
                StringComparison.OrdinalIgnoreCase
            )
        );

    /// <summary>
    /// A request for exactly the transport's HTTP version (HttpClient's default version applies only to messages its
    /// helpers make).
    /// </summary>
    public static HttpRequestMessage NewRequest(
        HttpTransport transport,
        HttpMethod method,
        string route,
        HttpContent? content = null
    ) =>
        new(method, route)
        {
            Version = transport.HttpVersion,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };

    /// <summary>
    /// The level of every compressing arm: the default of ASP.NET Core's response compression and grpc-dotnet's gzip
    /// alike.
    /// </summary>
    public const System.IO.Compression.CompressionLevel CompressionLevel = System
        .IO
        .Compression
        .CompressionLevel
        .Fastest;

    /// <summary>
    /// A request body in a pooled buffer (<see cref="PooledBody"/>), gzip-compressed with its Content-Encoding where
    /// the transport says so.
    /// </summary>
    public static HttpContent Body<TState>(
        HttpTransport transport,
        TState state,
        Action<TState, System.Buffers.IBufferWriter<byte>> serialize,
        int sizeHint,
        System.Net.Http.Headers.MediaTypeHeaderValue type
    )
    {
        var body = PooledBody.Of(state, serialize, sizeHint, type);
        if (!transport.Gzip)
        {
            return body;
        }

        using (body)
        {
            var compressed = new MemoryStream();
            using (var gzip = new System.IO.Compression.GZipStream(compressed, CompressionLevel, leaveOpen: true))
            {
                gzip.Write(body.Bytes.Span);
            }

            var content = new ByteArrayContent(compressed.GetBuffer(), 0, (int)compressed.Length);
            content.Headers.ContentEncoding.Add("gzip");
            content.Headers.ContentType = type;
            return content;
        }
    }

    /// <summary>
    /// The large GET's route, asking for the first <paramref name="limit"/> records where one is given.
    /// </summary>
    public static string WithLimit(string route, int? limit) =>
        limit is { } count
            ? $"{route}?limit={count.ToString(System.Globalization.CultureInfo.InvariantCulture)}"
            : route;

    /// <summary>
    /// Throws, naming the request, unless the status is a success; a failed call must never pass as timed work.
    /// </summary>
    public static void EnsureSuccess(HttpClient http, HttpRequestMessage request, HttpResponseMessage response)
    {
        if (!response.IsSuccessStatusCode)
        {
            throw new HttpRequestException(
                $"{request.Method} {http.BaseAddress}{request.RequestUri} answered {(int)response.StatusCode} "
                    + $"{response.ReasonPhrase}.",
                null,
                response.StatusCode
            );
        }
    }
}
