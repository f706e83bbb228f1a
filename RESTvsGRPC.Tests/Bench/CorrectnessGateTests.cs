using System.Net;
using System.Net.Sockets;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

public sealed class CorrectnessGateTests : IDisposable
{
    private static readonly MeteoriteDataset Expected = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task RestClient_operations_return_validated_content_from_a_real_server()
    {
        using var server = await TestServers.StartRestAsync();
        using var client = new RestClient(HttpTransport.Http11(server.BaseAddress));

        await CorrectnessGate.CheckRestAsync(client, Expected);

        var records = await client.GetLargePayloadAsync();
        Assert.Equal(Expected.Sha256, CanonicalHash.Of(records));
        Assert.Equal((uint)Expected.Count, (await client.PostLargePayloadAsync(Expected.Records)).Received);
        Assert.Equal(HttpVersion.Version11, client.LastResponseVersion);
    }

    [Fact]
    public async Task RestProtobufClient_operations_return_validated_content_from_a_real_server()
    {
        using var server = await TestServers.StartRestAsync();
        using var client = new RestProtobufClient(HttpTransport.Http11(server.BaseAddress));

        await CorrectnessGate.CheckRestProtobufAsync(client, Expected);

        Assert.Equal(Expected.Sha256, CanonicalHash.Of((await client.GetLargePayloadAsync()).ToRest()));
        Assert.Equal((uint)Expected.Count, (await client.PostLargePayloadAsync(Expected.ProtoList)).Received);
    }

    [Fact]
    public async Task Protobuf_gate_fails_when_the_server_serves_another_record_count()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartRestAsync("--data", path);
        using var client = new RestProtobufClient(HttpTransport.Http11(server.BaseAddress));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestProtobufAsync(client, Expected)
        );

        Assert.StartsWith("REST protobuf GetLargePayload returned 10 records", error.Message);
    }

    [Fact]
    public async Task Gate_fails_when_the_server_serves_another_record_count()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartRestAsync("--data", path);
        using var client = new RestClient(HttpTransport.Http11(server.BaseAddress));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestAsync(client, Expected)
        );

        Assert.Equal(
            $"REST GetLargePayload returned 10 records; the data set '{Expected.SourcePath}' has 1000. Are the servers "
                + $"serving another data file?",
            error.Message
        );
    }

    [Fact]
    public async Task Gate_fails_when_the_server_serves_other_records_of_the_same_count()
    {
        var path = _directory.File("other.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(Expected.Count, seed: 5));
        using var server = await TestServers.StartRestAsync("--data", path);
        using var client = new RestClient(HttpTransport.Http11(server.BaseAddress));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestAsync(client, Expected)
        );

        Assert.StartsWith("REST GetLargePayload returned records whose canonical hash", error.Message);
    }

    [Fact]
    public async Task Gate_fails_when_the_server_is_down()
    {
        using var client = new RestClient(HttpTransport.Http11(new Uri($"http://127.0.0.1:{ClosedPort()}/")));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestAsync(client, Expected)
        );

        Assert.StartsWith("REST GetSmallPayload failed:", error.Message);
    }

    [Fact]
    public async Task Gate_passes_over_h2c_and_over_tls_with_the_pinned_certificate()
    {
        using var server = await TestServers.StartRestAsync();
        var rest = RestServerAddresses.FromReadyLine(server.ReadyLine);
        foreach (var arm in new[] { ArmCatalogue.All["rest-json-h2c"], ArmCatalogue.All["rest-json-tls"] })
        {
            using var client = ArmClient.Create(arm, ServerEndpoints.Of(arm, rest, grpc: null)!);

            await CorrectnessGate.CheckAsync(client, Expected);

            Assert.Equal(HttpVersion.Version20, client.LastResponseVersion);
        }
    }

    [Fact]
    public async Task Gate_fails_over_tls_when_the_certificate_is_not_the_pinned_one()
    {
        using var server = await TestServers.StartRestAsync();
        var addresses = RestServerAddresses.FromReadyLine(server.ReadyLine);
        using var client = new RestClient(HttpTransport.Tls(addresses.Tls!, new string('0', 64)));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestAsync(client, Expected)
        );

        Assert.StartsWith("REST GetSmallPayload failed:", error.Message);
    }

    [Fact]
    public async Task Gate_fails_when_http2_is_asked_of_the_http11_endpoint()
    {
        using var server = await TestServers.StartRestAsync();
        using var client = new RestClient(HttpTransport.H2c(server.BaseAddress));

        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestAsync(client, Expected)
        );

        Assert.StartsWith("REST GetSmallPayload failed:", error.Message);
    }

    [Fact]
    public async Task Scaling_gate_checks_the_first_records_at_every_count()
    {
        var records = MeteoriteGenerator.Generate(100);
        var path = _directory.File("hundred.json");
        NasaExportWriter.WriteFile(path, records);
        using var server = await TestServers.StartRestAsync("--data", path);
        using var json = new RestClient(HttpTransport.Http11(server.BaseAddress));
        using var protobuf = new RestProtobufClient(HttpTransport.Http11(server.BaseAddress));
        var dataset = MeteoriteDataset.FromRecords("generated", records);

        foreach (var count in new[] { 1, 10, 100 })
        {
            await CorrectnessGate.CheckRestScalingAsync(json, protobuf, dataset, count);
        }

        var other = MeteoriteDataset.FromRecords("other seed", MeteoriteGenerator.Generate(100, seed: 8));
        var error = await Assert.ThrowsAsync<GateFailedException>(() =>
            CorrectnessGate.CheckRestScalingAsync(json, protobuf, other, 10)
        );
        Assert.StartsWith("REST GetLargePayload?limit=10 returned records whose canonical hash", error.Message);
    }

    /// <summary>A loopback port nothing listens on: bound once to learn a free number, then released.</summary>
    internal static int ClosedPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
