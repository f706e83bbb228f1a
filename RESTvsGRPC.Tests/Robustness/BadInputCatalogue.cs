using System.IO.Compression;
using System.Net;
using System.Text;
using System.Text.Json;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.Infrastructure;
using Proto = global::ModelLibrary.Protos;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>
/// Every bad request docs/robustness.md's "Bad input" table documents, with the answer it gets. The table is this list,
/// written out (<see cref="BadInputTests"/> holds the two together); each row is sent to the real servers.
/// </summary>
public static class BadInputCatalogue
{
    private const string ProtobufRoute = "api/protobuf/MeteoriteLandings/LargePayload";
    private const string MinimalRoute = "minimal/MeteoriteLandings/LargePayload";
    private const string TranscodedRoute = "v1/meteorite-landings";
    private const string GetVersionPath = "meteorites.v1.MeteoriteLandingsService/GetVersion";
    private const string Record = """[{"id":1,"name":"Aachen","nametype":"Valid","recclass":"L5","fall":"Fell"}]""";

    private static readonly MeteoriteDataset Dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
    private static readonly byte[] AllRecordsJson = JsonSerializer.SerializeToUtf8Bytes(
        Dataset.Records,
        MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
    );
    private static readonly byte[] AllRecordsProtobuf = Dataset.ProtoList.ToByteArray();
    private static readonly byte[] OneRecord = new Proto.MeteoriteLanding
    {
        Id = 1,
        Name = "Aachen",
        Nametype = "Valid",
        Recclass = "L5",
        Fall = "Fell",
    }.ToByteArray();
    private static readonly byte[] EmptyMessage = RawGrpc.Frame([]);

