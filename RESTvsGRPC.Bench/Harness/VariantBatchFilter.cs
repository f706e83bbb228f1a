using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// Times the stream variants no trial measures at the smallest batch only; the larger batch is for the arms the trials
/// check (<paramref name="trialArms"/>: each operation's name and arm id). Under a job that proves the pipeline and
/// times nothing (<paramref name="oneBatch"/>), every case at the smallest batch at most.
/// </summary>
public sealed class VariantBatchFilter(
    IReadOnlyCollection<(string Operation, string Arm)> trialArms,
    int smallestBatch,
    bool oneBatch = false
) : IFilter
{
    public bool Predicate(BenchmarkCase benchmarkCase) =>
        BenchmarkResults.CallsOf(benchmarkCase) <= smallestBatch
        || (
            !oneBatch
            && (BenchmarkArms.SuiteOf(benchmarkCase.Descriptor.Type) != Suites.Transport || IsTrialArm(benchmarkCase))
        );

    /// <summary>Whether the trials measure <paramref name="benchmarkCase"/>'s operation on its arm.</summary>
    private bool IsTrialArm(BenchmarkCase benchmarkCase)
    {
        var operation = benchmarkCase.Descriptor.Categories.FirstOrDefault();
        var arm = BenchmarkArms.Of(benchmarkCase.Descriptor.WorkloadMethod).Id;
        return trialArms.Contains((operation!, arm));
    }
}
