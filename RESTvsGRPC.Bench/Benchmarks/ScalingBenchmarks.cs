using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The large GET and POST at 1 to <see cref="ServerSet.ScalingRecords"/> records from the scaling servers; the summary
/// fits t(n) = a + b·n to each arm.
/// </summary>
[Config(typeof(ServerBenchConfig))]
[Suite(Suites.Scaling)]
public class ScalingBenchmarks : ServerBenchmarks
{
    private RestClient _rest = null!;
    private RestProtobufClient _restProtobuf = null!;
    private GrpcClient _grpc = null!;
    private IReadOnlyList<Rest.MeteoriteLanding> _records = null!;
    private Proto.MeteoriteLandingList _protoRecords = null!;

    /// <summary>
    /// The record counts measured: every decade, and between them where protobuf's lead passes 1.2× and 2× (the
    /// summary reads the count between the two measured around it).
    /// </summary>
    public static IReadOnlyList<int> RecordCounts { get; } =
    [1, 10, 20, 50, 100, 200, 500, 1000, ServerSet.ScalingRecords];

    /// <summary>Records per call.</summary>
    [ParamsSource(nameof(RecordCounts))]
    public int Records { get; set; }

    /// <summary>
    /// Calls per benchmark invocation: fewer than elsewhere, as a call moves up to ten times more data.
    /// </summary>
    [Params(10)]
    public int Calls { get; set; }

    protected override async Task ConnectAsync(BenchSettings settings)
    {
        var transport = HttpTransport.Http11(
            settings.RestScalingUrl
                ?? throw new InvalidOperationException(
                    "the scaling benchmarks need a RestAPI serving the generator's first 10 000 records: "
                        + "leave the servers to the bench, or pass --rest-scaling-url."
                )
        );
        var grpcTransport = HttpTransport.H2c(
            settings.GrpcScalingUrl
                ?? throw new InvalidOperationException(
                    "the scaling benchmarks need a GrpcAPI serving the generator's first 10 000 records: "
                        + "leave the servers to the bench, or pass --grpc-scaling-url."
                )
        );
        var generated = MeteoriteDataset.FromRecords(
            "generated",
            MeteoriteGenerator.Generate(ServerSet.ScalingRecords)
        );
        _records = generated.First(Records);
        _protoRecords = generated.FirstAsProto(Records);
        _rest = Keep(ArmClient.Create(ArmCatalogue.All["rest-json"], transport)).Json!;
        _restProtobuf = Keep(ArmClient.Create(ArmCatalogue.All["rest-protobuf"], transport)).Protobuf!;
        _grpc = Keep(ArmClient.Create(ArmCatalogue.All["grpc"], grpcTransport)).Grpc!;
        await CorrectnessGate.CheckRestScalingAsync(_rest, _restProtobuf, generated, Records);
        await CorrectnessGate.CheckGrpcScalingAsync(_grpc, generated, Records);
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("rest-json")]
    public Task<Rest.MeteoriteLanding[]> RestGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.GetLargePayloadAsync(Records));

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("rest-protobuf")]
    public Task<Proto.MeteoriteLandingList> RestProtobufGetLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restProtobuf.GetLargePayloadAsync(Records));

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc")]
    public Task<Proto.MeteoriteLandingList> GrpcGetLargePayloadAsList() =>
        Batch.RepeatAsync(Calls, () => _grpc.GetLargePayloadAsListAsync((uint)Records));

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("grpc-stream")]
    public Task<List<Proto.MeteoriteLanding>> GrpcStreamLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.StreamLargePayloadAsync((uint)Records));

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Post), Arm("rest-json")]
    public Task<Rest.PostStatus> RestPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _rest.PostLargePayloadAsync(_records));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("rest-protobuf")]
    public Task<Proto.StatusResponse> RestProtobufPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _restProtobuf.PostLargePayloadAsync(_protoRecords));

    [Benchmark, BenchmarkCategory(OperationNames.Post), Arm("grpc")]
    public Task<Proto.StatusResponse> GrpcPostLargePayload() =>
        Batch.RepeatAsync(Calls, () => _grpc.PostLargePayloadAsync(_protoRecords));
}
