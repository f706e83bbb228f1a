using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.GrpcAPI;

/// <summary>GrpcAPI's process: its options, its ready line, refusing bad data at start, stopping cleanly (and saying so
/// to health watchers).</summary>
public sealed class GrpcApiStartupTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task GrpcAPI_names_a_malformed_data_file_and_exits_1()
    {
        var path = _directory.File("bad.json");
        File.WriteAllText(
            path,
            "[{\"id\":\"1\",\"name\":\"x\",\"nametype\":\"Valid\",\"recclass\":\"L6\","
                + "\"fall\":\"Fell\",\"mass\":\"abc\"}]"
        );

        var (exitCode, output) = await TestServers.RunGrpcToExitAsync("--data", path);

        Assert.Equal(1, exitCode);
        Assert.Contains($"data file '{path}', record 0, field 'mass': \"abc\" is not a number", output);
    }

    [LinuxFact]
    public async Task GrpcAPI_stops_cleanly_on_SIGTERM()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        using var server = await TestServers.StartGrpcAsync();

        Assert.Equal(0, await server.TerminateAsync(TimeSpan.FromSeconds(30)));
    }

    [LinuxFact]
    public async Task Health_watch_hears_not_serving_when_the_server_stops_and_the_server_still_exits()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        using var server = await TestServers.StartGrpcAsync();
        using var channel = GrpcChannel.ForAddress(server.BaseAddress);
        using var watch = new Health.HealthClient(channel).Watch(
            new HealthCheckRequest(),
            deadline: DateTime.UtcNow.AddSeconds(60)
        );
        Assert.True(await watch.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, watch.ResponseStream.Current.Status);

        var exit = server.TerminateAsync(TimeSpan.FromSeconds(45));

        Assert.True(await watch.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.NotServing, watch.ResponseStream.Current.Status);
        Assert.Equal(0, await exit);
    }

    [Fact]
    public async Task GrpcAPI_serves_another_data_file_and_says_so_in_its_ready_line()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartGrpcAsync("--data", path);
        using var client = new GrpcClient(GrpcServerAddresses.FromReadyLine(server.ReadyLine).H2cTransport);

        await CorrectnessGate.CheckGrpcAsync(client, MeteoriteDataset.Load(path));
        Assert.Contains("(10 records, sha256 ", server.ReadyLine);
    }

    [Fact]
    public async Task Max_receive_message_bytes_sets_the_receive_limit()
    {
        using var server = await TestServers.StartGrpcAsync("--max-receive-message-bytes", "1000");
        using var client = new GrpcClient(HttpTransport.H2c(server.BaseAddress));
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

        var error = await Assert.ThrowsAsync<RpcException>(() => client.PostLargePayloadAsync(dataset.ProtoList));

        Assert.Equal(StatusCode.ResourceExhausted, error.StatusCode);
        Assert.Contains("maximum configured message size", error.Status.Detail);
        Assert.Equal(5u, (await client.PostLargePayloadAsync(dataset.FirstAsProto(5))).Received);
    }

    [Theory]
    [InlineData("--max-receive-message-bytes", "0", "--max-receive-message-bytes takes a positive number of bytes")]
    [InlineData("--response-compression", "br", "--response-compression takes gzip, deflate or identity, not 'br'.")]
    public async Task GrpcAPI_refuses_a_bad_option_value_and_exits_1(string option, string value, string message)
    {
        var (exitCode, output) = await TestServers.RunGrpcToExitAsync(option, value);

        Assert.Equal(1, exitCode);
        Assert.Contains(message, output);
    }

    [Fact]
    public async Task Response_compression_is_used_when_configured_and_the_client_accepts_it()
    {
        using var server = await TestServers.StartGrpcAsync("--response-compression", "gzip");
        using var http = HttpClientSettings.Create(HttpTransport.H2c(server.BaseAddress));
        using var client = new GrpcClient(HttpTransport.H2c(server.BaseAddress));

        var answer = await RawGrpc.SendAsync(
            http,
            "/meteorites.v1.MeteoriteLandingsService/GetLargePayloadAsList",
            RawGrpc.Frame([]),
            headers: ("grpc-accept-encoding", "gzip")
        );

        Assert.Equal("gzip", answer.Header("grpc-encoding"));
        Assert.True(answer.Messages[0].Length < 50_000, $"the list took {answer.Messages[0].Length} bytes compressed");
        await CorrectnessGate.CheckGrpcAsync(client, MeteoriteDataset.Load(RepositoryPaths.CommittedData));
    }
}
