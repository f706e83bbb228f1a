using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// Each operation <see cref="Calls"/> times in a row on a long-lived client: REST + JSON (baseline), REST + protobuf
/// and gRPC; only the calls are timed.
/// </summary>
[Config(typeof(ServerBenchConfig))]
[Suite(Suites.Transport)]
public class TransportBenchmarks : ServerBenchmarks
{
    private RestClient _rest = null!;
    private RestProtobufClient _restProtobuf = null!;
    private GrpcClient _grpc = null!;

    /// <summary>
    /// Calls per benchmark invocation: 100 and 200, as the reference benchmark.
    /// </summary>
    [ParamsSource(nameof(BatchSizes))]
    public int Calls { get; set; }

    /// <summary>BenchmarkDotNet reads the sizes from the benchmark class itself.</summary>
    public static IEnumerable<int> BatchSizes => Batch.Sizes;

    protected override async Task ConnectAsync(BenchSettings settings)
    {
        _rest = (await ConnectArmAsync("rest-json", settings)).Json!;
        _restProtobuf = (await ConnectArmAsync("rest-protobuf", settings)).Protobuf!;
        _grpc = (await ConnectArmAsync("grpc", settings)).Grpc!;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Small), Arm("rest-json")]
    public Task<Rest.ApiVersion> RestGetSmallPayload() => Batch.RepeatAsync(Calls, _rest.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("rest-protobuf")]
    public Task<Proto.Version> RestProtobufGetSmallPayload() =>
        Batch.RepeatAsync(Calls, _restProtobuf.GetSmallPayloadAsync);

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("grpc")]
    public Task<Proto.Version> GrpcGetSmallPayload() => Batch.RepeatAsync(Calls, _grpc.GetSmallPayloadAsync);

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("rest-json")]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-protobuf")]
    public Task<Proto.MeteoriteLandingList> RestProtobufGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restProtobuf.GetLargePayloadAsync());

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc")]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    /// <summary>One message per record, flushed by the server after each: the reference benchmark's stream.</summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-stream")]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadAsync());

    /// <summary>
    /// The same stream written with BufferHint: no flush per message, everything sent when the call ends.
    /// </summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-stream-buffered")]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamBufferedLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadBufferedAsync());

    /// <summary>The stream in messages of 100 records, each flushed.</summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-stream-chunked")]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamChunkedLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadChunkedAsync());

    /// <summary>REST's streaming counterpart: the JSON array from an IAsyncEnumerable, read record by record.</summary>
    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-json-stream")]
    public Task<List<Rest.MeteoriteLanding>> RestStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.StreamLargePayloadAsync());

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Post), Arm("rest-json")]
    public Task<Rest.PostStatus> RestPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.PostLargePayloadAsync(Dataset.Records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-protobuf")]
    public Task<Proto.StatusResponse> RestProtobufPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restProtobuf.PostLargePayloadAsync(Dataset.ProtoList));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc")]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(Dataset.ProtoList));
}
