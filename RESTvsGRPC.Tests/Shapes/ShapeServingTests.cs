using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using Google.Protobuf;
using Grpc.Core;
using Grpc.Net.Client;
using ModelLibrary.Protos;
using ModelLibrary.Shapes;
using ModelLibrary.Shapes.Protos;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.RestAPI;

namespace RESTvsGRPC.Tests.Shapes;

/// <summary>Every payload shape of the catalogue as both servers serve it: the records each size holds, in JSON
/// (MVC's encoder and the escaping twin), REST + protobuf and gRPC; bad bodies answered with 400, 404 or the gRPC
/// status.</summary>
public sealed class ShapeServingTests(RestServerFixture rest, GrpcServerFixture grpc)
    : IClassFixture<RestServerFixture>,
        IClassFixture<GrpcServerFixture>
{
    [Fact]
    public async Task Every_shape_and_size_answers_its_own_records_in_json_protobuf_and_grpc()
    {
        using var channel = GrpcChannel.ForAddress(grpc.Server.BaseAddress);
        foreach (var shape in ShapeCatalogue.All)
        {
            var checker = new Checker(rest.Client, channel.CreateCallInvoker());
            shape.Accept(checker);
            await checker.Done;
        }
    }

    [Fact]
    public void Every_large_json_body_is_10_to_300_KiB_and_generation_repeats()
    {
        foreach (var shape in ShapeCatalogue.All)
        {
            var sizer = new Sizer();
            shape.Accept(sizer);
            Assert.InRange(sizer.LargeJsonBytes, 10 * 1024, 300 * 1024);
            Assert.True(sizer.Repeats, $"{shape.Name} made other records the second time");
        }
    }

    [Fact]
    public async Task Bad_bodies_and_sizes_are_refused_and_the_servers_keep_serving()
    {
        var users =
            (PayloadShape<
                global::ModelLibrary.Shapes.Users.UserRegistration,
                global::ModelLibrary.Shapes.Users.Protos.UserRegistrationList
            >)
                ShapeCatalogue.Find("users")!;
        var bytes = users.Message(ShapeSize.Large).ToByteArray();
        var truncated = new ByteArrayContent(bytes[..(bytes.Length / 2)]);
        truncated.Headers.ContentType = new MediaTypeHeaderValue("application/x-protobuf");
        var refused = new (HttpContent Body, string Route)[]
        {
            (truncated, "api/protobuf/shapes/users"),
            (Json("[{\"userName\":\"x\"}]"), "api/shapes/users"),
            (Json("[{\"id\":\"not a number\"}]"), "api/shapes/users"),
        };
        foreach (var (body, route) in refused)
        {
            using var response = await rest.Client.PostAsync(route, body);
            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        }

        using (var wrongType = await rest.Client.PostAsync("api/shapes/users", new StringContent("x")))
        {
            Assert.Equal(HttpStatusCode.UnsupportedMediaType, wrongType.StatusCode);
        }

        using (var noSize = await rest.Client.GetAsync("api/shapes/users/medium"))
        {
            Assert.Equal(HttpStatusCode.NotFound, noSize.StatusCode);
        }

        using var channel = GrpcChannel.ForAddress(grpc.Server.BaseAddress);
        var error = await Assert.ThrowsAsync<RpcException>(async () =>
            await channel
                .CreateCallInvoker()
                .AsyncUnaryCall(
                    ShapeGrpcMethods.Get(users),
                    null,
                    new CallOptions(),
                    new ShapeRequest { Size = "medium" }
                )
        );
        Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);

        using var still = await rest.Client.GetAsync("api/shapes/users/small");
        Assert.Equal(HttpStatusCode.OK, still.StatusCode);
    }

    private static StringContent Json(string text) => new(text, System.Text.Encoding.UTF8, "application/json");

    private sealed class Checker(HttpClient http, CallInvoker grpc) : IShapeVisitor
    {
        public Task Done { get; private set; } = Task.CompletedTask;

        public void Visit<TRecord, TList>(PayloadShape<TRecord, TList> shape)
            where TRecord : class
            where TList : class, IMessage<TList>, new() => Done = CheckAsync(shape);

        private async Task CheckAsync<TRecord, TList>(PayloadShape<TRecord, TList> shape)
            where TRecord : class
            where TList : class, IMessage<TList>, new()
        {
            foreach (var size in new[] { ShapeSize.Small, ShapeSize.Large })
            {
                var name = PayloadShape.NameOf(size);
                foreach (var prefix in new[] { "api/shapes", "api/escaped/shapes" })
                {
                    var records = await http.GetFromJsonAsync($"{prefix}/{shape.Name}/{name}", shape.ListJson);
                    Assert.True(shape.Matches(records!, size), $"{prefix} {shape.Name} {name}");
                }

                var protobuf = await http.GetByteArrayAsync($"api/protobuf/shapes/{shape.Name}/{name}");
                Assert.True(shape.Matches(shape.Parser.ParseFrom(protobuf), size), $"protobuf {shape.Name} {name}");
                var answer = await grpc.AsyncUnaryCall(
                    ShapeGrpcMethods.Get(shape),
                    null,
                    new CallOptions(),
                    new ShapeRequest { Size = name }
                );
                Assert.True(shape.Matches(answer, size), $"gRPC {shape.Name} {name}");
            }

            var posted = await http.PostAsJsonAsync(
                $"api/shapes/{shape.Name}",
                shape.Records(ShapeSize.Large).ToList(),
                shape.ListJson
            );
            Assert.Equal(
                (uint)shape.LargeCount,
                (await posted.Content.ReadFromJsonAsync<global::ModelLibrary.Rest.PostStatus>())!.Received
            );
            var status = await grpc.AsyncUnaryCall(
                ShapeGrpcMethods.Post(shape),
                null,
                new CallOptions(),
                shape.Message(ShapeSize.Large)
            );
            Assert.Equal((uint)shape.LargeCount, status.Received);
        }
    }

    private sealed class Sizer : IShapeVisitor
    {
        public int LargeJsonBytes { get; private set; }

        public bool Repeats { get; private set; }

        public void Visit<TRecord, TList>(PayloadShape<TRecord, TList> shape)
            where TRecord : class
            where TList : class, IMessage<TList>, new()
        {
            var records = shape.Records(ShapeSize.Large).ToList();
            LargeJsonBytes = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(records, shape.ListJson).Length;
            var again = (PayloadShape<TRecord, TList>)Activator.CreateInstance(shape.GetType())!;
            Repeats = again.Message(ShapeSize.Large).Equals(shape.Message(ShapeSize.Large));
        }
    }
}
