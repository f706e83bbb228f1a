using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// Each operation called <see cref="Calls"/> times in a row over a long-lived client, the reference benchmark's
/// batches, with REST + JSON over HTTP/1.1 as the baseline of each operation, REST + protobuf over the same stack,
/// and gRPC over h2c. The timed region holds only the calls; every client was validated in <see cref="Setup"/>.
/// </summary>
[Config(typeof(BenchConfig))]
public class TransportBenchmarks
{
    private RestClient _rest = null!;
    private RestProtobufClient _restProtobuf = null!;
    private GrpcClient _grpc = null!;
    private MeteoriteDataset _dataset = null!;

    /// <summary>Calls per benchmark invocation: 100 and 200, as the reference benchmark (the quick profile: 100).</summary>
    [ParamsSource(nameof(BatchSizes))]
    public int Calls { get; set; }

    /// <summary>BenchmarkDotNet reads the sizes from the benchmark class itself.</summary>
    public static IEnumerable<int> BatchSizes => Batch.Sizes;

    [GlobalSetup]
    public void Setup()
    {
        var settings = BenchSettings.FromEnvironment();
        _dataset = MeteoriteDataset.Load(settings.DataPath);
        _rest = new RestClient(settings.RequireRest.Http11Transport);
        _restProtobuf = new RestProtobufClient(settings.RequireRest.Http11Transport);
        _grpc = new GrpcClient(settings.RequireGrpc.H2cTransport);
        // Every benchmark process checks again: a server may have changed since the orchestrator's gate.
        CorrectnessGate.CheckRestAsync(_rest, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckRestProtobufAsync(_restProtobuf, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckGrpcAsync(_grpc, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckGrpcStreamingVariantsAsync(_grpc, _dataset).GetAwaiter().GetResult();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _rest.Dispose();
        _restProtobuf.Dispose();
        _grpc.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> RestGetSmallPayload() => Batch.RepeatAsync(Calls, _rest.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> RestProtobufGetSmallPayload() => Batch.RepeatAsync(Calls, _restProtobuf.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcGetSmallPayload() => Batch.RepeatAsync(Calls, _grpc.GetSmallPayloadAsync);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() => Batch.RepeatAsync(Calls, () => _rest.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> RestProtobufGetLargePayload() => Batch.RepeatAsync(Calls, () => _restProtobuf.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync());

    /// <summary>One message per record, flushed by the server after each: the reference benchmark's stream.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadAsync());

    /// <summary>The same stream written with BufferHint: no flush per message, everything sent when the call ends.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamBufferedLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadBufferedAsync());

    /// <summary>The stream in messages of 100 records, each flushed.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamChunkedLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadChunkedAsync());

    /// <summary>REST's streaming counterpart: the JSON array from an IAsyncEnumerable, read record by record.</summary>
    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<List<Rest.MeteoriteLanding>> RestStreamLargePayload() => Batch.RepeatAsync(Calls, () => _rest.StreamLargePayloadAsync());

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestPostLargePayload() => Batch.RepeatAsync(Calls, () => _rest.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> RestProtobufPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restProtobuf.PostLargePayloadAsync(_dataset.ProtoList));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(_dataset.ProtoList));
}
