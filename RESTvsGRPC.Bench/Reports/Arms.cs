namespace RESTvsGRPC.Bench.Reports;

/// <summary>Reader-facing names of the benchmark methods: protocol, encoding, transport and shape of the answer.</summary>
public static class Arms
{
    private static readonly (string Prefix, string Name)[] Prefixes =
    [
        ("RestProtobuf", "REST + protobuf"),
        ("RestGzip", "REST + JSON, gzip"),
        ("RestHttp11", "REST + JSON, HTTP/1.1"),
        ("RestH2c", "REST + JSON, h2c"),
        ("RestTls", "REST + JSON, TLS"),
        ("Rest", "REST + JSON"),
        ("Minimal", "REST + JSON, minimal API"),
        ("Transcoded", "gRPC JSON transcoding"),
        ("GrpcWebText", "gRPC-Web text, HTTP/1.1"),
        ("GrpcWebH2c", "gRPC-Web, h2c"),
        ("GrpcWeb", "gRPC-Web, HTTP/1.1"),
        ("GrpcGzip", "gRPC, gzip"),
        ("GrpcH2c", "gRPC, h2c"),
        ("GrpcTls", "gRPC, TLS"),
        ("Grpc", "gRPC"),
        ("Json", "JSON codec"),
        ("Protobuf", "protobuf codec"),
    ];

    /// <summary>"GrpcStreamLargePayload" → "gRPC stream", "RestTlsGetSmallPayload" → "REST + JSON, TLS".</summary>
    public static string Describe(string method)
    {
        var (prefix, name) = Prefixes.FirstOrDefault(p => method.StartsWith(p.Prefix, StringComparison.Ordinal));
        if (prefix is null)
        {
            return method;
        }

        var rest = method[prefix.Length..];
        var shape = rest switch
        {
            _ when rest.EndsWith("AsList", StringComparison.Ordinal) => " list",
            _ when rest.StartsWith("StreamBuffered", StringComparison.Ordinal) => " stream, buffered",
            _ when rest.StartsWith("StreamChunked", StringComparison.Ordinal) => " stream, 100 per message",
            _ when rest.StartsWith("Stream", StringComparison.Ordinal) => " stream",
            _ => "",
        };

        // The shape follows the protocol, before any transport or coding: "gRPC list, gzip", not "gRPC, gzip list".
        var comma = name.IndexOf(", ", StringComparison.Ordinal);
        return comma < 0 ? name + shape : name[..comma] + shape + name[comma..];
    }

    /// <summary>True for gRPC arms (gRPC-Web included); JSON transcoding is served by GrpcAPI but is REST + JSON on the wire.</summary>
    public static bool IsGrpc(string method) => method.StartsWith("Grpc", StringComparison.Ordinal);

    /// <summary>True for arms GrpcAPI answers: gRPC, gRPC-Web and JSON transcoding.</summary>
    public static bool IsServedByGrpcApi(string method) => IsGrpc(method) || method.StartsWith("Transcoded", StringComparison.Ordinal);

    /// <summary>True for arms whose bodies are protobuf (gRPC, REST + protobuf, the protobuf codec); false for JSON.</summary>
    public static bool IsProtobuf(string method) =>
        IsGrpc(method) || method.StartsWith("RestProtobuf", StringComparison.Ordinal) || method.StartsWith("Protobuf", StringComparison.Ordinal);
}
