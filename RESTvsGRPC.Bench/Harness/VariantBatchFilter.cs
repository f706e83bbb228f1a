using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// Times the stream variants no trial measures at the smallest batch only; the larger batch is for the arms the trials
/// check.
/// </summary>
public sealed class VariantBatchFilter : IFilter
{
    public bool Predicate(BenchmarkCase benchmarkCase) =>
        BenchmarkArms.SuiteOf(benchmarkCase.Descriptor.Type) != Suites.Transport
        || IsTrialArm(benchmarkCase)
        || BenchmarkResults.CallsOf(benchmarkCase) == Batch.Sizes.Min();

    /// <summary>Whether the trials measure <paramref name="benchmarkCase"/>'s operation on its arm.</summary>
    private static bool IsTrialArm(BenchmarkCase benchmarkCase)
    {
        var operation = benchmarkCase.Descriptor.Categories.FirstOrDefault();
        var arm = BenchmarkArms.Of(benchmarkCase.Descriptor.WorkloadMethod).Id;
        return TrialArm.Transport.Any(trial => TrialArm.NameOf(trial.Operation) == operation && trial.Target == arm);
    }
}
