using System.Net;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using Grpc.Core;
using Grpc.Net.Client;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;

// The 2 x 2 comparison that preceded the move to grpc-dotnet (README, "Which gRPC implementation is measured"):
// {the project's own client, Grpc.Net.Client} x {the own GrpcAPI, GrpcAPI on Grpc.AspNetCore}, 100 calls a batch.
// OWN_GRPC_URL and GRPC_DOTNET_URL name the two servers, started beforehand with the same data.
BenchmarkRunner.Run<ImplementationMatrix>(
    ManualConfig.Create(DefaultConfig.Instance)
        .AddJob(Job.Default.WithWarmupCount(5).WithIterationCount(15))
        .AddDiagnoser(MemoryDiagnoser.Default)
        .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory),
    args);

/// <summary>Each gRPC operation, 100 calls a batch, for each client against each server.</summary>
[BenchmarkCategory("matrix")]
public class ImplementationMatrix
{
    private const int Calls = 100;
    private GrpcClient _own = null!;
    private GrpcChannel _channel = null!;
    private MeteoriteLandingsService.MeteoriteLandingsServiceClient _dotnet = null!;
    private MeteoriteDataset _dataset = null!;

    [Params("own", "Grpc.AspNetCore")]
    public string Server { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        var url = new Uri(Environment.GetEnvironmentVariable(Server == "own" ? "OWN_GRPC_URL" : "GRPC_DOTNET_URL")!);
        _dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(null));
        _own = new GrpcClient(HttpTransport.H2c(url));
        _channel = GrpcChannel.ForAddress(url, new GrpcChannelOptions
        {
            HttpHandler = new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.None, InitialHttp2StreamWindowSize = HttpClientSettings.Http2StreamWindowBytes },
        });
        _dotnet = new MeteoriteLandingsService.MeteoriteLandingsServiceClient(_channel);
        // Both clients, both servers: the same answers before anything is timed.
        Check(OwnList().GetAwaiter().GetResult().MeteoriteLandings.Count == _dataset.Count && OwnStream().GetAwaiter().GetResult() == _dataset.Count);
        Check(DotnetList().GetAwaiter().GetResult().MeteoriteLandings.Count == _dataset.Count && DotnetStream().GetAwaiter().GetResult() == _dataset.Count);
        Check(OwnPost().GetAwaiter().GetResult().Received == _dataset.Count && DotnetPost().GetAwaiter().GetResult().Received == _dataset.Count);
        Check(OwnSmall().GetAwaiter().GetResult().ApiVersion == DotnetSmall().GetAwaiter().GetResult().ApiVersion);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _own.Dispose();
        _channel.Dispose();
    }

    [Benchmark] public Task<ModelLibrary.Protos.Version> OwnSmall() => Repeat(() => _own.GetSmallPayloadAsync());
    [Benchmark] public Task<ModelLibrary.Protos.Version> DotnetSmall() => Repeat(() => _dotnet.GetVersionAsync(new EmptyRequest(), Deadline()).ResponseAsync);
    [Benchmark] public Task<MeteoriteLandingList> OwnList() => Repeat(() => _own.GetLargePayloadAsListAsync());
    [Benchmark] public Task<MeteoriteLandingList> DotnetList() => Repeat(() => _dotnet.GetLargePayloadAsListAsync(new LargePayloadRequest(), Deadline()).ResponseAsync);
    [Benchmark] public Task<int> OwnStream() => Repeat(() => _own.ConsumeStreamAsync(null, _ => { }));
    [Benchmark] public Task<int> DotnetStream() => Repeat(DotnetStreamOnce);
    [Benchmark] public Task<StatusResponse> OwnPost() => Repeat(() => _own.PostLargePayloadAsync(_dataset.ProtoList));
    [Benchmark] public Task<StatusResponse> DotnetPost() => Repeat(() => _dotnet.PostLargePayloadAsync(_dataset.ProtoList, Deadline()).ResponseAsync);

    private async Task<int> DotnetStreamOnce()
    {
        using var call = _dotnet.GetLargePayload(new LargePayloadRequest(), Deadline());
        var count = 0;
        while (await call.ResponseStream.MoveNext(CancellationToken.None))
        {
            count++;
        }

        return count;
    }

    // The same per-call deadline the bench's clients carry (30 s).
    private static CallOptions Deadline() => new(deadline: DateTime.UtcNow.AddSeconds(30));

    private static async Task<T> Repeat<T>(Func<Task<T>> call)
    {
        var last = default(T)!;
        for (var i = 0; i < Calls; i++)
        {
            last = await call();
        }

        return last;
    }

    private static void Check(bool condition)
    {
        if (!condition)
        {
            throw new InvalidOperationException("a client or server answered wrongly; nothing is measured");
        }
    }
}
