using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// REST + JSON over HTTP/1.1 (baseline), h2c and TLS, and gRPC over h2c and TLS: what the HTTP version and TLS cost
/// each protocol.
/// </summary>
[Config(typeof(ServerBenchConfig))]
[Suite(Suites.HttpVersions)]
public class HttpVersionBenchmarks : ServerBenchmarks
{
    private RestClient _http11 = null!;
    private RestClient _h2c = null!;
    private RestClient _tls = null!;
    private GrpcClient _grpcH2c = null!;
    private GrpcClient _grpcTls = null!;

    /// <summary>Calls per benchmark invocation.</summary>
    [Params(100)]
    public int Calls { get; set; }

    protected override async Task ConnectAsync(BenchSettings settings)
    {
        _http11 = (await ConnectArmAsync("rest-json", settings)).Json!;
        _h2c = (await ConnectArmAsync("rest-json-h2c", settings)).Json!;
        _tls = (await ConnectArmAsync("rest-json-tls", settings)).Json!;
        _grpcH2c = (await ConnectArmAsync("grpc", settings)).Grpc!;
        _grpcTls = (await ConnectArmAsync("grpc-tls", settings)).Grpc!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Small), Arm("rest-json")]
    public Task<Rest.ApiVersion> RestHttp11GetSmallPayload() => Batch.RepeatAsync(Calls, _http11.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("rest-json-h2c")]
    public Task<Rest.ApiVersion> RestH2cGetSmallPayload() => Batch.RepeatAsync(Calls, _h2c.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("rest-json-tls")]
    public Task<Rest.ApiVersion> RestTlsGetSmallPayload() => Batch.RepeatAsync(Calls, _tls.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc")]
    public Task<Proto.Version> GrpcH2cGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcH2c.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc-tls")]
    public Task<Proto.Version> GrpcTlsGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcTls.GetSmallPayloadAsync);

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("rest-json")]
    public Task<Rest.MeteoriteLanding[]> RestHttp11GetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _http11.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-json-h2c")]
    public Task<Rest.MeteoriteLanding[]> RestH2cGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _h2c.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-json-tls")]
    public Task<Rest.MeteoriteLanding[]> RestTlsGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _tls.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc")]
    public Task<Proto.MeteoriteLandingList> GrpcH2cGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpcH2c.GetLargePayloadAsListAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-tls")]
    public Task<Proto.MeteoriteLandingList> GrpcTlsGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpcTls.GetLargePayloadAsListAsync());

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Post), Arm("rest-json")]
    public Task<Rest.PostStatus> RestHttp11PostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _http11.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-json-h2c")]
    public Task<Rest.PostStatus> RestH2cPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _h2c.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-json-tls")]
    public Task<Rest.PostStatus> RestTlsPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _tls.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc")]
    public Task<Proto.StatusResponse> GrpcH2cPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcH2c.PostLargePayloadAsync(Dataset.ProtoList));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc-tls")]
    public Task<Proto.StatusResponse> GrpcTlsPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcTls.PostLargePayloadAsync(Dataset.ProtoList));
}
