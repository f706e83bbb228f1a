using BenchmarkDotNet.Attributes;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The codec floor: each payload serialized and deserialized in process, no network; what a call costs beyond it is
/// transport and framework.
/// </summary>
[Config(typeof(BenchConfig))]
[Suite(Suites.Codec)]
public class CodecBenchmarks
{
    private MeteoriteDataset _dataset = null!;
    private ApiVersion _jsonVersion = null!;
    private ModelLibrary.Protos.Version _protobufVersion = null!;
    private byte[] _jsonLarge = null!;
    private byte[] _protobufLarge = null!;

    [GlobalSetup]
    public void Setup()
    {
        _dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(null));
        _jsonVersion = new ApiVersion(ApiVersion.Current);
        _protobufVersion = new ModelLibrary.Protos.Version { ApiVersion = ApiVersion.Current };
        // The floor is only worth reporting if each codec gives the records back unchanged.
        Check(CanonicalHash.Of(JsonLargePayload()) == _dataset.Sha256, "JSON");
        Check(CanonicalHash.Of(ProtobufLargePayload().ToRest()) == _dataset.Sha256, "protobuf");
        Check(
            JsonSmallPayload().Version == ApiVersion.Current && ProtobufSmallPayload().ApiVersion == ApiVersion.Current,
            "small payload"
        );
        _jsonLarge = JsonSerializeLargePayload();
        _protobufLarge = ProtobufSerializeLargePayload();
        Check(CanonicalHash.Of(JsonParseLargePayload()) == _dataset.Sha256, "JSON parse");
        Check(CanonicalHash.Of(ProtobufParseLargePayload().ToRest()) == _dataset.Sha256, "protobuf parse");
    }

    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Small), Arm("json-codec")]
    public ApiVersion JsonSmallPayload() =>
        JsonSerializer.Deserialize(
            JsonSerializer.SerializeToUtf8Bytes(_jsonVersion, MeteoriteJsonContext.Default.ApiVersion),
            MeteoriteJsonContext.Default.ApiVersion
        )!;

    [Benchmark, BenchmarkCategory(OperationNames.Small), Arm("protobuf-codec")]
    public ModelLibrary.Protos.Version ProtobufSmallPayload() =>
        ModelLibrary.Protos.Version.Parser.ParseFrom(_protobufVersion.ToByteArray());

    /// <summary>The large GET and the large POST move the same 1000 records, so one floor serves both.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Large), Arm("json-codec")]
    public ModelLibrary.Rest.MeteoriteLanding[] JsonLargePayload() =>
        JsonSerializer.Deserialize(
            JsonSerializer.SerializeToUtf8Bytes(
                _dataset.Records,
                MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
            ),
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        )!;

    [Benchmark, BenchmarkCategory(OperationNames.Large), Arm("protobuf-codec")]
    public MeteoriteLandingList ProtobufLargePayload() =>
        MeteoriteLandingList.Parser.ParseFrom(_dataset.ProtoList.ToByteArray());

    /// <summary>What RestAPI's JSON formatter does per large GET, through the same source-generated context.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Serialize), Arm("json-serialize")]
    public byte[] JsonSerializeLargePayload() =>
        JsonSerializer.SerializeToUtf8Bytes(
            _dataset.Records,
            MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
        );

    [Benchmark, BenchmarkCategory(OperationNames.Serialize), Arm("protobuf-serialize")]
    public byte[] ProtobufSerializeLargePayload() => _dataset.ProtoList.ToByteArray();

    /// <summary>What the REST client does per large GET once the bytes are in.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory(OperationNames.Parse), Arm("json-parse")]
    public ModelLibrary.Rest.MeteoriteLanding[] JsonParseLargePayload() =>
        JsonSerializer.Deserialize(_jsonLarge, MeteoriteJsonContext.Default.MeteoriteLandingArray)!;

    [Benchmark, BenchmarkCategory(OperationNames.Parse), Arm("protobuf-parse")]
    public MeteoriteLandingList ProtobufParseLargePayload() => MeteoriteLandingList.Parser.ParseFrom(_protobufLarge);

    private static void Check(bool condition, string codec)
    {
        if (!condition)
        {
            throw new GateFailedException($"the {codec} codec round trip does not give the data set back unchanged.");
        }
    }
}
