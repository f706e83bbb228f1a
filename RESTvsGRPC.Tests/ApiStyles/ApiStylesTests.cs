using Grpc.Net.Client.Web;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Robustness;

namespace RESTvsGRPC.Tests.ApiStyles;

/// <summary>
/// The API styles of the styles suite against the real servers: minimal APIs on RestAPI, JSON transcoding and gRPC-Web
/// on GrpcAPI, each through the bench's own clients and gate (count, canonical hash, negotiated HTTP version).
/// </summary>
public sealed class ApiStylesTests(BadInputServers servers) : IClassFixture<BadInputServers>
{
    private static readonly MeteoriteDataset Dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    [Fact]
    public async Task Minimal_apis_pass_the_correctness_gate()
    {
        using var client = new RestClient(servers.RestAddresses.Http11Transport, routes: RestRoutes.MinimalApis);

        await CorrectnessGate.CheckRestAsync(client, Dataset);

        Assert.Equal(System.Net.HttpVersion.Version11, client.LastResponseVersion);
    }

    [Fact]
    public async Task Json_transcoding_passes_the_correctness_gate_over_http11_stream_included()
    {
        using var client = new RestClient(
            HttpTransport.Http11(servers.GrpcAddresses.Web!),
            routes: RestRoutes.Transcoded
        );

        await CorrectnessGate.CheckRestAsync(client, Dataset);

        Assert.Equal(System.Net.HttpVersion.Version11, client.LastResponseVersion);
    }

    [Theory]
    [InlineData("HTTP/1.1", GrpcWebMode.GrpcWeb)]
    [InlineData("h2c", GrpcWebMode.GrpcWeb)]
    [InlineData("HTTP/1.1", GrpcWebMode.GrpcWebText)]
    [InlineData("h2c", GrpcWebMode.GrpcWebText)]
    public async Task GrpcWeb_passes_the_correctness_gate(string transport, GrpcWebMode mode)
    {
        var over =
            transport == "h2c" ? servers.GrpcAddresses.H2cTransport : HttpTransport.Http11(servers.GrpcAddresses.Web!);
        using var client = new GrpcClient(over, web: mode);

        await CorrectnessGate.CheckGrpcAsync(client, Dataset);

        Assert.Equal(over.HttpVersion, client.LastResponseVersion);
    }

    [Fact]
    public async Task Minimal_apis_answer_byte_for_byte_as_the_controllers()
    {
        foreach (
            var (controller, minimal) in new[]
            {
                ("api/MeteoriteLandings", "minimal/MeteoriteLandings"),
                ("api/MeteoriteLandings/LargePayload", "minimal/MeteoriteLandings/LargePayload"),
                ("api/MeteoriteLandings/LargePayload?limit=7", "minimal/MeteoriteLandings/LargePayload?limit=7"),
            }
        )
        {
            Assert.Equal(
                await servers.Rest.GetByteArrayAsync(controller),
                await servers.Rest.GetByteArrayAsync(minimal)
            );
        }
    }

    [Fact]
    public async Task Transcoded_stream_is_one_json_object_per_line()
    {
        var body = await servers.Web.GetStringAsync("v1/meteorite-landings/stream?limit=4");

        var lines = body.Split('\n', StringSplitOptions.RemoveEmptyEntries);

        Assert.Equal(4, lines.Length);
        Assert.All(lines, line => Assert.Matches("^\\{.*\\}$", line));
    }
}
