using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// Times the stream variants no trial measures at the smallest batch only; the larger batch is for the arms the trials
/// check (<paramref name="trialArms"/>: each operation's name and arm id).
/// </summary>
public sealed class VariantBatchFilter(IReadOnlyCollection<(string Operation, string Arm)> trialArms, int smallestBatch)
    : IFilter
{
    public bool Predicate(BenchmarkCase benchmarkCase) =>
        BenchmarkArms.SuiteOf(benchmarkCase.Descriptor.Type) != Suites.Transport
        || IsTrialArm(benchmarkCase)
        || BenchmarkResults.CallsOf(benchmarkCase) == smallestBatch;

    /// <summary>Whether the trials measure <paramref name="benchmarkCase"/>'s operation on its arm.</summary>
    private bool IsTrialArm(BenchmarkCase benchmarkCase)
    {
        var operation = benchmarkCase.Descriptor.Categories.FirstOrDefault();
        var arm = BenchmarkArms.Of(benchmarkCase.Descriptor.WorkloadMethod).Id;
        return trialArms.Contains((operation!, arm));
    }
}
