using System.IO.Compression;
using System.Net;
using Google.Protobuf;
using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Reflection.V1;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.GrpcAPI;

/// <summary>GrpcAPI as a client sees it: the four operations, health, reflection, and how grpc-dotnet answers protocol
/// errors, with the project's own guards on top.</summary>
public sealed class GrpcApiTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>
{
    private const string Service = "/meteorites.v1.MeteoriteLandingsService";
    private static readonly MeteoriteDataset Expected = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
    private static readonly byte[] EmptyMessage = RawGrpc.Frame([]);

    [Fact]
    public async Task Every_operation_passes_the_gate_over_h2c_and_tls()
    {
        foreach (var transport in new[] { fixture.Addresses.H2cTransport, fixture.Addresses.TlsTransport })
        {
            using var client = new GrpcClient(transport);
            await CorrectnessGate.CheckGrpcAsync(client, Expected);
            await CorrectnessGate.CheckGrpcStreamingVariantsAsync(client, Expected);
        }
    }

    [Fact]
    public async Task Buffered_stream_sends_every_record_and_chunked_stream_a_hundred_per_message()
    {
        var buffered = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetLargePayloadBuffered", EmptyMessage);
        var chunked = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetLargePayloadChunked", EmptyMessage);

        Assert.Equal(Expected.Count, buffered.Messages.Length);
        Assert.Equal((Expected.Count + 99) / 100, chunked.Messages.Length);
        Assert.All(chunked.Messages, message =>
            Assert.Equal(100, MeteoriteLandingList.Parser.ParseFrom(message).MeteoriteLandings.Count)
        );
        Assert.Equal(("0", "0"), (buffered.Status, chunked.Status));
    }

    [Fact]
    public async Task Large_gets_with_a_limit_return_the_first_records_as_list_and_stream()
    {
        using var client = new GrpcClient(fixture.Addresses.H2cTransport);

        await CorrectnessGate.CheckGrpcScalingAsync(client, Expected, 10);
        Assert.Equal(Expected.ProtoList.MeteoriteLandings.Take(3), await client.StreamLargePayloadAsync(3));
        Assert.Equal(Expected.ProtoList, await client.GetLargePayloadAsListAsync((uint)Expected.Count));
    }

    [Theory]
    [InlineData(0u)]
    [InlineData(1001u)]
    public async Task Limit_out_of_range_is_invalid_argument_in_rest_words_and_the_server_keeps_serving(uint limit)
    {
        using var client = new GrpcClient(fixture.Addresses.H2cTransport);

        var list = await Assert.ThrowsAsync<RpcException>(() => client.GetLargePayloadAsListAsync(limit));
        var stream = await Assert.ThrowsAsync<RpcException>(() => client.StreamLargePayloadAsync(limit));

        Assert.Equal((StatusCode.InvalidArgument, Expected.LimitProblem(limit)), (list.StatusCode, list.Status.Detail));
        Assert.Equal(StatusCode.InvalidArgument, stream.StatusCode);
        Assert.Equal(Expected.Count, (await client.GetLargePayloadAsListAsync()).MeteoriteLandings.Count);
    }

    [Fact]
    public async Task PostLargePayload_accepts_an_empty_list_and_counts_zero()
    {
        using var client = new GrpcClient(fixture.Addresses.H2cTransport);

        var status = await client.PostLargePayloadAsync(new MeteoriteLandingList());

        Assert.Equal("SUCCESS", status.Status);
        Assert.Equal(0u, status.Received);
    }

    [Fact]
    public async Task Unary_call_has_headers_one_message_and_status_in_trailers()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetVersion", EmptyMessage);

        Assert.Equal(HttpStatusCode.OK, answer.HttpStatus);
        Assert.Equal("application/grpc", answer.Response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(
            "API Version 1.0",
            global::ModelLibrary.Protos.Version.Parser.ParseFrom(Assert.Single(answer.Messages)).ApiVersion
        );
        Assert.Equal("0", Assert.Single(answer.Response.TrailingHeaders.GetValues("grpc-status")));
        Assert.False(answer.Response.Headers.Contains("server"));
    }

    [Fact]
    public async Task Stream_sends_one_message_per_record()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetLargePayload", EmptyMessage);

