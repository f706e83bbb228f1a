using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Settings;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The jobs BenchmarkDotNet builds from the bench's configurations: what differs between the server benchmarks
/// and the codec floor.</summary>
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
    public void Benchmark_processes_settle_the_jit_unless_the_dry_job_times_nothing()
    {
        Assert.True(BenchOptions.Parse(["--filter", "*Small*"]).SettlesBenchmarks);
        Assert.False(BenchOptions.Parse(["--job", "dry"]).SettlesBenchmarks);
        var settings = new BenchSettings(null, null, null, null, "data.json");
        Assert.Contains(
            KeyValuePair.Create(BenchSettings.SettleVariable, "1"),
            (settings with { SettlesBenchmarks = true }).Variables()
        );
        Assert.DoesNotContain(settings.Variables(), v => v.Key == BenchSettings.SettleVariable);
    }

    [Fact]
    public void A_benchmark_process_settles_the_jit_on_the_case_its_command_line_names_and_on_no_other()
    {
        var benchmarks = new CountingBenchmarks();

        benchmarks.SettleOnCase([
            "RESTvsGRPC.Bench-Job-1.dll",
            ServerBenchmarks.BenchmarkNameArgument,
            $"{typeof(CountingBenchmarks).FullName}.{nameof(CountingBenchmarks.Counted)}(Calls: 1)",
        ]);

        Assert.InRange(benchmarks.Calls, 1, JitSettling.MaxSettlePasses);
        Assert.Equal(0, benchmarks.OtherCalls);
    }

    [Fact]
    public void A_benchmark_process_fails_where_its_command_line_names_no_benchmark_of_its_class()
    {
        var benchmarks = new CountingBenchmarks();

        benchmarks.SettleOnCase(["RESTvsGRPC.Bench-Job-1.dll"]);
        var error = Assert.Throws<InvalidOperationException>(() =>
            benchmarks.SettleOnCase([ServerBenchmarks.BenchmarkNameArgument, "Some.Other.Missing(Calls: 1)"])
        );

        Assert.Equal(0, benchmarks.Calls);
        Assert.Contains("Missing", error.Message);
    }

    /// <summary>A server benchmark that counts its bodies' calls and connects to nothing.</summary>
    public sealed class CountingBenchmarks : ServerBenchmarks
    {
        public int Calls { get; private set; }

        public int OtherCalls { get; private set; }

        [Benchmark]
        public Task Counted()
        {
            Calls++;
            return Task.CompletedTask;
        }

        [Benchmark]
        public Task Other()
        {
            OtherCalls++;
            return Task.CompletedTask;
        }

        protected override Task ConnectAsync(BenchSettings settings) => Task.CompletedTask;
    }

    private static bool ForcesCollections(BenchmarkCase benchmark) =>
        benchmark.Job.ResolveValue(GcMode.ForceCharacteristic, EnvironmentResolver.Instance);
}
