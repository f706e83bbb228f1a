namespace RESTvsGRPC.Results;

/// <summary>
/// The arms this project measures, the vocabulary of its results files: one id means one way of calling everywhere, in
/// a benchmark, a trial, load mode and h2load. Reports read what an arm is from the catalogue a results file carries.
/// </summary>
public static class ArmCatalogue
{
    private const string Controllers = Arm.Controllers;
    private const string GrpcService = Arm.GrpcService;
    private const string Stream = "stream";

    /// <summary>
    /// Every arm, by id: protocol, encoding, transport, the large GET's shape (an arm's small GET and POST are unary
    /// calls), API style and compression; in the order reports list them.
    /// </summary>
    public static IReadOnlyDictionary<string, Arm> All { get; } =
        new Arm[]
        {
            new("rest-json", "REST + JSON, HTTP/1.1", Arm.Rest, "JSON", "HTTP/1.1", Arm.Unary, Controllers, "none"),
            new("rest-json-h2c", "REST + JSON, h2c", Arm.Rest, "JSON", "h2c", Arm.Unary, Controllers, "none"),
            new("rest-json-tls", "REST + JSON, TLS", Arm.Rest, "JSON", "TLS", Arm.Unary, Controllers, "none"),
            new(
                "rest-json-tls-http11",
                "REST + JSON, TLS, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "TLS, HTTP/1.1",
                Arm.Unary,
                Controllers,
                "none"
            ),
            new(
                "rest-json-gzip",
                "REST + JSON, gzip, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Arm.Unary,
                Controllers,
                Arm.Gzip
            ),
            new(
                "rest-json-stream",
                "REST + JSON stream, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Stream,
                Controllers,
                "none"
            ),
            new(
                "rest-protobuf",
                "REST + protobuf, HTTP/1.1",
                Arm.Rest,
                "protobuf",
                "HTTP/1.1",
                Arm.Unary,
                Controllers,
                "none"
            ),
            new("grpc", "gRPC unary, h2c", Arm.Grpc, "protobuf", "h2c", Arm.List, GrpcService, "none"),
            new(
                "grpc-stream",
                "gRPC, large GET as a server stream, h2c",
                Arm.Grpc,
                "protobuf",
                "h2c",
                Stream,
                GrpcService,
                "none"
            ),
            new(
                "grpc-stream-buffered",
                "gRPC stream, buffered, h2c",
                Arm.Grpc,
                "protobuf",
                "h2c",
                "stream, buffered",
                GrpcService,
                "none"
            ),
            new(
                "grpc-stream-chunked",
                "gRPC stream, 100 per message, h2c",
                Arm.Grpc,
                "protobuf",
                "h2c",
                "stream, 100 per message",
                GrpcService,
                "none"
            ),
            new("grpc-tls", "gRPC unary, TLS", Arm.Grpc, "protobuf", "TLS", Arm.List, GrpcService, "none"),
            new("grpc-gzip", "gRPC unary, gzip, h2c", Arm.Grpc, "protobuf", "h2c", Arm.List, GrpcService, Arm.Gzip),
            new(
                "rest-minimal",
                "REST + JSON, minimal API, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Arm.Unary,
                Arm.MinimalApi,
                "none"
            ),
            new(
                "grpc-transcoding",
                "gRPC JSON transcoding, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Arm.Unary,
                Arm.JsonTranscoding,
                "none"
            ),
            new(
                "grpc-transcoding-stream",
                "gRPC JSON transcoding stream, HTTP/1.1",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Stream,
                Arm.JsonTranscoding,
                "none"
            ),
            new("grpc-web", "gRPC-Web, HTTP/1.1", Arm.GrpcWeb, "protobuf", "HTTP/1.1", Arm.List, GrpcService, "none"),
            new("grpc-web-h2c", "gRPC-Web, h2c", Arm.GrpcWeb, "protobuf", "h2c", Arm.List, GrpcService, "none"),
            new(
                "grpc-web-text",
                "gRPC-Web text, large GET as a server stream, HTTP/1.1",
                Arm.GrpcWeb,
                "protobuf, base64 text",
                "HTTP/1.1",
                Stream,
                GrpcService,
                "none"
            ),
            new(
                "rest-minimal-aot",
                "REST + JSON, minimal API, HTTP/1.1, AOT",
                Arm.Rest,
                "JSON",
                "HTTP/1.1",
                Arm.Unary,
                Arm.MinimalApi,
                "none"
            )
            {
                Build = Arm.Aot,
            },
            new("grpc-aot", "gRPC unary, h2c, AOT", Arm.Grpc, "protobuf", "h2c", Arm.List, GrpcService, "none")
            {
                Build = Arm.Aot,
            },
            new("json-codec", "JSON codec", "none", "JSON", "in process", "serialize then parse", "none", "none"),
            new("json-serialize", "JSON codec", "none", "JSON", "in process", "serialize", "none", "none"),
            new("json-parse", "JSON codec", "none", "JSON", "in process", "parse", "none", "none"),
            new(
                "protobuf-codec",
                "protobuf codec",
                "none",
                "protobuf",
                "in process",
                "serialize then parse",
                "none",
                "none"
            ),
            new("protobuf-serialize", "protobuf codec", "none", "protobuf", "in process", "serialize", "none", "none"),
            new("protobuf-parse", "protobuf codec", "none", "protobuf", "in process", "parse", "none", "none"),
        }.ToDictionary(arm => arm.Id);

    /// <summary>
    /// The arms load mode and the trials drive (load mode's target names): one client for every operation; in the order
    /// reports list them.
    /// </summary>
    public static IReadOnlyDictionary<string, Arm> Clients { get; } =
        new[]
        {
            "rest-json",
            "rest-json-h2c",
            "rest-json-tls-http11",
            "rest-json-tls",
            "rest-json-gzip",
            "rest-protobuf",
            "grpc",
            "grpc-tls",
            "grpc-gzip",
            "grpc-stream",
            "rest-minimal",
            "grpc-transcoding",
            "grpc-web",
            "grpc-web-h2c",
            "grpc-web-text",
            "rest-minimal-aot",
            "grpc-aot",
        }.ToDictionary(id => id, id => All[id]);
}
