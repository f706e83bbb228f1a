using System.Text.Json;
using Google.Protobuf;
using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Interop;

/// <summary>
/// Proof by independent implementations: grpc-js (Node) and grpcio (Python, C-core) clients call GrpcAPI and
/// report what they received; the project's own client calls servers of both and passes the bench's correctness gate.
/// </summary>
public sealed class GrpcInteropTests(GrpcServerFixture fixture) : IClassFixture<GrpcServerFixture>, IDisposable
{
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);
    private readonly InteropFiles _files = new();

    public void Dispose() => _files.Dispose();

    [NodePeerFact]
    public async Task GrpcJs_client_gets_every_record_and_the_documented_statuses_from_GrpcAPI()
    {
        RequirePeer(Peers.NodeMissing);

        var report = await RunClientAsync(
            "node",
            Path.Combine("node", "client.js"),
            _files.DescriptorSet,
            HostAndPort(fixture.Server.BaseAddress)
        );

        AssertReport(report);
    }

    [PythonPeerFact]
    public async Task Grpcio_client_gets_every_record_and_the_documented_statuses_from_GrpcAPI()
    {
        RequirePeer(Peers.PythonMissing);

        var report = await RunClientAsync(
            Peers.Python,
            Path.Combine("python", "client.py"),
            _files.DescriptorSet,
            HostAndPort(fixture.Server.BaseAddress)
        );

        AssertReport(report);
    }

    [NodePeerFact]
    public async Task Project_client_passes_the_gate_against_a_grpc_js_server()
    {
        RequirePeer(Peers.NodeMissing);
        using var server = await ServerProcess.StartProgramAsync(
            "node",
            [Path.Combine(Peers.InteropDirectory, "node", "server.js"), _files.DescriptorSet, _files.Records],
            StartTimeout
        );

        await AssertProjectClientAgainstAsync(server.BaseAddress);
    }

    [PythonPeerFact]
    public async Task Project_client_passes_the_gate_against_a_grpcio_server()
    {
        RequirePeer(Peers.PythonMissing);
        using var server = await ServerProcess.StartProgramAsync(
            Peers.Python,
            [Path.Combine(Peers.InteropDirectory, "python", "server.py"), _files.DescriptorSet, _files.Records],
            StartTimeout
        );

        await AssertProjectClientAgainstAsync(server.BaseAddress);
    }

    private static async Task AssertProjectClientAgainstAsync(Uri server)
    {
        using var client = new GrpcClient(HttpTransport.H2c(server));
        await CorrectnessGate.CheckGrpcAsync(client, InteropFiles.Dataset);
        await CorrectnessGate.CheckGrpcScalingAsync(client, InteropFiles.Dataset, 10);

        using var channel = GrpcChannel.ForAddress(server);
        var deadline = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            using var call = new MeteoriteLandingsService.MeteoriteLandingsServiceClient(channel).GetLargePayload(
                new(),
                deadline: DateTime.UtcNow.AddMilliseconds(1)
            );
            // A slow reader is the condition under test: a message per tick of a 10-ms timer, so the stream is
            // still in flight when its deadline passes.
            using var ticks = new PeriodicTimer(TimeSpan.FromMilliseconds(10));
            while (await call.ResponseStream.MoveNext(CancellationToken.None))
            {
                await ticks.WaitForNextTickAsync();
            }
        });
        Assert.Equal(StatusCode.DeadlineExceeded, deadline.StatusCode);
        var unknown = await Assert.ThrowsAsync<RpcException>(() =>
            new Health.HealthClient(channel).CheckAsync(new()).ResponseAsync
        );
        Assert.Equal(StatusCode.Unimplemented, unknown.StatusCode);
        Assert.Equal("API Version 1.0", (await client.GetSmallPayloadAsync()).ApiVersion);
    }

    private static void AssertReport(JsonElement report)
    {
        var dataset = InteropFiles.Dataset;
        Assert.Equal("API Version 1.0", report.GetProperty("version").GetString());
        foreach (var records in new[] { report.GetProperty("list"), report.GetProperty("stream") })
        {
            Assert.Equal(dataset.Count, records.GetProperty("count").GetInt32());
            Assert.Equal(dataset.Records[0].Id, records.GetProperty("firstId").GetUInt32());
            Assert.Equal(dataset.Records[^1].Id, records.GetProperty("lastId").GetUInt32());
            Assert.Equal(InteropFiles.RecordsSha256, records.GetProperty("sha256").GetString());
        }

        var firstTen = Convert.ToHexStringLower(
            System.Security.Cryptography.SHA256.HashData(dataset.FirstAsProto(10).ToByteArray())
        );
        foreach (
            var records in new[]
            {
                report.GetProperty("limited").GetProperty("list"),
                report.GetProperty("limited").GetProperty("stream"),
            }
        )
        {
            Assert.Equal(10, records.GetProperty("count").GetInt32());
            Assert.Equal(dataset.Records[9].Id, records.GetProperty("lastId").GetUInt32());
            Assert.Equal(firstTen, records.GetProperty("sha256").GetString());
        }

        Assert.Equal("SUCCESS", report.GetProperty("post").GetProperty("status").GetString());
        Assert.Equal(dataset.Count, report.GetProperty("post").GetProperty("received").GetInt32());
        Assert.Equal(0, report.GetProperty("emptyPost").GetProperty("received").GetInt32());
        Assert.Equal("SERVING", report.GetProperty("health").GetString());
        Assert.Equal(
            [
                "meteorites.v1.MeteoriteLandingsService",
                "grpc.health.v1.Health",
                "grpc.reflection.v1alpha.ServerReflection",
                "grpc.reflection.v1.ServerReflection",
            ],
            report.GetProperty("services").EnumerateArray().Select(s => s.GetString())
        );
        var errors = report.GetProperty("errors");
        Assert.Equal((int)StatusCode.Unimplemented, errors.GetProperty("unknownMethod").GetInt32());
        var streamDeadline = errors.GetProperty("streamDeadline1ms").GetInt32();
        Assert.True(
            streamDeadline == (int)StatusCode.DeadlineExceeded,
            $"a 1 ms deadline on the stream ended with status {streamDeadline}, not DEADLINE_EXCEEDED; "
                + "what the peer said: "
                + (report.TryGetProperty("errorDetails", out var details) ? details.ToString() : "nothing")
        );
        Assert.Equal((int)StatusCode.ResourceExhausted, errors.GetProperty("oversize").GetInt32());
        Assert.Equal((int)StatusCode.InvalidArgument, errors.GetProperty("limitOutOfRange").GetInt32());
        // grpc-dotnet answers a message that does not parse with UNKNOWN (docs/robustness.md's catalogue).
        Assert.Equal((int)StatusCode.Unknown, errors.GetProperty("garbage").GetInt32());
        Assert.Equal((int)StatusCode.NotFound, errors.GetProperty("unknownHealthService").GetInt32());
        Assert.Equal("API Version 1.0", report.GetProperty("after").GetString());
    }

    private static async Task<JsonElement> RunClientAsync(string program, params string[] arguments)
    {
        var (exitCode, output, error) = await PeerRun.RunAsync(program, Peers.InteropDirectory, arguments);
        Assert.True(
            exitCode == 0,
            $"{program} {string.Join(' ', arguments)} exited with {exitCode}:\n{error}\n{output}"
        );
        return JsonDocument.Parse(output).RootElement.Clone();
    }

    private static string HostAndPort(Uri address) => $"{address.Host}:{address.Port}";

    /// <summary>Under CI=true a missing peer reaches here and fails with the reason instead of skipping.</summary>
    private static void RequirePeer(string? missing) =>
        Assert.True(missing is null, $"interop peer missing: {missing}");
}
