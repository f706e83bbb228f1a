using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The codec floor's bodies give the data set back unchanged (checked here once, untimed).</summary>
public sealed class CodecBenchmarksTests
{
    [Fact]
    public void Codec_round_trips_return_the_data_set_unchanged()
    {
        var benchmarks = new CodecBenchmarks();
        benchmarks.Setup();
        var dataset = MeteoriteDataset.Load(MeteoriteDataset.DefaultPath);

        Assert.Equal(dataset.Sha256, CanonicalHash.Of(benchmarks.JsonLargePayload()));
        Assert.Equal(dataset.Sha256, CanonicalHash.Of(benchmarks.ProtobufLargePayload().ToRest()));
        Assert.Equal(global::ModelLibrary.Rest.ApiVersion.Current, benchmarks.JsonSmallPayload().Version);
        Assert.Equal(global::ModelLibrary.Rest.ApiVersion.Current, benchmarks.ProtobufSmallPayload().ApiVersion);
    }
}
