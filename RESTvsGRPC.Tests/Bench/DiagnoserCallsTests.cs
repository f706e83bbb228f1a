using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.Results;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>What the bench's diagnosers divide their readings by: the calls of the iterations the readings
/// bracket.</summary>
public sealed class DiagnoserCallsTests
{
    /// <summary>
    /// The readings bracket the actual iterations alone; BenchmarkDotNet's <c>TotalOperations</c> counts every workload
    /// stage (jitting, pilot, warm-up, actual, and the actual again as the result), which read each figure about 2.3
    /// times too small in a default run.
    /// </summary>
    [Fact]
    public void ActualCallsOf_counts_the_calls_of_the_actual_iterations_alone()
    {
        var benchmark = BenchmarkConverter
            .TypeToBenchmarks(typeof(TransportBenchmarks))
            .BenchmarksCases.First(c => BenchmarkResults.CallsOf(c) == 200);
        string[] lines =
        [
            "OverheadJitting  1: 1 op, 1000.00 ns, 1.0000 us/op",
            "WorkloadJitting  1: 1 op, 9000000.00 ns, 9.0000 ms/op",
            "WorkloadPilot    1: 16 op, 150000000.00 ns, 9.3750 ms/op",
            "OverheadActual   1: 32 op, 3200.00 ns, 100.0000 ns/op",
            "WorkloadWarmup   1: 32 op, 300000000.00 ns, 9.3750 ms/op",
            "WorkloadActual   1: 32 op, 290000000.00 ns, 9.0625 ms/op",
            "WorkloadActual   2: 30 op, 280000000.00 ns, 9.3333 ms/op",
            "WorkloadResult   1: 32 op, 290000000.00 ns, 9.0625 ms/op",
            "WorkloadResult   2: 30 op, 280000000.00 ns, 9.3333 ms/op",
        ];
        var results = new DiagnoserResults(benchmark, new ExecuteResult(true, 0, 1, lines, [], [], 1), null!);

        Assert.Equal(62 * 200, BenchmarkResults.ActualCallsOf(results));
        Assert.Equal(1 + 16 + 32 + 62 + 62, results.TotalOperations);
    }
}
