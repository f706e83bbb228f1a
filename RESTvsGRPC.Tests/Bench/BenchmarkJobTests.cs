using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Benchmarks;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The jobs BenchmarkDotNet builds from the bench's configurations: what differs between the server benchmarks and the codec floor.</summary>
public sealed class BenchmarkJobTests
{
    [Theory]
    [InlineData(typeof(TransportBenchmarks))]
    [InlineData(typeof(StylesBenchmarks))]
    [InlineData(typeof(HttpVersionBenchmarks))]
    [InlineData(typeof(ScalingBenchmarks))]
    [InlineData(typeof(CompressionBenchmarks))]
    public void Server_benchmarks_run_without_forced_collections_as_the_trials_do(Type benchmarks)
    {
        var cases = BenchmarkConverter.TypeToBenchmarks(benchmarks).BenchmarksCases;

        Assert.NotEmpty(cases);
        Assert.All(cases, c => Assert.False(ForcesCollections(c)));
    }

    [Fact]
    public void The_codec_floor_keeps_BenchmarkDotNets_forced_collections()
    {
        var cases = BenchmarkConverter.TypeToBenchmarks(typeof(CodecBenchmarks)).BenchmarksCases;

        Assert.NotEmpty(cases);
        Assert.All(cases, c => Assert.True(ForcesCollections(c)));
    }

    [Fact]
    public void Forced_collections_are_an_option_of_the_run()
    {
        Assert.True(BenchOptions.Parse(["--forced-collections", "--filter", "*Large*"]).ForcedCollections);
        Assert.False(BenchOptions.Parse(["--filter", "*Large*"]).ForcedCollections);
    }

    private static bool ForcesCollections(BenchmarkCase benchmark) => benchmark.Job.ResolveValue(GcMode.ForceCharacteristic, EnvironmentResolver.Instance);
}
