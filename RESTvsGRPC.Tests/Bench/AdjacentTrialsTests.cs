using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
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
    /// One trial beside per operation: nothing is timed until the last of an operation's compared cases has ended, in
    /// whichever suite, then every compared case of it that succeeded is timed by that one trial; a failed case gets no
    /// reading, even the last, and a case that ends again is not timed again.
    /// </summary>
    [Fact]
    public void An_operation_is_timed_once_after_its_last_compared_case_for_every_one_that_succeeded()
    {
        using var servers = ServerSet.Empty();
        var beside = new AdjacentTrials(TrialPlan.Standard, TrialArm.Transport, servers, new BenchSettings(null, null, null, null, RepositoryPaths.CommittedData), TextWriter.Null);
        beside.Compare(Cases);
        string Name(BenchmarkCase c) => $"{c.Descriptor.WorkloadMethod.Name} {BenchmarkResults.CallsOf(c)}";
        var failed = new[] { "GrpcGetLargePayloadAsList 200", "GrpcPostLargePayload 200" };

        var timed = Cases.Select(c => (Case: Name(c), Timed: beside.Ended(c, !failed.Contains(Name(c))).Select(Name).ToList()))
            .Where(ended => ended.Timed.Count > 0).ToList();

        Assert.Equal(
        [
            // The small GET's h2c arm is compared with the HTTP versions suite's case, which runs after the transport suite's.
            ("RestH2cGetSmallPayload 100", ["RestGetSmallPayload 200", "RestProtobufGetSmallPayload 200", "GrpcGetSmallPayload 200", "RestH2cGetSmallPayload 100"]),
            ("GrpcStreamLargePayload 200", ["RestGetLargePayload 200", "RestProtobufGetLargePayload 200", "GrpcStreamLargePayload 200"]),
            ("GrpcPostLargePayload 200", ["RestPostLargePayload 200", "RestProtobufPostLargePayload 200"]),
        ], timed.Select(t => (t.Case, (IReadOnlyList<string>)t.Timed)).OrderBy(t => t.Case.Contains("Small") ? 0 : t.Case.Contains("Post") ? 2 : 1));
        Assert.Empty(beside.Ended(Cases.First(c => Name(c) == "GrpcStreamLargePayload 200"), succeeded: true));
    }

    /// <summary>
    /// The trial beside a case is a fresh trial process against the run's servers: it times the latency of every arm of
    /// the case's operation, taking turns as in a trial, and no other operation, and reads its own socket engine thread.
    /// </summary>
    [LinuxFact]
    public async Task RunAdjacentAsync_times_the_arms_of_its_operation_in_turns_and_reads_their_socket_thread()
    {
        var options = BenchOptions.Parse(["--headline", "--trials", "1", "--segment", "0.1"]);
        using var servers = await ServerSet.StartAsync(options, RepositoryPaths.CommittedData, TextWriter.Null, scaling: false);
        var settings = new BenchSettings(null, null, null, null, RepositoryPaths.CommittedData).At(servers);
        var output = new StringWriter();

        TrialArm[] suite = [new(LoadOperation.Small, "rest-json"), new(LoadOperation.Large, "rest-json"), new(LoadOperation.Large, "grpc"), new(LoadOperation.Post, "grpc")];

        var trial = await TrialRunner.RunAdjacentAsync(options.TrialPlan, suite[2], suite, servers, settings, output);

        Assert.True(trial is not null, output.ToString());
        Assert.Equal(["large/grpc", "large/rest-json"], trial.Order.Order());
        Assert.All(trial.Segments, segment =>
        {
            Assert.True(segment.LatencyCalls > 0 && segment.LatencyNanosecondsPerCall > 0, $"{segment.Arm}: {segment.LatencyCalls} calls, {segment.LatencyNanosecondsPerCall} ns per call");
            Assert.True(segment.ClientSocketThreadCpuNanosecondsPerCall > 0, $"{segment.Arm}: socket thread {segment.ClientSocketThreadCpuNanosecondsPerCall} ns per call");
            Assert.Equal(0, segment.ThroughputCalls);
        });
    }

    [Fact]
    public void A_reading_keeps_its_seconds_after_the_case_and_the_arms_it_timed()
    {
        var segment = new TrialSegment("large", "grpc", 10, 500_000, 0, 0, 0, 0, null);
        var result = new BenchmarkResult("transport", "grpc", "TransportBenchmarks", "GrpcGetLargePayload", "large", false, 200, null, 510_000, 1_000, 0, null, null);

        var beside = BenchmarkResults.WithAdjacent(result, new AdjacentReading(segment, ["large/grpc"], SecondsAfterCase: 31.5));

        Assert.Equal(31.5, beside.AdjacentTrialSecondsAfterCase);
        Assert.Equal(500_000, beside.AdjacentTrialNanosecondsPerCall);
        Assert.Equal(["large/grpc"], beside.AdjacentTrialArms!);
    }
}
