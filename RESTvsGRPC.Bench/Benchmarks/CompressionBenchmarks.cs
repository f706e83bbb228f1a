using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// What gzip costs in time on the large GET and POST, REST + JSON over HTTP/1.1 and gRPC over h2c at one compression
/// level; baseline uncompressed REST + JSON.
/// </summary>
[Config(typeof(ServerBenchConfig))]
[Suite(Suites.Compression)]
public class CompressionBenchmarks : ServerBenchmarks
{
    private RestClient _rest = null!;
    private RestClient _restGzip = null!;
    private GrpcClient _grpc = null!;
    private GrpcClient _grpcGzip = null!;

    /// <summary>Calls per benchmark invocation.</summary>
    [Params(100)]
    public int Calls { get; set; }

    protected override async Task ConnectAsync(BenchSettings settings)
    {
        _rest = (await ConnectArmAsync("rest-json", settings)).Json!;
        _restGzip = (await ConnectArmAsync("rest-json-gzip", settings)).Json!;
        _grpc = (await ConnectArmAsync("grpc", settings)).Grpc!;
        _grpcGzip = (await ConnectArmAsync("grpc-gzip", settings)).Grpc!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("rest-json")]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-json-gzip")]
    public Task<Rest.MeteoriteLanding[]> RestGzipGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restGzip.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc")]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-gzip")]
    public Task<Proto.MeteoriteLandingList> GrpcGzipGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpcGzip.GetLargePayloadAsListAsync());

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Post), Arm("rest-json")]
    public Task<Rest.PostStatus> RestPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-json-gzip")]
    public Task<Rest.PostStatus> RestGzipPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restGzip.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc")]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(Dataset.ProtoList));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc-gzip")]
    public Task<Proto.StatusResponse> GrpcGzipPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcGzip.PostLargePayloadAsync(Dataset.ProtoList));
}
