using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One way of making a call, as the run's catalogue describes it: every measurement names its arm by
/// <see cref="Id"/>, and reports read what an arm is from here, never from a benchmark's name.
/// </summary>
/// <param name="Id">The arm's key in the catalogue ("grpc-stream", "rest-json-tls").</param>
/// <param name="Name">What a reader sees ("gRPC list", "REST + JSON, TLS").</param>
/// <param name="Protocol">"REST", "gRPC", "gRPC-Web" or, for an in-process codec, "none".</param>
/// <param name="Encoding">"JSON", "protobuf" or "protobuf, base64 text".</param>
/// <param name="Transport">"HTTP/1.1", "h2c", "TLS" (HTTP/2 over TLS, agreed by ALPN), "TLS, HTTP/1.1" or "in
/// process".</param>
/// <param name="CallShape">How the large GET's records travel ("unary" for REST's one body, "list" for gRPC's one
/// message, "stream", "stream, buffered", "stream, 100 per message"); the small GET and the POST are unary calls in
/// every arm; for a codec its step. Not a payload shape (ModelLibrary's <c>ShapeCatalogue</c>): the file names it
/// "shape".</param>
/// <param name="Style">The server's API style: "controllers", "minimal API", "JSON transcoding", "gRPC service" or
/// "none".</param>
/// <param name="Compression">"gzip" or "none".</param>
public sealed record Arm(
    string Id,
    string Name,
    string Protocol,
    string Encoding,
    string Transport,
    [property: JsonPropertyName("shape")] string CallShape,
    string Style,
    string Compression
)
{
    public const string Rest = "REST";
    public const string Grpc = "gRPC";
    public const string GrpcWeb = "gRPC-Web";
    public const string JsonTranscoding = "JSON transcoding";
    public const string Controllers = "controllers";
    public const string MinimalApi = "minimal API";
    public const string GrpcService = "gRPC service";
    public const string Gzip = "gzip";

    /// <summary>The Native AOT build of a server, as <see cref="Build"/> names it.</summary>
    public const string Aot = "AOT";

    /// <summary>
    /// The server build the arm calls: <see cref="Aot"/> for RestAPI.Aot and GrpcAPI.Aot, null for the servers run by
    /// the JIT (every arm but the AOT twins), so a file written before the AOT arms reads the same.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Build { get; init; }

    /// <summary>True for an arm served by a Native AOT build.</summary>
    [JsonIgnore]
    public bool IsAot => Build == Aot;

    /// <summary>True for arms whose calls go over TLS, with HTTP/2 or HTTP/1.1.</summary>
    [JsonIgnore]
    public bool IsTls => Transport.StartsWith("TLS", StringComparison.Ordinal);

    /// <summary>
    /// True for gRPC and gRPC-Web; JSON transcoding is served by GrpcAPI but is REST + JSON on the wire.
    /// </summary>
    [JsonIgnore]
    public bool IsGrpc => Protocol is Grpc or GrpcWeb;

    /// <summary>True for arms GrpcAPI answers: gRPC, gRPC-Web and JSON transcoding.</summary>
    [JsonIgnore]
    public bool IsServedByGrpcApi => IsGrpc || Style == JsonTranscoding;

    /// <summary>
    /// True for arms whose bodies are protobuf (gRPC, gRPC-Web, REST + protobuf, the protobuf codec).
    /// </summary>
    [JsonIgnore]
    public bool IsProtobuf => Encoding.StartsWith("protobuf", StringComparison.Ordinal);

    public const string Unary = "unary";
    public const string List = "list";

    /// <summary>True for the arm that differs from <paramref name="other"/> by its compression alone.</summary>
    public bool IsCompressedFormOf(Arm other) =>
        Compression == Gzip
        && other.Compression != Gzip
        && (Protocol, Encoding, Transport, CallShape, Style, Build)
            == (other.Protocol, other.Encoding, other.Transport, other.CallShape, other.Style, other.Build);
}

/// <summary>
/// The operations, as every method, results file and report names them: the three calls (a benchmark's category, a
/// trial's and load mode's operation), and the codec benchmarks' two steps.
/// </summary>
public static class OperationNames
{
    public const string Small = "small";
    public const string Large = "large";
    public const string Post = "post";
    public const string Serialize = "serialize";
    public const string Parse = "parse";

    /// <summary>The three calls in a reader's order.</summary>
    public static IReadOnlyList<string> Calls { get; } = [Small, Large, Post];
}

/// <summary>The suites a run's benchmarks belong to, as the results file names them.</summary>
public static class Suites
{
    public const string Transport = "transport";
    public const string Styles = "styles";
    public const string HttpVersions = "http-versions";
    public const string Codec = "codec";
    public const string Scaling = "scaling";
    public const string Compression = "compression";
}
