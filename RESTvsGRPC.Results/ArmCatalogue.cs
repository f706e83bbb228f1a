namespace RESTvsGRPC.Results;

/// <summary>
/// The arms this project measures, the vocabulary of its results files: a benchmark's arm (one kind of call) or a
/// client's (load mode's targets, the trials' arms). Reports may name an id from here; what an arm is, they read
/// from the catalogue a results file carries.
/// </summary>
public static class ArmCatalogue
{
    private const string Controllers = Arm.Controllers;
    private const string GrpcService = Arm.GrpcService;

    /// <summary>Every arm a benchmark measures, by id: one call's protocol, encoding, transport, shape, API style and compression.</summary>
    public static IReadOnlyDictionary<string, Arm> Benchmarks { get; } = new Arm[]
    {
        new("rest-json", "REST + JSON", Arm.Rest, "JSON", "HTTP/1.1", "unary", Controllers, "none"),
        new("rest-json-stream", "REST + JSON stream", Arm.Rest, "JSON", "HTTP/1.1", "stream", Controllers, "none"),
        new("rest-json-h2c", "REST + JSON, h2c", Arm.Rest, "JSON", "h2c", "unary", Controllers, "none"),
        new("rest-json-tls", "REST + JSON, TLS", Arm.Rest, "JSON", "TLS", "unary", Controllers, "none"),
        new("rest-json-gzip", "REST + JSON, gzip", Arm.Rest, "JSON", "HTTP/1.1", "unary", Controllers, Arm.Gzip),
        new("rest-protobuf", "REST + protobuf", Arm.Rest, "protobuf", "HTTP/1.1", "unary", Controllers, "none"),
        new("rest-minimal", "REST + JSON, minimal API", Arm.Rest, "JSON", "HTTP/1.1", "unary", "minimal API", "none"),
        new("grpc-transcoding", "gRPC JSON transcoding", Arm.Rest, "JSON", "HTTP/1.1", "unary", Arm.JsonTranscoding, "none"),
        new("grpc-transcoding-stream", "gRPC JSON transcoding stream", Arm.Rest, "JSON", "HTTP/1.1", "stream", Arm.JsonTranscoding, "none"),
        new("grpc", "gRPC", Arm.Grpc, "protobuf", "h2c", "unary", GrpcService, "none"),
        new("grpc-list", "gRPC list", Arm.Grpc, "protobuf", "h2c", "list", GrpcService, "none"),
        new("grpc-stream", "gRPC stream", Arm.Grpc, "protobuf", "h2c", "stream", GrpcService, "none"),
        new("grpc-stream-buffered", "gRPC stream, buffered", Arm.Grpc, "protobuf", "h2c", "stream, buffered", GrpcService, "none"),
        new("grpc-stream-chunked", "gRPC stream, 100 per message", Arm.Grpc, "protobuf", "h2c", "stream, 100 per message", GrpcService, "none"),
        new("grpc-tls", "gRPC, TLS", Arm.Grpc, "protobuf", "TLS", "unary", GrpcService, "none"),
        new("grpc-list-tls", "gRPC list, TLS", Arm.Grpc, "protobuf", "TLS", "list", GrpcService, "none"),
        new("grpc-gzip", "gRPC, gzip", Arm.Grpc, "protobuf", "h2c", "unary", GrpcService, Arm.Gzip),
        new("grpc-list-gzip", "gRPC list, gzip", Arm.Grpc, "protobuf", "h2c", "list", GrpcService, Arm.Gzip),
        new("grpc-web", "gRPC-Web, HTTP/1.1", Arm.GrpcWeb, "protobuf", "HTTP/1.1", "unary", GrpcService, "none"),
        new("grpc-web-list", "gRPC-Web list, HTTP/1.1", Arm.GrpcWeb, "protobuf", "HTTP/1.1", "list", GrpcService, "none"),
        new("grpc-web-h2c", "gRPC-Web, h2c", Arm.GrpcWeb, "protobuf", "h2c", "unary", GrpcService, "none"),
        new("grpc-web-list-h2c", "gRPC-Web list, h2c", Arm.GrpcWeb, "protobuf", "h2c", "list", GrpcService, "none"),
        new("grpc-web-text-stream", "gRPC-Web text stream, HTTP/1.1", Arm.GrpcWeb, "protobuf, base64 text", "HTTP/1.1", "stream", GrpcService, "none"),
        new("json-codec", "JSON codec", "none", "JSON", "in process", "serialize then parse", "none", "none"),
        new("json-serialize", "JSON codec", "none", "JSON", "in process", "serialize", "none", "none"),
        new("json-parse", "JSON codec", "none", "JSON", "in process", "parse", "none", "none"),
        new("protobuf-codec", "protobuf codec", "none", "protobuf", "in process", "serialize then parse", "none", "none"),
        new("protobuf-serialize", "protobuf codec", "none", "protobuf", "in process", "serialize", "none", "none"),
        new("protobuf-parse", "protobuf codec", "none", "protobuf", "in process", "parse", "none", "none"),
    }.ToDictionary(arm => arm.Id);

    /// <summary>
    /// Every client load mode and the trials drive, by id (load mode's target names): one client for every operation,
    /// so its shape is that of its large GET, and its name says its transport; in the order reports list them.
    /// </summary>
    public static IReadOnlyDictionary<string, Arm> Clients { get; } = new Arm[]
    {
        new("rest-json", "REST + JSON, HTTP/1.1", Arm.Rest, "JSON", "HTTP/1.1", "unary", Controllers, "none"),
        new("rest-json-h2c", "REST + JSON, h2c", Arm.Rest, "JSON", "h2c", "unary", Controllers, "none"),
        new("rest-protobuf", "REST + protobuf, HTTP/1.1", Arm.Rest, "protobuf", "HTTP/1.1", "unary", Controllers, "none"),
        new("grpc", "gRPC unary, h2c", Arm.Grpc, "protobuf", "h2c", "list", GrpcService, "none"),
        new("grpc-stream", "gRPC, large GET as a server stream, h2c", Arm.Grpc, "protobuf", "h2c", "stream", GrpcService, "none"),
        new("rest-minimal", "REST + JSON, minimal API, HTTP/1.1", Arm.Rest, "JSON", "HTTP/1.1", "unary", "minimal API", "none"),
        new("grpc-transcoding", "gRPC JSON transcoding, HTTP/1.1", Arm.Rest, "JSON", "HTTP/1.1", "unary", Arm.JsonTranscoding, "none"),
        new("grpc-web", "gRPC-Web, HTTP/1.1", Arm.GrpcWeb, "protobuf", "HTTP/1.1", "list", GrpcService, "none"),
        new("grpc-web-h2c", "gRPC-Web, h2c", Arm.GrpcWeb, "protobuf", "h2c", "list", GrpcService, "none"),
        new("grpc-web-text", "gRPC-Web text, large GET as a server stream, HTTP/1.1", Arm.GrpcWeb, "protobuf, base64 text", "HTTP/1.1", "stream", GrpcService, "none"),
    }.ToDictionary(arm => arm.Id);
}
