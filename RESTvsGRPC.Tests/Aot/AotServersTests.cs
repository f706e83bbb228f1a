using System.Net;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Robustness;

namespace RESTvsGRPC.Tests.Aot;

/// <summary>RestAPI.Aot and GrpcAPI.Aot, published by the bench's own step, on free loopback ports.</summary>
public sealed class AotServerPair : BadInputServers
{
    public override bool Aot => true;

    protected override Task<ServerProcess>[] Start(IReadOnlyDictionary<string, string>? environment) =>
        AotBuild.Skips is not null
            ? []
            : [TestServers.StartRestAotAsync(environment), TestServers.StartGrpcAotAsync(environment)];
}

/// <summary>The AOT servers give the JIT servers' answers: the correctness gate on every arm they serve, the bad-input
/// catalogue, and 404s for what they leave out.</summary>
[Collection(AotCollection.Name)]
public sealed class AotServersTests(AotServerPair servers) : IClassFixture<AotServerPair>
{
    private static readonly TimeSpan AnswerTimeout = TimeSpan.FromSeconds(60);

    public static TheoryData<string> Requests { get; } =
    [.. BadInputCatalogue.Rows.Where(row => !row.JitOnly).Select(row => row.ToString())];

    [AotFact]
    public async Task Aot_servers_pass_the_correctness_gate_on_every_arm_they_serve()
    {
        var dataset = global::ModelLibrary.MeteoriteDataset.Load(RepositoryPaths.CommittedData);
        var served = ArmCatalogue
            .All.Values.Where(arm =>
                arm.Style is Arm.MinimalApi || (arm.Style is Arm.GrpcService && arm.Protocol is Arm.Grpc or Arm.GrpcWeb)
            )
            .ToList();
        var aot = new AotServerAddresses(servers.RestAddresses.Http11, servers.GrpcAddresses.H2c);

        foreach (var arm in served)
        {
            var endpoint = ServerEndpoints.Of(arm, servers.RestAddresses, servers.GrpcAddresses, aot)!;
            using var client = ArmClient.Create(arm, endpoint);
            await CorrectnessGate.CheckAsync(client, dataset);
        }

        Assert.Equal(
            [
                "grpc",
                "grpc-stream",
                "grpc-stream-buffered",
                "grpc-stream-chunked",
                "grpc-tls",
                "grpc-gzip",
                "rest-minimal",
                "grpc-web",
                "grpc-web-h2c",
                "grpc-web-text",
                "rest-minimal-aot",
                "grpc-aot",
            ],
            served.Select(arm => arm.Id)
        );
    }

    [AotTheory]
    [MemberData(nameof(Requests))]
    public async Task Bad_request_gets_the_jit_servers_answer_from_the_aot_build(string request)
    {
        var row = BadInputCatalogue.Rows.Single(row => row.ToString() == request);

        var observed = await row.Send(servers).WaitAsync(AnswerTimeout);

        Assert.Equal(row.Status, observed.Status);
        BadInputTests.AssertNothingInternal(observed.Text);
        Assert.True(
            await servers.ServesAsync(row.Server),
            $"{row.Server} (AOT) did not serve a good request after: {row.Request}"
        );
    }

    [AotFact]
    public async Task Aot_build_leaves_out_controllers_transcoding_and_reflection()
    {
        Assert.Equal(HttpStatusCode.NotFound, (await servers.Rest.GetAsync("api/MeteoriteLandings")).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await servers.Web.GetAsync("v1/meteorite-landings")).StatusCode);

        var reflection = await servers.GrpcAsync(
            RawGrpc.Request(
                "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                new ByteArrayContent(RawGrpc.Frame([]))
            )
        );

        Assert.Equal("grpc-status 12", reflection.Status);
    }
}
