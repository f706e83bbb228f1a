using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Bench.Gate;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The codec floor: serialize and then deserialize, in process and with no network, exactly the payloads the
/// operations move. What a call costs beyond its floor is transport and framework.
/// </summary>
[Config(typeof(BenchConfig))]
public class CodecBenchmarks
{
    private MeteoriteDataset _dataset = null!;
    private ApiVersion _jsonVersion = null!;
    private ModelLibrary.Protos.Version _protobufVersion = null!;

    [GlobalSetup]
    public void Setup()
    {
        _dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(null));
        _jsonVersion = new ApiVersion(ApiVersion.Current);
        _protobufVersion = new ModelLibrary.Protos.Version { ApiVersion = ApiVersion.Current };
        // The floor is only worth reporting if each codec gives the records back unchanged.
        Check(CanonicalHash.Of(JsonLargePayload()) == _dataset.Sha256, "JSON");
        Check(CanonicalHash.Of(ProtobufLargePayload().ToRest()) == _dataset.Sha256, "protobuf");
        Check(JsonSmallPayload().Version == ApiVersion.Current && ProtobufSmallPayload().ApiVersion == ApiVersion.Current, "small payload");
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public ApiVersion JsonSmallPayload() =>
        JsonSerializer.Deserialize(JsonSerializer.SerializeToUtf8Bytes(_jsonVersion, MeteoriteJsonContext.Default.ApiVersion), MeteoriteJsonContext.Default.ApiVersion)!;

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public ModelLibrary.Protos.Version ProtobufSmallPayload() =>
        ModelLibrary.Protos.Version.Parser.ParseFrom(_protobufVersion.ToByteArray());

    /// <summary>The large GET and the large POST move the same 1000 records, so one floor serves both.</summary>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public ModelLibrary.Rest.MeteoriteLanding[] JsonLargePayload() =>
        JsonSerializer.Deserialize(
            JsonSerializer.SerializeToUtf8Bytes(_dataset.Records, MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding),
            MeteoriteJsonContext.Default.MeteoriteLandingArray)!;

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public MeteoriteLandingList ProtobufLargePayload() =>
        MeteoriteLandingList.Parser.ParseFrom(_dataset.ProtoList.ToByteArray());

    private static void Check(bool condition, string codec)
    {
        if (!condition)
        {
            throw new GateFailedException($"the {codec} codec round trip does not give the data set back unchanged.");
        }
    }
}
