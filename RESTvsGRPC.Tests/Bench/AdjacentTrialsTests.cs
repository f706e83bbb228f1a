using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>Which BenchmarkDotNet case each trial arm gets its trial beside: the case the summary's latency table compares.</summary>
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
}
