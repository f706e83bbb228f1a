using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>Which BenchmarkDotNet case each trial arm gets its trial beside (the case the summary's latency table compares), and what that trial reads.</summary>
public sealed class AdjacentTrialsTests
{
    private static readonly IReadOnlyList<BenchmarkCase> Cases =
    [
        .. new[] { typeof(TransportBenchmarks), typeof(HttpVersionBenchmarks), typeof(CompressionBenchmarks) }
            .SelectMany(type => BenchmarkConverter.TypeToBenchmarks(type).BenchmarksCases),
    ];

    [Theory]
    [InlineData(LoadOperation.Small, "grpc", "TransportBenchmarks.GrpcGetSmallPayload")]
    [InlineData(LoadOperation.Large, "rest-protobuf", "TransportBenchmarks.RestProtobufGetLargePayload")]
    [InlineData(LoadOperation.Post, "rest-json", "TransportBenchmarks.RestPostLargePayload")]
    [InlineData(LoadOperation.Small, "rest-json-h2c", "HttpVersionBenchmarks.RestH2cGetSmallPayload")]
    public void A_trial_arm_is_timed_beside_its_transport_case_at_the_largest_batch(LoadOperation operation, string arm, string expected)
    {
        var compared = AdjacentTrials.ComparedCase(Cases, new TrialArm(operation, arm));

        Assert.NotNull(compared);
        Assert.Equal(expected, $"{compared.Descriptor.Type.Name}.{compared.Descriptor.WorkloadMethod.Name}");
        var batches = Cases.Where(c => c.Descriptor.WorkloadMethod == compared.Descriptor.WorkloadMethod).Select(BenchmarkResults.CallsOf).ToList();
        Assert.Equal(batches.Max(), BenchmarkResults.CallsOf(compared));
    }

    [Fact]
    public void An_arm_no_transport_case_times_gets_no_trial_beside_BenchmarkDotNet()
    {
        Assert.Null(AdjacentTrials.ComparedCase(Cases, new TrialArm(LoadOperation.Large, "rest-json-gzip")));
    }

    /// <summary>
    /// The trial beside a case is a fresh trial process against the run's servers: warmed on every arm of the suite, as a
    /// trial is, it times its one arm's latency slices alone and reads its own socket engine thread over them.
    /// </summary>
    [LinuxFact]
    public async Task RunAdjacentAsync_warms_the_suite_then_times_its_arm_alone_and_reads_its_own_socket_thread()
    {
        var options = BenchOptions.Parse(["--headline", "--trials", "1", "--segment", "0.1"]);
        using var servers = await ServerSet.StartAsync(options, RepositoryPaths.CommittedData, TextWriter.Null, scaling: false);
        var settings = new BenchSettings(null, null, null, null, RepositoryPaths.CommittedData).At(servers);
        var output = new StringWriter();

        TrialArm[] suite = [new(LoadOperation.Small, "rest-json"), new(LoadOperation.Large, "grpc"), new(LoadOperation.Post, "grpc")];

        var segment = await TrialRunner.RunAdjacentAsync(options.TrialPlan, suite[1], suite, servers, settings, output);

        Assert.True(segment is not null, output.ToString());
        Assert.Equal(("large", "grpc"), (segment.Operation, segment.Arm));
        Assert.True(segment.LatencyCalls > 0 && segment.LatencyNanosecondsPerCall > 0, $"{segment.LatencyCalls} calls, {segment.LatencyNanosecondsPerCall} ns per call");
        Assert.True(segment.ClientSocketThreadCpuNanosecondsPerCall > 0, $"socket thread {segment.ClientSocketThreadCpuNanosecondsPerCall} ns per call");
    }
}
