using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>Which cases BenchmarkDotNet times: the transport suite's stream variants at the smallest batch only, every
/// other case at every batch.</summary>
public sealed class VariantBatchFilterTests
{
    [Fact]
    public void Transport_stream_variants_run_at_the_smallest_batch_and_every_other_case_at_each()
    {
        var filter = new VariantBatchFilter(TrialArm.TransportCases, Batch.Sizes.Min());
        var cases = new[] { typeof(TransportBenchmarks), typeof(HttpVersionBenchmarks), typeof(CodecBenchmarks) }
            .SelectMany(type => BenchmarkConverter.TypeToBenchmarks(type).BenchmarksCases)
            .ToList();

        var left = cases
            .Where(c => !filter.Predicate(c))
            .Select(c => $"{c.Descriptor.WorkloadMethod.Name} {BenchmarkResults.CallsOf(c)}")
            .Order();

        Assert.Equal(
            ["GrpcStreamBufferedLargePayload 200", "GrpcStreamChunkedLargePayload 200", "RestStreamLargePayload 200"],
            left
        );
        Assert.Equal(23, cases.Count(c => c.Descriptor.Type == typeof(TransportBenchmarks) && filter.Predicate(c)));
    }

    [Fact]
    public void A_job_that_times_nothing_runs_every_batched_case_at_the_smallest_batch_only()
    {
        var filter = new VariantBatchFilter(TrialArm.TransportCases, Batch.Sizes.Min(), oneBatch: true);
        var cases = new[] { typeof(TransportBenchmarks), typeof(StylesBenchmarks), typeof(CodecBenchmarks) }
            .SelectMany(type => BenchmarkConverter.TypeToBenchmarks(type).BenchmarksCases)
            .ToList();

        var kept = cases.Where(filter.Predicate).ToList();

        Assert.DoesNotContain(kept, c => BenchmarkResults.CallsOf(c) > Batch.Sizes.Min());
        Assert.Equal(cases.Count(c => BenchmarkResults.CallsOf(c) <= Batch.Sizes.Min()), kept.Count);
        Assert.True(kept.Count < cases.Count, "no case was left out");
    }
}
