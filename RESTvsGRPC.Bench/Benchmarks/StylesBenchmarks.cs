using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The API styles a .NET team weighs: controllers (baseline), minimal APIs, JSON transcoding, gRPC-Web (binary and
/// text) and gRPC, on the same records.
/// </summary>
[Config(typeof(ServerBenchConfig))]
[Suite(Suites.Styles)]
public class StylesBenchmarks : ServerBenchmarks
{
    private RestClient _controllers = null!;
    private RestClient _minimal = null!;
    private RestClient _transcoded = null!;
    private GrpcClient _grpcWeb = null!;
    private GrpcClient _grpcWebH2c = null!;
    private GrpcClient _grpcWebText = null!;
    private GrpcClient _grpc = null!;

    /// <summary>Calls per benchmark invocation, as the transport suite's.</summary>
    [ParamsSource(nameof(BatchSizes))]
    public int Calls { get; set; }

    /// <summary>BenchmarkDotNet reads the sizes from the benchmark class itself.</summary>
    public static IEnumerable<int> BatchSizes => Batch.Sizes;

    protected override async Task ConnectAsync(BenchSettings settings)
    {
        _controllers = (await ConnectArmAsync("rest-json", settings)).Json!;
        _minimal = (await ConnectArmAsync("rest-minimal", settings)).Json!;
        _transcoded = (await ConnectArmAsync("grpc-transcoding", settings)).Json!;
        _grpcWeb = (await ConnectArmAsync("grpc-web", settings)).Grpc!;
        _grpcWebH2c = (await ConnectArmAsync("grpc-web-h2c", settings)).Grpc!;
        _grpcWebText = (await ConnectArmAsync("grpc-web-text", settings)).Grpc!;
        _grpc = (await ConnectArmAsync("grpc", settings)).Grpc!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Small), Arm("rest-json")]
    public Task<Rest.ApiVersion> RestGetSmallPayload() => Batch.RepeatAsync(Calls, _controllers.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("rest-minimal")]
    public Task<Rest.ApiVersion> MinimalGetSmallPayload() => Batch.RepeatAsync(Calls, _minimal.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc-transcoding")]
    public Task<Rest.ApiVersion> TranscodedGetSmallPayload() =>
        Batch.RepeatAsync(Calls, _transcoded.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc-web")]
    public Task<Proto.Version> GrpcWebGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcWeb.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc-web-h2c")]
    public Task<Proto.Version> GrpcWebH2cGetSmallPayload() =>
        Batch.RepeatAsync(Calls, _grpcWebH2c.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc")]
    public Task<Proto.Version> GrpcGetSmallPayload() => Batch.RepeatAsync(Calls, _grpc.GetSmallPayloadAsync);

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("rest-json")]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _controllers.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-minimal")]
    public Task<Rest.MeteoriteLanding[]> MinimalGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _minimal.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-transcoding")]
    public Task<Rest.MeteoriteLanding[]> TranscodedGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _transcoded.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-web")]
    public Task<Proto.MeteoriteLandingList> GrpcWebGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpcWeb.GetLargePayloadAsListAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-web-h2c")]
    public Task<Proto.MeteoriteLandingList> GrpcWebH2cGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpcWebH2c.GetLargePayloadAsListAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc")]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    /// <summary>Transcoding's server stream: one JSON object per line, read record by record.</summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-transcoding-stream")]
    public Task<List<Rest.MeteoriteLanding>> TranscodedStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _transcoded.StreamLargePayloadAsync());

    /// <summary>The stream as browsers read it: gRPC-Web's base64 text over HTTP/1.1.</summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-web-text")]
    public Task<List<Proto.MeteoriteLanding>> GrpcWebTextStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcWebText.StreamLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-stream")]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadAsync());

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Post), Arm("rest-json")]
    public Task<Rest.PostStatus> RestPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _controllers.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-minimal")]
    public Task<Rest.PostStatus> MinimalPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _minimal.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc-transcoding")]
    public Task<Rest.PostStatus> TranscodedPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _transcoded.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc-web")]
    public Task<Proto.StatusResponse> GrpcWebPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcWeb.PostLargePayloadAsync(Dataset.ProtoList));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc-web-h2c")]
    public Task<Proto.StatusResponse> GrpcWebH2cPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpcWebH2c.PostLargePayloadAsync(Dataset.ProtoList));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc")]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(Dataset.ProtoList));
}