    public static IReadOnlyList<BadInput> Rows { get; } =
    [
        new(
            BadInput.Rest,
            "JSON body cut off halfway",
            "400",
            "problem details naming the JSON path where parsing stopped",
            s => s.RestAsync(Post(s.RestJsonRoute, AllRecordsJson[..(AllRecordsJson.Length / 2)]))
        ),
        new(BadInput.Rest, "invalid JSON (`[{\"id\":1,}]`)", "400", "problem details with the JSON path", s =>
            s.RestAsync(Post(s.RestJsonRoute, "[{\"id\":1,}]"))
        ),
        new(BadInput.Rest, "wrong type (`\"id\":\"one\"`)", "400", "problem details with the JSON path `$[0].id`", s =>
            s.RestAsync(Post(s.RestJsonRoute, Record.Replace("\"id\":1", "\"id\":\"one\"")))
        ),
        new(
            BadInput.Rest,
            "integer out of range (`\"id\":99999999999999999999`)",
            "400",
            "problem details with the JSON path",
            s => s.RestAsync(Post(s.RestJsonRoute, Record.Replace("\"id\":1", "\"id\":99999999999999999999")))
        ),
        new(
            BadInput.Rest,
            "negative id (`\"id\":-1`; ids are unsigned, as in the .proto)",
            "400",
            "problem details with the JSON path",
            s => s.RestAsync(Post(s.RestJsonRoute, Record.Replace("\"id\":1", "\"id\":-1")))
        ),
        new(
            BadInput.Rest,
            "number beyond double (`\"reclat\":1e400`)",
            "200",
            "accepted as +∞, as protobuf accepts an infinite double (the server only counts records)",
            s => s.RestAsync(Post(s.RestJsonRoute, Record.Replace("\"id\":1", "\"id\":1,\"reclat\":1e400")))
        ),
        new(
            BadInput.Rest,
            "10,000 nested arrays in an unknown property",
            "400",
            "problem details: the reader stops at depth 64",
            s =>
                s.RestAsync(
                    Post(
                        s.RestJsonRoute,
                        Record.Replace(
                            "\"id\":1",
                            "\"id\":1,\"x\":" + new string('[', 10_000) + new string(']', 10_000)
                        )
                    )
                )
        ),
        new(BadInput.Rest, "invalid UTF-8 in a string", "400", "problem details with the JSON path", s =>
            s.RestAsync(
                Post(
                    s.RestJsonRoute,
                    [
                        .. "[{\"id\":1,\"name\":\""u8,
                        0xFF,
                        0xFE,
                        .. "\",\"nametype\":\"Valid\",\"recclass\":\"L5\",\"fall\":\"Fell\"}]"u8,
                    ]
                )
            )
        ),
        new(
            BadInput.Rest,
            "a 20 MB string (under the 32 MiB body limit)",
            "200",
            "accepted and counted, as gRPC accepts a string within its message limit",
            s => s.RestAsync(Post(s.RestJsonRoute, Record.Replace("Aachen", new string('a', 20_000_000))))
        ),
        new(
            BadInput.Rest,
            "duplicate key (`\"id\":1,\"id\":2`)",
            "200",
            "accepted, the last value wins (as protobuf merges a field sent twice)",
            s => s.RestAsync(Post(s.RestJsonRoute, Record.Replace("\"id\":1", "\"id\":1,\"id\":2")))
        ),
        new(
            BadInput.Rest,
            "a null record (`[null]`)",
            "400",
            "problem details: \"The array holds a null record.\"",
            s => s.RestAsync(Post(s.RestJsonRoute, "[null]"))
        ),
        new(BadInput.Rest, "`null` instead of the array", "400", "problem details: a non-empty body is required", s =>
            s.RestAsync(Post(s.RestJsonRoute, "null"))
        ),
        new(BadInput.Rest, "empty body", "400", "problem details: a non-empty body is required", s =>
            s.RestAsync(Post(s.RestJsonRoute, ""))
        ),
        new(
            BadInput.Rest,
            "record without its required members (`[{\"id\":1}]`)",
            "400",
            "problem details with the JSON path `$[0]`",
            s => s.RestAsync(Post(s.RestJsonRoute, "[{\"id\":1}]"))
        ),
        new(BadInput.Rest, "`Content-Type: text/plain`", "415", "problem details, Unsupported Media Type", s =>
            s.RestAsync(Post(s.RestJsonRoute, "[]", "text/plain"))
        ),
        new(BadInput.Rest, "no Content-Type", "415", "problem details, Unsupported Media Type", s =>
            s.RestAsync(Post(s.RestJsonRoute, "[]", contentType: null))
        ),
        new(
            BadInput.Rest,
            "unknown charset (`application/json; charset=nope`)",
            "415",
            "problem details, Unsupported Media Type",
            s => s.RestAsync(Post(s.RestJsonRoute, "[]", "application/json; charset=nope"))
        ),
        new(
            BadInput.Rest,
            "body over 32 MiB with Content-Length",
            "413",
            "problem details naming the limit, before the body is read",
            s =>
                Raw(
                    s.RestAddresses.Http11,
                    PostHead(s.RestJsonRoute, $"Content-Length: {33 * 1024 * 1024}") + new string(' ', 33 * 1024 * 1024)
                )
        ),
        new(
            BadInput.Rest,
            "body over 32 MiB, chunked (no Content-Length)",
            "413",
            "problem details naming the limit, once 32 MiB have arrived",
            s =>
                Raw(
                    s.RestAddresses.Http11,
                    PostHead(s.RestJsonRoute, "Transfer-Encoding: chunked")
                        + string.Concat(Enumerable.Repeat($"100000\r\n{new string(' ', 0x100000)}\r\n", 33))
                        + "0\r\n\r\n"
                )
        ),
        new(
            BadInput.Rest,
            "gzip body of 60 KB inflating to 60 MB",
            "413",
            "problem details: the decompressed body is over the limit",
            s => s.RestAsync(Post(s.RestJsonRoute, Gzip(Spaces(60_000_000)), headers: [("Content-Encoding", "gzip")]))
        ),
        new(
            BadInput.Rest,
            "`Content-Encoding: gzip` on bytes that are not gzip",
            "400",
            "problem details: the body does not decompress",
            s => s.RestAsync(Post(s.RestJsonRoute, "[]", headers: [("Content-Encoding", "gzip")]))
        ),
        new(
            BadInput.Rest,
            "chunked body with a chunk size that is not hex",
            "400",
            "problem details from Kestrel (bad chunk size line)",
            s =>
                Raw(
                    s.RestAddresses.Http11,
                    PostHead(s.RestJsonRoute, "Transfer-Encoding: chunked") + "zz\r\n[]\r\n0\r\n\r\n"
                )
        ),
        new(
            BadInput.Rest,
            "slow sender: a byte a second after the headers",
            "408",
            "problem details after the 5 s grace period (240 bytes/s minimum)",
            s =>
                Raw(
                    s.RestAddresses.Http11,
                    PostHead(s.RestJsonRoute, "Content-Length: 100000") + "[",
                    trickleSeconds: 12
                ),
            Slow: true
        ),
        new(BadInput.Rest, "header section over 32 KiB", "431", "empty body, connection closed", s =>
            s.RestAsync(Get("api/MeteoriteLandings", ("X-Big", new string('a', 40_000))))
        ),
        new(BadInput.Rest, "101 request headers", "431", "empty body, connection closed", s =>
            s.RestAsync(Get("api/MeteoriteLandings", [.. Enumerable.Range(0, 101).Select(i => ($"X-H{i}", "1"))]))
        ),
        new(BadInput.Rest, "request line over 8 KiB", "414", "empty body, connection closed", s =>
            s.RestAsync(Get("api/MeteoriteLandings?" + new string('a', 9_000)))
        ),
        new(BadInput.Rest, "unknown route", "404", "problem details, Not Found (status-code pages)", s =>
            s.RestAsync(Get("api/Nothing"))
        ),
        new(
            BadInput.Rest,
            "unknown method (`DELETE`)",
            "405",
            "problem details, Method Not Allowed, `Allow: GET, POST`",
            s => s.RestAsync(new HttpRequestMessage(HttpMethod.Delete, s.RestJsonRoute))
        ),
        new(BadInput.Rest, "`limit=abc`", "400", "problem details: the value is not valid", s =>
            s.RestAsync(Get(s.RestJsonRoute + "?limit=abc"))
        ),
        new(
            BadInput.Rest,
            "`limit=1001` (more than the records)",
            "400",
            "problem details: limit must be between 1 and 1000",
            s => s.RestAsync(Get(s.RestJsonRoute + "?limit=1001"))
        ),
        new(
            BadInput.Rest,
            "HTTP/2 preface to the HTTP/1.1 port",
            "GOAWAY HTTP_1_1_REQUIRED",
            "Kestrel's HTTP/2 GOAWAY frame, connection closed",
            s => Raw(s.RestAddresses.Http11, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
        ),
        new(
            BadInput.Rest,
            "HTTP/1.1 to the h2c port",
            "400",
            "\"An HTTP/1.x request was sent to an HTTP/2 only endpoint.\"",
            s => Raw(s.RestAddresses.H2c!, "GET /api/MeteoriteLandings HTTP/1.1\r\nHost: x\r\n\r\n")
        ),
        new(
            BadInput.Rest,
            "150 concurrent HTTP/2 streams on one h2c connection",
            "REFUSED_STREAM past 100 streams",
            "the first 100 stay open, each further one is reset with REFUSED_STREAM",
            s => Streams(s.RestAddresses.H2c!, "/" + s.RestJsonRoute, "application/json")
        ),
        new(
            BadInput.Rest,
            "protobuf route: message cut off halfway",
            "400",
            "problem details: not a valid MeteoriteLandingList",
            s =>
                s.RestAsync(
                    Post(ProtobufRoute, AllRecordsProtobuf[..(AllRecordsProtobuf.Length / 2)], "application/x-protobuf")
                ),
            JitOnly: true
        ),
        new(
            BadInput.Rest,
            "protobuf route: invalid wire type",
            "400",
            "problem details: not a valid MeteoriteLandingList",
            s => s.RestAsync(Post(ProtobufRoute, [0x0F, 0x01], "application/x-protobuf")),
            JitOnly: true
        ),
        new(
            BadInput.Rest,
            "protobuf route: invalid UTF-8 in a string field",
            "400",
            "problem details: not a valid MeteoriteLandingList (Google.Protobuf 3.36 checks UTF-8 in string fields)",
            s => s.RestAsync(Post(ProtobufRoute, InvalidUtf8Name(), "application/x-protobuf")),
            JitOnly: true
        ),
        new(
            BadInput.Rest,
            "protobuf route: JSON body (`application/json`)",
            "415",
            "problem details, Unsupported Media Type",
            s => s.RestAsync(Post(ProtobufRoute, "[]")),
            JitOnly: true
        ),
        new(
            BadInput.Rest,
            "minimal API: invalid JSON (`[{\"id\":1,}]`)",
            "400",
            "problem details naming the JSON path (the project's handler; minimal APIs' own answer is an empty 400)",
            s => s.RestAsync(Post(MinimalRoute, "[{\"id\":1,}]"))
        ),
        new(
            BadInput.Rest,
            "minimal API: record without its required members (`[{\"id\":1}]`)",
            "400",
            "problem details with the JSON path `$[0]`, as the controller",
            s => s.RestAsync(Post(MinimalRoute, "[{\"id\":1}]"))
        ),
        new(
            BadInput.Rest,
            "minimal API: `content-type: text/plain`",
            "415",
            "problem details (status-code pages; minimal APIs' own answer is an empty 415)",
            s => s.RestAsync(Post(MinimalRoute, "[]", "text/plain"))
        ),
        new(
            BadInput.Rest,
            "minimal API: unknown charset (`application/json; charset=nope`)",
            "415",
            "problem details, Unsupported Media Type (the project's handler; minimal APIs' own answer is a 500)",
            s => s.RestAsync(Post(MinimalRoute, "[]", "application/json; charset=nope"))
        ),
        new(
            BadInput.Rest,
            "minimal API: `?limit=abc`",
            "400",
            "problem details: `Failed to bind parameter \"Nullable<int> limit\" from \"abc\".` (minimal APIs' words)",
            s => s.RestAsync(Get(MinimalRoute + "?limit=abc"))
        ),
        new(
            BadInput.Grpc,
            "`content-type: text/plain`",
            "415, grpc-status 13",
            "`Content-Type 'text/plain' is not supported.` (as grpc-dotnet)",
            s => s.GrpcAsync("GetVersion", EmptyMessage, "text/plain")
        ),
        new(
            BadInput.Grpc,
            "no `te: trailers`",
            "grpc-status 0",
            "served: `te` only detects proxies that drop trailers, and HTTP/2 carries them",
            s =>
                s.GrpcAsync(
                    WithoutTe(
                        RawGrpc.Request(
                            "/meteorites.v1.MeteoriteLandingsService/GetVersion",
                            new ByteArrayContent(EmptyMessage)
                        )
                    )
                )
        ),
        new(
            BadInput.Grpc,
            "HTTP/1.1 to the h2c endpoint",
            "400",
            "\"An HTTP/1.x request was sent to an HTTP/2 only endpoint.\" (Kestrel, as grpc-dotnet)",
            s =>
                Raw(
                    s.GrpcAddresses.H2c,
                    "POST /meteorites.v1.MeteoriteLandingsService/GetVersion HTTP/1.1\r\nHost: x\r\nContent-Type: "
                        + "application/grpc\r\nContent-Length: 5\r\n\r\n\0\0\0\0\0"
                )
        ),
        new(BadInput.Grpc, "`GET` instead of `POST`", "404", "no gRPC status (as grpc-dotnet)", s =>
            s.GrpcAsync(
                new HttpRequestMessage(HttpMethod.Get, "/meteorites.v1.MeteoriteLandingsService/GetVersion")
                {
                    Version = HttpVersion.Version20,
                    VersionPolicy = HttpVersionPolicy.RequestVersionExact,
                }
            )
        ),
        new(BadInput.Grpc, "unknown service", "grpc-status 12", "Trailers-Only, `Service is unimplemented.`", s =>
            s.GrpcAsync(RawGrpc.Request("/no.such.Service/GetVersion", new ByteArrayContent(EmptyMessage)))
        ),
        new(
            BadInput.Grpc,
            "unknown method of a known service",
            "grpc-status 12",
            "Trailers-Only, `Method is unimplemented.`",
            s => s.GrpcAsync("NoSuchMethod", EmptyMessage)
        ),
        new(BadInput.Grpc, "unary call without a message (empty body)", "grpc-status 13", "`Incomplete message.`", s =>
            s.GrpcAsync("GetVersion", [])
        ),
        new(
            BadInput.Grpc,
            "unary call with two messages",
            "grpc-status 13",
            "`Additional data after the message received.`",
            s => s.GrpcAsync("GetVersion", [.. EmptyMessage, .. EmptyMessage])
        ),
        new(
            BadInput.Grpc,
            "declared length beyond the data (16 declared, 2 sent)",
            "grpc-status 13",
            "`Incomplete message.`",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame([0x0A, 0x02], declaredLength: 16))
        ),
        new(
            BadInput.Grpc,
            "declared length 4 GiB",
            "grpc-status 2",
            "UNKNOWN, `Exception was thrown by handler.`: grpc-dotnet refuses it at once, before the bytes arrive, but "
                + "as an error rather than RESOURCE_EXHAUSTED",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame([0x0A], declaredLength: uint.MaxValue))
        ),
        new(
            BadInput.Grpc,
            "6 MiB message (limit 4 MiB)",
            "grpc-status 8",
            "RESOURCE_EXHAUSTED, `Received message exceeds the maximum configured message size.`",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame(SixMebibyteList()))
        ),
        new(
            BadInput.Grpc,
            "compressed flag set, no `grpc-encoding`",
            "grpc-status 13",
            "`Request did not include grpc-encoding value with compressed message.`",
            s => s.GrpcAsync("GetVersion", RawGrpc.Frame([], compressed: true))
        ),
        new(
            BadInput.Grpc,
            "compressed message, `grpc-encoding: br`",
            "grpc-status 12",
            "`Unsupported grpc-encoding value 'br'…`, with `grpc-accept-encoding: identity,gzip,deflate`",
            s => s.GrpcAsync("GetVersion", RawGrpc.Frame([], compressed: true), headers: [("grpc-encoding", "br")])
        ),
        new(
            BadInput.Grpc,
            "compressed message that is not gzip, `grpc-encoding: gzip`",
            "grpc-status 13",
            "INTERNAL: the message does not decompress (the project's provider; grpc-dotnet's own: 2)",
            s =>
                s.GrpcAsync(
                    "PostLargePayload",
                    RawGrpc.Frame([1, 2, 3, 4], compressed: true),
                    headers: [("grpc-encoding", "gzip")]
                )
        ),
        new(
            BadInput.Grpc,
            "gzip bomb: 60 KB inflating to 60 MB",
            "grpc-status 8",
            "RESOURCE_EXHAUSTED once 4 MiB have inflated (the project's provider; grpc-dotnet's own inflates it all "
                + "and accepts it)",
            s =>
                s.GrpcAsync(
                    "PostLargePayload",
                    RawGrpc.Frame(Gzip(new byte[60_000_000]), compressed: true),
                    headers: [("grpc-encoding", "gzip")]
                )
        ),
        new(
            BadInput.Grpc,
            "deflate bomb: 60 KB inflating to 60 MB",
            "grpc-status 8",
            "RESOURCE_EXHAUSTED once 4 MiB have inflated (the project's provider, as for gzip)",
            s =>
                s.GrpcAsync(
                    "PostLargePayload",
                    RawGrpc.Frame(Deflate(new byte[60_000_000]), compressed: true),
                    headers: [("grpc-encoding", "deflate")]
                )
        ),
        new(
            BadInput.Grpc,
            "message cut off halfway (frame length matches)",
            "grpc-status 2",
            "UNKNOWN, `Exception was thrown by handler.`: grpc-dotnet parses the message outside the service and "
                + "reports any parse error so; the call ends, the server serves on",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame(AllRecordsProtobuf[..(AllRecordsProtobuf.Length / 2)]))
        ),
        new(
            BadInput.Grpc,
            "invalid wire type (7)",
            "grpc-status 2",
            "UNKNOWN, `Exception was thrown by handler.`: grpc-dotnet parses the message outside the service and "
                + "reports any parse error so; the call ends, the server serves on",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame([0x0F, 0x01]))
        ),
        new(
            BadInput.Grpc,
            "truncated varint (continuation bit on the last byte)",
            "grpc-status 2",
            "UNKNOWN, `Exception was thrown by handler.`: grpc-dotnet parses the message outside the service and "
                + "reports any parse error so; the call ends, the server serves on",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame([0x0A, 0x02, 0x08, 0xFF]))
        ),
        new(
            BadInput.Grpc,
            "invalid UTF-8 in a string field",
            "grpc-status 2",
            "UNKNOWN, as any message that does not parse: Google.Protobuf 3.36 checks UTF-8 in string fields",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame(InvalidUtf8Name()))
        ),
        new(BadInput.Grpc, "unknown fields", "grpc-status 0", "accepted and skipped, as protobuf requires", s =>
            s.GrpcAsync("PostLargePayload", RawGrpc.Frame([0x78, 0x01, 0x0A, (byte)OneRecord.Length, .. OneRecord]))
        ),
        new(
            BadInput.Grpc,
            "fields in reverse order, list entries split by another field",
            "grpc-status 0",
            "accepted, as protobuf requires",
            s => s.GrpcAsync("PostLargePayload", RawGrpc.Frame(FieldsOutOfOrder()))
        ),
        new(
            BadInput.Grpc,
            "a field sent twice",
            "grpc-status 0",
            "accepted, the last value wins (protobuf's merge rule)",
            s =>
                s.GrpcAsync(
                    "PostLargePayload",
                    RawGrpc.Frame([0x0A, (byte)(OneRecord.Length + 2), .. OneRecord, 0x08, 0x02])
                )
        ),
        new(
            BadInput.Grpc,
            "`limit` 0 (a field out of range)",
            "grpc-status 3",
            "INVALID_ARGUMENT: limit must be between 1 and 1000",
            s => s.GrpcAsync("GetLargePayloadAsList", RawGrpc.Frame(new LargePayloadRequest { Limit = 0 }))
        ),
        new(
            BadInput.Grpc,
            "deadline passes during the call (`grpc-timeout: 1m` on a health Watch)",
            "grpc-status 4",
            "DEADLINE_EXCEEDED after the first SERVING message",
            s =>
                s.GrpcAsync(
                    RawGrpc.Request(
                        "/grpc.health.v1.Health/Watch",
                        new ByteArrayContent(EmptyMessage),
                        headers: [("grpc-timeout", "1m")]
                    )
                )
        ),
        new(
            BadInput.Grpc,
            "deadline shorter than a .NET tick (`grpc-timeout: 1n`)",
            "grpc-status 0",
            "served without a deadline: grpc-dotnet rounds 1 ns down to zero, which it reads as no deadline",
            s => s.GrpcAsync("GetVersion", EmptyMessage, headers: [("grpc-timeout", "1n")])
        ),
        new(
            BadInput.Grpc,
            "malformed `grpc-timeout: soon`",
            "grpc-status 0",
            "the header is ignored and the call served without a deadline (as grpc-dotnet)",
            s => s.GrpcAsync("GetVersion", EmptyMessage, headers: [("grpc-timeout", "soon")])
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: invalid JSON (`[{\"id\":1,}]`)",
            "400",
            "INVALID_ARGUMENT as JSON: `Request JSON payload is not correctly formatted.`",
            s => s.WebAsync(Post(TranscodedRoute, "[{\"id\":1,}]")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: wrong type (`\"id\":\"one\"`)",
            "400",
            "INVALID_ARGUMENT: `Request JSON payload is not correctly formatted.` (no JSON path)",
            s => s.WebAsync(Post(TranscodedRoute, Record.Replace("\"id\":1", "\"id\":\"one\""))),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: a null record (`[null]`)",
            "400",
            "INVALID_ARGUMENT: `Value cannot be null. (Parameter 'item')` (grpc-dotnet's words)",
            s => s.WebAsync(Post(TranscodedRoute, "[null]")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: record without the members REST requires (`[{\"id\":1}]`)",
            "200",
            "accepted: proto3 has no required fields, as gRPC accepts the same record",
            s => s.WebAsync(Post(TranscodedRoute, "[{\"id\":1}]")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: `content-type: text/plain`",
            "400",
            "INVALID_ARGUMENT naming the content type (grpc-dotnet answers 400, not 415)",
            s => s.WebAsync(Post(TranscodedRoute, "[]", "text/plain")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded POST: a 7 MB body (limit 4 MiB)",
            "400",
            "INVALID_ARGUMENT `Request body too large…` once 4 MiB have arrived (the project's limit; transcoding's "
                + "own reads a body of any size)",
            s =>
                Raw(
                    s.GrpcAddresses.Web!,
                    PostHead(TranscodedRoute, "Content-Length: 7000000") + new string(' ', 7_000_000)
                ),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded GET: `?limit=abc`",
            "400",
            "INVALID_ARGUMENT: `The input string 'abc' was not in a correct format.`",
            s => s.WebAsync(Get(TranscodedRoute + "?limit=abc")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "transcoded GET: `?limit=0`",
            "400",
            "INVALID_ARGUMENT: limit must be between 1 and 1000, as over gRPC",
            s => s.WebAsync(Get(TranscodedRoute + "?limit=0")),
            JitOnly: true
        ),
        new(
            BadInput.Grpc,
            "gRPC-Web text whose body is not base64",
            "grpc-status 13",
            "INTERNAL, `grpc-web-text request: the body is not base64.` (the project's guard; grpc-dotnet's own: "
                + "UNKNOWN, and an error logged with a stack trace)",
            s => s.WebAsync(Post(GetVersionPath, "!!!!", "application/grpc-web-text"))
        ),
        new(
            BadInput.Grpc,
            "gRPC-Web frame cut short (5 bytes declared, 1 sent)",
            "grpc-status 13",
            "`Incomplete message.`",
            s => s.WebAsync(Post(GetVersionPath, [0, 0, 0, 0, 5, 8], "application/grpc-web"))
        ),
        new(
            BadInput.Grpc,
            "`content-type: application/grpc-web+json`",
            "grpc-status 0",
            "served as protobuf: grpc-dotnet reads every gRPC-Web subtype with the service's protobuf messages",
            s => s.WebAsync(Post(GetVersionPath, EmptyMessage, "application/grpc-web+json"))
        ),
        new(
            BadInput.Grpc,
            "`application/grpc` (not gRPC-Web) over HTTP/1.1",
            "426, grpc-status 13",
            "Upgrade Required, `Request protocol 'HTTP/1.1' is not supported.`",
            s => s.WebAsync(Post(GetVersionPath, EmptyMessage, RawGrpc.ContentType))
        ),
        new(
            BadInput.Grpc,
            "client reset after the first message of the stream",
            "reset",
            "the server stops writing that stream and serves the next call",
            ResetMidStreamAsync
        ),
        new(
            BadInput.Grpc,
            "slow sender: a byte a second after the message header",
            "connection reset",
            "after the 5 s grace period Kestrel closes the connection (HTTP/2 measures the rate per connection)",
            s => ConnectionResetAsync(s.GrpcAsync(TrickledFrame())),
            Slow: true
        ),
        new(
            BadInput.Grpc,
            "150 concurrent streams on one connection",
            "REFUSED_STREAM past 100 streams",
            "the first 100 stay open, each further one is reset with REFUSED_STREAM",
            s =>
                Streams(
                    s.GrpcAddresses.H2c,
                    "/meteorites.v1.MeteoriteLandingsService/PostLargePayload",
                    RawGrpc.ContentType
                )
        ),
    ];

    private static HttpRequestMessage Get(string route, params (string Name, string Value)[] headers)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, route);
        foreach (var (name, value) in headers)
        {
            request.Headers.TryAddWithoutValidation(name, value);
        }

        return request;
    }

    private static HttpRequestMessage Post(
        string route,
        string body,
        string? contentType = "application/json",
        params (string Name, string Value)[] headers
    ) => Post(route, Encoding.UTF8.GetBytes(body), contentType, headers);

    private static HttpRequestMessage Post(
        string route,
        byte[] body,
        string? contentType = "application/json",
        params (string Name, string Value)[] headers
    ) => Post(route, new ByteArrayContent(body), contentType, headers);

    private static HttpRequestMessage Post(
        string route,
        HttpContent content,
        string? contentType = "application/json",
        params (string Name, string Value)[] headers
    )
    {
        if (contentType is not null)
        {
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        }

        foreach (var (name, value) in headers)
        {
            content.Headers.TryAddWithoutValidation(name, value);
        }

        return new HttpRequestMessage(HttpMethod.Post, route) { Content = content };
    }

    private static string PostHead(string route, string framing) =>
        $"POST /{route} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n{framing}\r\n\r\n";

    private static async Task<Observed> Raw(Uri server, string request, int trickleSeconds = 0)
    {
        var answer = await RawConnection.ExchangeAsync(
            server,
            Encoding.Latin1.GetBytes(request),
            TimeSpan.FromSeconds(trickleSeconds + 10),
            trickleSeconds
        );
        return new Observed(RawConnection.Http11Status(answer), Encoding.Latin1.GetString(answer));
    }

    private static async Task<Observed> Streams(Uri server, string path, string contentType)
    {
        const int Streams = 150;
        var (resets, goAway) = await RawConnection.OpenStreamsAsync(
            server,
            path,
            contentType,
            Streams,
            TimeSpan.FromSeconds(1)
        );
        var status =
            resets.Count == 1 && resets.GetValueOrDefault("REFUSED_STREAM") == Streams - 100 && goAway is null
                ? "REFUSED_STREAM past 100 streams"
                : $"resets {string.Join(", ", resets.Select(reset => $"{reset.Key} × {reset.Value}"))}; "
                    + $"GOAWAY {goAway ?? "none"}";
        return new Observed(status, "");
    }

    private static async Task<Observed> ResetMidStreamAsync(BadInputServers servers)
    {
        using var request = RawGrpc.Request(
            "/meteorites.v1.MeteoriteLandingsService/GetLargePayload",
            new ByteArrayContent(EmptyMessage)
        );
        using var response = await servers.Grpc.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        await using var body = await response.Content.ReadAsStreamAsync();
        var first = new byte[RawGrpc.MessageHeaderLength];
        await body.ReadExactlyAsync(first);
        // Disposing the response before the stream ends sends RST_STREAM (CANCEL) to the server.
        return new Observed("reset", Encoding.Latin1.GetString(first));
    }

    private static async Task<Observed> ConnectionResetAsync(Task<Observed> call)
    {
        try
        {
            return await call;
        }
        catch (HttpRequestException e) when (e.InnerException is IOException)
        {
            return new Observed("connection reset", "");
        }
    }

    private static HttpRequestMessage WithoutTe(HttpRequestMessage request)
    {
        request.Headers.Remove("TE");
        return request;
    }

    private static HttpRequestMessage TrickledFrame() =>
        RawGrpc.Request(
            "/meteorites.v1.MeteoriteLandingsService/PostLargePayload",
            new TrickleContent(RawGrpc.Frame([], declaredLength: 100_000)[..RawGrpc.MessageHeaderLength], seconds: 12)
        );

    private static byte[] Spaces(int count)
    {
        var bytes = new byte[count];
        bytes.AsSpan().Fill((byte)' ');
        return bytes;
    }

    private static byte[] Gzip(byte[] data)
    {
        var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.SmallestSize))
        {
            gzip.Write(data);
        }

        return compressed.ToArray();
    }

    private static byte[] Deflate(byte[] data)
    {
        var compressed = new MemoryStream();
        using (var zlib = new ZLibStream(compressed, CompressionLevel.SmallestSize))
        {
            zlib.Write(data);
        }

        return compressed.ToArray();
    }

    private static byte[] InvalidUtf8Name() => [0x0A, 0x04, 0x12, 0x02, 0xFF, 0xFE];

    private static byte[] SixMebibyteList()
    {
        var name = new string('a', 6 * 1024 * 1024);
        return new MeteoriteLandingList
        {
            MeteoriteLandings =
            {
                new Proto.MeteoriteLanding { Id = 1, Name = name },
            },
        }.ToByteArray();
    }

    private static byte[] FieldsOutOfOrder()
    {
        // Each field of a record encoded on its own, written back to front; then an unknown field before the next
        // entry.
        Proto.MeteoriteLanding[] fields =
        [
            new() { Id = 7 },
            new() { Name = "Aachen" },
            new() { Fall = "Fell" },
            new() { Mass = 21 },
            new() { Nametype = "Valid" },
            new() { Recclass = "L5" },
            new() { Year = Dataset.ProtoList.MeteoriteLandings[0].Year },
        ];
        var reversed = fields.Reverse().SelectMany(field => field.ToByteArray()).ToArray();
        return [0x0A, (byte)reversed.Length, .. reversed, 0x78, 0x01, 0x0A, (byte)OneRecord.Length, .. OneRecord];
    }

    /// <summary>A body that sends its first bytes, then one more byte a second, for <c>seconds</c>.</summary>
    private sealed class TrickleContent(byte[] first, int seconds) : HttpContent
    {
        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            await stream.WriteAsync(first);
            await stream.FlushAsync();
            // The slow sender's pace is the bad input itself: a byte on each tick of a one-second timer.
            using var ticks = new PeriodicTimer(TimeSpan.FromSeconds(1));
            for (var i = 0; i < seconds && await ticks.WaitForNextTickAsync(); i++)
            {
                await stream.WriteAsync(new byte[] { 0x0A });
                await stream.FlushAsync();
            }
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
