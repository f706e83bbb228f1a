using BenchmarkDotNet.Attributes;
using Grpc.Net.Client.Web;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The API styles a .NET team weighs, on the same records and batches: REST + JSON from MVC controllers (the
/// baseline) and from minimal APIs on the same RestAPI; GrpcAPI's one service as gRPC JSON transcoding (REST + JSON
/// routes, read by the same System.Text.Json context as the controllers' answers), as gRPC-Web (binary over HTTP/1.1
/// and over h2c, base64 text for the stream, as browsers need it) and as gRPC over h2c. Every HTTP/1.1 arm goes to its
/// server's HTTP/1.1 endpoint, every HTTP/2 arm to its h2c endpoint. Every client was validated in <see cref="Setup"/>.
/// </summary>
[Config(typeof(BenchConfig))]
public class StylesBenchmarks
{
    private RestClient _controllers = null!;
    private RestClient _minimal = null!;
    private RestClient _transcoded = null!;
    private GrpcClient _grpcWeb = null!;
    private GrpcClient _grpcWebH2c = null!;
    private GrpcClient _grpcWebText = null!;
    private GrpcClient _grpc = null!;
    private MeteoriteDataset _dataset = null!;

    /// <summary>Calls per benchmark invocation, as the transport suite's.</summary>
    [ParamsSource(nameof(BatchSizes))]
    public int Calls { get; set; }

    /// <summary>BenchmarkDotNet reads the sizes from the benchmark class itself.</summary>
    public static IEnumerable<int> BatchSizes => Batch.Sizes;

    [GlobalSetup]
    public void Setup()
    {
        var settings = BenchSettings.FromEnvironment();
        _dataset = MeteoriteDataset.Load(settings.DataPath);
        var rest = settings.RequireRest.Http11Transport;
        var grpc = settings.RequireGrpc;
        var web = HttpTransport.Http11(grpc.RequireWeb);
        _controllers = new RestClient(rest);
        _minimal = new RestClient(rest, routes: RestRoutes.MinimalApis);
        _transcoded = new RestClient(web, routes: RestRoutes.Transcoded);
        _grpcWeb = new GrpcClient(web, web: GrpcWebMode.GrpcWeb);
        _grpcWebH2c = new GrpcClient(grpc.H2cTransport, web: GrpcWebMode.GrpcWeb);
        _grpcWebText = new GrpcClient(web, web: GrpcWebMode.GrpcWebText);
        _grpc = new GrpcClient(grpc.H2cTransport);
        // Every benchmark process checks again: a server may have changed since the orchestrator's gate.
        foreach (var client in new[] { _controllers, _minimal, _transcoded })
        {
            CorrectnessGate.CheckRestAsync(client, _dataset).GetAwaiter().GetResult();
        }

        foreach (var client in new[] { _grpcWeb, _grpcWebH2c, _grpcWebText, _grpc })
        {
            CorrectnessGate.CheckGrpcAsync(client, _dataset).GetAwaiter().GetResult();
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (var client in new IDisposable[] { _controllers, _minimal, _transcoded, _grpcWeb, _grpcWebH2c, _grpcWebText, _grpc })
        {
            client.Dispose();
        }
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> RestGetSmallPayload() => Batch.RepeatAsync(Calls, _controllers.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> MinimalGetSmallPayload() => Batch.RepeatAsync(Calls, _minimal.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> TranscodedGetSmallPayload() => Batch.RepeatAsync(Calls, _transcoded.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcWebGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcWeb.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcWebH2cGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcWebH2c.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcGetSmallPayload() => Batch.RepeatAsync(Calls, _grpc.GetSmallPayloadAsync);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() => Batch.RepeatAsync(Calls, () => _controllers.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> MinimalGetLargePayload() => Batch.RepeatAsync(Calls, () => _minimal.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> TranscodedGetLargePayload() => Batch.RepeatAsync(Calls, () => _transcoded.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcWebGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpcWeb.GetLargePayloadAsListAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcWebH2cGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpcWebH2c.GetLargePayloadAsListAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    /// <summary>Transcoding's server stream: one JSON object per line, read record by record.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Rest.MeteoriteLanding>> TranscodedStreamLargePayload() => Batch.RepeatAsync(Calls, () => _transcoded.StreamLargePayloadAsync());

    /// <summary>The stream as browsers read it: gRPC-Web's base64 text over HTTP/1.1.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Proto.MeteoriteLanding>> GrpcWebTextStreamLargePayload() => Batch.RepeatAsync(Calls, () => _grpcWebText.StreamLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadAsync());

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestPostLargePayload() => Batch.RepeatAsync(Calls, () => _controllers.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> MinimalPostLargePayload() => Batch.RepeatAsync(Calls, () => _minimal.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> TranscodedPostLargePayload() => Batch.RepeatAsync(Calls, () => _transcoded.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcWebPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpcWeb.PostLargePayloadAsync(_dataset.ProtoList));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcWebH2cPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpcWebH2c.PostLargePayloadAsync(_dataset.ProtoList));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(_dataset.ProtoList));
}
