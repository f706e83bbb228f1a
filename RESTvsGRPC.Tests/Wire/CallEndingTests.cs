using GrpcAPI.Wire;
using GrpcWire;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Clients.Grpc;
using RESTvsGRPC.Tests.GrpcAPI;

namespace RESTvsGRPC.Tests.Wire;

/// <summary>
/// GrpcAPI's wire layer in process: a call that the client abandons or lets run past its deadline stops the
/// service's work, a service missing a method stops the server at start, and HTTP/1.x is refused.
/// </summary>
public sealed class CallEndingTests
{
    [Fact]
    public async Task Client_reset_in_the_middle_of_a_stream_stops_the_server_work()
    {
        var service = new ObservedService();
        await using var server = await InProcessGrpcServer.StartAsync(new GrpcService(MeteoritesReflection.Descriptor.Services.Single(), service));
        using var connection = new GrpcConnection(HttpTransport.H2c(server.Address));

        using (var call = await connection.ServerStreamingAsync(GrpcMethods.GetLargePayload, new LargePayloadRequest()))
        {
            Assert.True(await call.MoveNextAsync());
        }

        var (written, reason) = await service.StreamEnded.Task.WaitAsync(TimeSpan.FromSeconds(30));
        Assert.IsAssignableFrom<OperationCanceledException>(reason);
        Assert.True(written < 10_000_000, $"the stream wrote all {written} messages");
    }

    [Fact]
    public async Task Deadline_stops_the_server_work_and_ends_the_call_with_deadline_exceeded()
    {
        var service = new ObservedService();
        await using var server = await InProcessGrpcServer.StartAsync(new GrpcService(MeteoritesReflection.Descriptor.Services.Single(), service));
        using var connection = new GrpcConnection(HttpTransport.H2c(server.Address));

        var error = await Assert.ThrowsAsync<RpcException>(() =>
            connection.UnaryAsync(GrpcMethods.PostLargePayload, new MeteoriteLandingList(), new GrpcCallOptions(Deadline: TimeSpan.FromMilliseconds(200))));

        Assert.Equal(StatusCode.DeadlineExceeded, error.Status);
        Assert.IsAssignableFrom<OperationCanceledException>(await service.PostEnded.Task.WaitAsync(TimeSpan.FromSeconds(30)));
    }

    [Fact]
    public async Task Exception_in_a_service_is_unknown_without_its_details_and_the_server_keeps_serving()
    {
        await using var server = await InProcessGrpcServer.StartAsync(new GrpcService(MeteoritesReflection.Descriptor.Services.Single(), new ObservedService()));
        using var connection = new GrpcConnection(HttpTransport.H2c(server.Address));

        var error = await Assert.ThrowsAsync<RpcException>(() => connection.UnaryAsync(GrpcMethods.GetLargePayloadAsList, new LargePayloadRequest()));

        Assert.Equal((StatusCode.Unknown, "Exception was thrown by handler."), (error.Status, error.Detail));
        Assert.NotNull(await connection.UnaryAsync(GrpcMethods.GetVersion, new EmptyRequest()));
    }

    [Fact]
    public async Task Http11_request_that_reaches_the_dispatcher_gets_426()
    {
        await using var server = await InProcessGrpcServer.StartAsync(
            new GrpcService(MeteoritesReflection.Descriptor.Services.Single(), new ObservedService()), Microsoft.AspNetCore.Server.Kestrel.Core.HttpProtocols.Http1AndHttp2);
        using var http11 = new HttpClient();

        using var response = await http11.PostAsync(new Uri(server.Address, "/meteorites.v1.MeteoriteLandingsService/GetVersion"), new ByteArrayContent(new byte[5]));

        Assert.Equal(System.Net.HttpStatusCode.UpgradeRequired, response.StatusCode);
        Assert.Equal("gRPC needs HTTP/2; this request came over HTTP/1.1.", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public void Service_without_a_handler_for_every_method_stops_the_server_at_start()
    {
        var error = Assert.Throws<InvalidOperationException>(() =>
            new GrpcDispatcher([new GrpcService(MeteoritesReflection.Descriptor.Services.Single(), new object())], new GrpcServerOptions(), Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance));

        Assert.Contains("has no public method GetVersion", error.Message);
    }
}
