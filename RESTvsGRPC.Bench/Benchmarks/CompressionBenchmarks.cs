using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// What gzip costs in time, beside what it saves on the wire (the summary's bytes): the large GET and POST with
/// and without gzip, REST + JSON over HTTP/1.1 (Accept-Encoding and Content-Encoding) and gRPC over h2c
/// (<c>grpc-encoding</c>), all at the same compression level. Each operation's baseline is uncompressed REST + JSON.
/// </summary>
[Config(typeof(BenchConfig))]
public class CompressionBenchmarks
{
    private RestClient _rest = null!;
    private RestClient _restGzip = null!;
    private GrpcClient _grpc = null!;
    private GrpcClient _grpcGzip = null!;
    private MeteoriteDataset _dataset = null!;

    /// <summary>Calls per benchmark invocation.</summary>
    [Params(100)]
    public int Calls { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var settings = BenchSettings.FromEnvironment();
        _dataset = MeteoriteDataset.Load(settings.DataPath);
        _rest = new RestClient(settings.RequireRest.Http11Transport);
        _restGzip = new RestClient(settings.RequireRest.Http11Transport with { Gzip = true });
        _grpc = new GrpcClient(settings.RequireGrpc.H2cTransport);
        _grpcGzip = new GrpcClient(settings.RequireGrpc.H2cTransport, "gzip");
        CorrectnessGate.CheckRestAsync(_rest, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckRestAsync(_restGzip, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckGrpcAsync(_grpc, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckGrpcAsync(_grpcGzip, _dataset).GetAwaiter().GetResult();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _rest.Dispose();
        _restGzip.Dispose();
        _grpc.Dispose();
        _grpcGzip.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() => Batch.RepeatAsync(Calls, () => _rest.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestGzipGetLargePayload() => Batch.RepeatAsync(Calls, () => _restGzip.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcGzipGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpcGzip.GetLargePayloadAsListAsync());

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestPostLargePayload() => Batch.RepeatAsync(Calls, () => _rest.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestGzipPostLargePayload() => Batch.RepeatAsync(Calls, () => _restGzip.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(_dataset.ProtoList));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcGzipPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpcGzip.PostLargePayloadAsync(_dataset.ProtoList));
}