        Assert.Equal(Expected.Count, answer.Messages.Length);
        Assert.Equal(Expected.ProtoList.MeteoriteLandings[^1], MeteoriteLanding.Parser.ParseFrom(answer.Messages[^1]));
        Assert.Equal("0", answer.Status);
    }

    [Fact]
    public async Task Wrong_content_type_gets_415_and_status_13()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetVersion", EmptyMessage, "text/plain");

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, answer.HttpStatus);
        Assert.Equal("13", answer.Status);
        Assert.Equal("Content-Type 'text/plain' is not supported.", answer.StatusMessage);
        await AssertStillServing();
    }

    [Fact]
    public async Task Grpc_json_content_type_is_accepted_as_protobuf()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/GetVersion",
            EmptyMessage,
            "application/grpc+json"
        );

        Assert.Equal("0", answer.Status);
    }

    [Theory]
    [InlineData(Service + "/NoSuchMethod", "Method is unimplemented.")]
    [InlineData("/no.such.Service/GetVersion", "Service is unimplemented.")]
    public async Task Unknown_method_or_service_is_unimplemented_as_trailers_only(string path, string message)
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, path, EmptyMessage);

        Assert.Equal(HttpStatusCode.OK, answer.HttpStatus);
        Assert.Empty(answer.Messages);
        Assert.True(
            answer.Response.Headers.Contains("grpc-status"),
            "the status must come in the only HEADERS frame (Trailers-Only)"
        );
        Assert.Equal("12", answer.Status);
        Assert.Equal(message, answer.StatusMessage);
    }

    [Fact]
    public async Task Get_request_gets_404()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, Service + "/GetVersion")
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

        using var response = await fixture.Raw.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Http11_request_to_the_h2c_endpoint_is_refused_with_400()
    {
        using var http11 = new HttpClient();

        using var response = await http11.PostAsync(
            new Uri(fixture.Server.BaseAddress, Service + "/GetVersion"),
            new ByteArrayContent(EmptyMessage)
        );

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("HTTP/2", await response.Content.ReadAsStringAsync());
        await AssertStillServing();
    }

    [Fact]
    public async Task Empty_body_is_an_incomplete_message()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetVersion", []);

        Assert.Equal(("13", "Incomplete message."), (answer.Status, answer.StatusMessage));
        await AssertStillServing();
    }

    [Fact]
    public async Task Truncated_frame_is_an_incomplete_message()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/PostLargePayload",
            RawGrpc.Frame([0x0A, 0x02], declaredLength: 16)
        );

        Assert.Equal(("13", "Incomplete message."), (answer.Status, answer.StatusMessage));
        await AssertStillServing();
    }

    [Fact]
    public async Task Two_messages_in_a_unary_call_are_refused()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetVersion", [.. EmptyMessage, .. EmptyMessage]);

        Assert.Equal(("13", "Additional data after the message received."), (answer.Status, answer.StatusMessage));
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_rejects_invalid_protobuf_as_grpc_dotnet_does_without_details()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/PostLargePayload",
            RawGrpc.Frame([0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        );

        Assert.Equal(("2", "Exception was thrown by handler."), (answer.Status, answer.StatusMessage));
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_rejects_truncated_protobuf()
    {
        var bytes = Expected.ProtoList.ToByteArray();

        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/PostLargePayload",
            RawGrpc.Frame(bytes[..(bytes.Length / 2)])
        );

        Assert.Equal("2", answer.Status);
        await AssertStillServing();
    }

    [Fact]
    public async Task Declared_length_of_four_gibibytes_is_refused_before_the_message_arrives()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/PostLargePayload",
            RawGrpc.Frame([0x0A], declaredLength: uint.MaxValue)
        );

        Assert.Equal("2", answer.Status);
        await AssertStillServing();
    }

    [Fact]
    public async Task Message_of_six_mebibytes_is_resource_exhausted()
    {
        using var client = new GrpcClient(fixture.Addresses.H2cTransport);
        var big = new MeteoriteLandingList
        {
            MeteoriteLandings = { Enumerable.Repeat(Expected.ProtoList.MeteoriteLandings, 60).SelectMany(r => r) },
        };

        var error = await Assert.ThrowsAsync<RpcException>(() => client.PostLargePayloadAsync(big));

        Assert.Equal(StatusCode.ResourceExhausted, error.StatusCode);
        await AssertStillServing();
    }

    [Fact]
    public async Task Client_asks_for_a_gzip_response_per_call_and_gets_it_compressed()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/GetLargePayloadAsList",
            EmptyMessage,
            headers: [(GrpcCallHeaders.ResponseCompression, "gzip"), ("grpc-accept-encoding", "identity,gzip")]
        );
        using var gzip = new GZipStream(new MemoryStream(Assert.Single(answer.Messages)), CompressionMode.Decompress);

        Assert.Equal("gzip", answer.Response.Headers.GetValues("grpc-encoding").Single());
        Assert.Equal(Expected.ProtoList, MeteoriteLandingList.Parser.ParseFrom(gzip));
        Assert.True(
            answer.Messages[0].Length < Expected.ProtoList.CalculateSize() / 2,
            $"{answer.Messages[0].Length} compressed bytes"
        );
    }

    [Fact]
    public async Task Gzip_client_passes_the_gate_and_moves_fewer_bytes_than_the_plain_one()
    {
        var plain = new WireCounter();
        var gzip = new WireCounter();
        using var plainClient = new GrpcClient(fixture.Addresses.H2cTransport with { Counter = plain });
        using var gzipClient = new GrpcClient(fixture.Addresses.H2cTransport with { Counter = gzip }, "gzip");

        await CorrectnessGate.CheckGrpcAsync(gzipClient, Expected);
        await CorrectnessGate.CheckGrpcAsync(plainClient, Expected);
        // The list and the POST: one large message each way. (A stream compresses each small message on its own and
        // gains little.)
        plain.Reset();
        gzip.Reset();
        foreach (var client in new[] { plainClient, gzipClient })
        {
            await client.GetLargePayloadAsListAsync();
            await client.PostLargePayloadAsync(Expected.ProtoList);
        }

        Assert.True(gzip.Received < plain.Received / 2, $"gzip received {gzip.Received} bytes, plain {plain.Received}");
        Assert.True(gzip.Sent < plain.Sent / 2, $"gzip sent {gzip.Sent} bytes, plain {plain.Sent}");
    }

    [Fact]
    public async Task Compressed_flag_without_an_encoding_is_internal()
    {
        var answer = await RawGrpc.SendAsync(fixture.Raw, Service + "/GetVersion", RawGrpc.Frame([], compressed: true));

        Assert.Equal(
            ("13", "Request did not include grpc-encoding value with compressed message."),
            (answer.Status, answer.StatusMessage)
        );
    }

    [Fact]
    public async Task Unknown_encoding_of_a_compressed_message_is_unimplemented_and_lists_the_accepted_ones()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/GetVersion",
            RawGrpc.Frame([1, 2, 3], compressed: true),
            headers: ("grpc-encoding", "br")
        );

        Assert.Equal("12", answer.Status);
        Assert.Equal(
            "Unsupported grpc-encoding value 'br'. Supported encodings: identity, gzip, deflate",
            answer.StatusMessage
        );
        Assert.Equal("identity,gzip,deflate", answer.Header("grpc-accept-encoding"));
    }

    [Fact]
    public async Task Unknown_encoding_is_accepted_while_no_message_is_compressed()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/GetVersion",
            EmptyMessage,
            headers: ("grpc-encoding", "br")
        );

        Assert.Equal("0", answer.Status);
    }

    [Theory]
    [InlineData("gzip")]
    [InlineData("deflate")]
    public async Task Compressed_request_is_decompressed_and_counted(string encoding)
    {
        var status = await fixture.Meteorites.PostLargePayloadAsync(
            Expected.ProtoList,
            new Metadata { { "grpc-internal-encoding-request", encoding } }
        );

        Assert.Equal((uint)Expected.Count, status.Received);
    }

    [Fact]
    public async Task Gzip_bomb_is_refused_once_it_inflates_past_the_limit()
    {
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.SmallestSize, leaveOpen: true))
        {
            // A length-delimited field 1 claiming 60 MiB, then zeros: 60 MiB inflated from about 60 KB.
            gzip.Write([0x0A, 0x80, 0x80, 0x80, 0x1E]);
            gzip.Write(new byte[60 * 1024 * 1024]);
        }

        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            Service + "/PostLargePayload",
            RawGrpc.Frame(compressed.ToArray(), compressed: true),
            headers: ("grpc-encoding", "gzip")
        );

        Assert.True(compressed.Length < 100_000, $"the bomb is {compressed.Length} bytes compressed");
        Assert.Equal("8", answer.Status);
        Assert.Contains("after decompression", answer.StatusMessage);
        await AssertStillServing();
    }

    [Fact]
    public async Task Deadline_that_passes_during_a_call_is_deadline_exceeded()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            "/grpc.health.v1.Health/Watch",
            EmptyMessage,
            headers: ("grpc-timeout", "1m")
        );

        Assert.Equal("4", answer.Status);
        await AssertStillServing();
    }

    [Fact]
    public async Task Client_deadline_on_the_stream_is_deadline_exceeded()
    {
        var error = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            using var call = fixture.Meteorites.GetLargePayload(
                new LargePayloadRequest(),
                deadline: DateTime.UtcNow.AddMilliseconds(1)
            );
            // A slow reader is the condition under test: a message per tick of a 5-ms timer, so the stream is
            // still in flight when its deadline passes.
            using var ticks = new PeriodicTimer(TimeSpan.FromMilliseconds(5));
            while (await call.ResponseStream.MoveNext(CancellationToken.None))
            {
                await ticks.WaitForNextTickAsync();
            }
        });

        Assert.Equal(StatusCode.DeadlineExceeded, error.StatusCode);
        await AssertStillServing();
    }

    [Fact]
    public async Task Health_check_of_an_unknown_service_is_not_found()
    {
        var error = await Assert.ThrowsAsync<RpcException>(() =>
            fixture.Health.CheckAsync(new HealthCheckRequest { Service = "no.such.Service" }).ResponseAsync
        );

        Assert.Equal(StatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task Reset_in_the_middle_of_a_stream_leaves_the_server_serving()
    {
        using (var call = fixture.Meteorites.GetLargePayload(new LargePayloadRequest()))
        {
            Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        }

        using var client = new GrpcClient(fixture.Addresses.H2cTransport);
        Assert.Equal(Expected.Count, (await client.StreamLargePayloadAsync()).Count);
    }

    [Fact]
    public async Task Health_check_and_watch_report_serving()
    {
        var check = await fixture.Health.CheckAsync(
            new HealthCheckRequest { Service = "meteorites.v1.MeteoriteLandingsService" }
        );
        using var watch = fixture.Health.Watch(new HealthCheckRequest());

        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, check.Status);
        Assert.True(await watch.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, watch.ResponseStream.Current.Status);
    }

    [Fact]
    public async Task Health_watch_of_an_unknown_service_says_service_unknown_and_stays_open()
    {
        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            "/grpc.health.v1.Health/Watch",
            RawGrpc.Frame(new HealthCheckRequest { Service = "no.such.Service" }),
            headers: ("grpc-timeout", "500m")
        );

        Assert.Equal(
            HealthCheckResponse.Types.ServingStatus.ServiceUnknown,
            HealthCheckResponse.Parser.ParseFrom(Assert.Single(answer.Messages)).Status
        );
        Assert.Equal("4", answer.Status);
    }

    [Fact]
    public async Task Reflection_gives_the_file_of_a_symbol_with_its_imports()
    {
        var request = new ServerReflectionRequest { FileContainingSymbol = "meteorites.v1.MeteoriteLandingsService" };

        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            RawGrpc.Frame(request)
        );

        var response = ServerReflectionResponse.Parser.ParseFrom(Assert.Single(answer.Messages));
        var files = response.FileDescriptorResponse.FileDescriptorProto.Select(bytes =>
            Google.Protobuf.Reflection.FileDescriptorProto.Parser.ParseFrom(bytes).Name
        );
        Assert.Equal(
            [
                "Protos/meteorites.proto",
                "google/api/annotations.proto",
                "google/api/http.proto",
                "google/protobuf/descriptor.proto",
                "google/protobuf/timestamp.proto",
            ],
            files
        );
        Assert.Equal("0", answer.Status);
    }

    [Fact]
    public async Task Reflection_answers_several_requests_on_one_stream_and_not_found_for_unknown_files()
    {
        ServerReflectionRequest[] requests =
        [
            new() { FileByFilename = "health.proto" },
            new() { FileByFilename = "nothing.proto" },
            new() { ListServices = "" },
        ];

        var answer = await RawGrpc.SendAsync(
            fixture.Raw,
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            [.. requests.SelectMany(RawGrpc.Frame)]
        );

        var responses = answer.Messages.Select(ServerReflectionResponse.Parser.ParseFrom).ToArray();
        Assert.Equal(3, responses.Length);
        Assert.Single(responses[0].FileDescriptorResponse.FileDescriptorProto);
        Assert.Equal((int)StatusCode.NotFound, responses[1].ErrorResponse.ErrorCode);
        Assert.Equal(
            [
                "meteorites.v1.MeteoriteLandingsService",
                "grpc.health.v1.Health",
                "grpc.reflection.v1alpha.ServerReflection",
                "grpc.reflection.v1.ServerReflection",
            ],
            responses[2].ListServicesResponse.Service.Select(service => service.Name)
        );
    }

    [Fact]
    public async Task Every_method_of_every_served_service_is_mapped()
    {
        var services = new[]
        {
            MeteoritesReflection.Descriptor,
            HealthReflection.Descriptor,
            ReflectionReflection.Descriptor,
        }.SelectMany(file => file.Services);

        foreach (var method in services.SelectMany(service => service.Methods))
        {
            var answer = await RawGrpc.SendAsync(
                fixture.Raw,
                $"/{method.Service.FullName}/{method.Name}",
                EmptyMessage,
                headers: ("grpc-timeout", "1S")
            );

            Assert.True(
                answer.Status is "0" or "4",
                $"{method.FullName} answered status {answer.Status} ({answer.StatusMessage})"
            );
        }
    }

    private async Task AssertStillServing()
    {
        using var client = new GrpcClient(fixture.Addresses.H2cTransport);
        Assert.Equal("API Version 1.0", (await client.GetSmallPayloadAsync()).ApiVersion);
    }
}
