using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>Reads each benchmark case's per-call figures out of BenchmarkDotNet's summaries: nothing is typed by hand.</summary>
public static class BenchmarkResults
{
    /// <summary>Every case that ran successfully, in the order BenchmarkDotNet reports them.</summary>
    public static IReadOnlyList<BenchmarkResult> From(IEnumerable<Summary> summaries) =>
    [
        .. summaries.SelectMany(summary => summary.Reports)
            .Where(report => report is { Success: true, ResultStatistics: not null })
            .Select(From),
    ];

    private static BenchmarkResult From(BenchmarkReport report)
    {
        var benchmark = report.BenchmarkCase;
        var calls = benchmark.Parameters.Items.FirstOrDefault(p => p.Name == "Calls")?.Value as int? ?? 1;
        var statistics = report.ResultStatistics!;
        return new BenchmarkResult(
            BenchmarkArms.SuiteOf(benchmark.Descriptor.Type),
            BenchmarkArms.Of(benchmark.Descriptor.WorkloadMethod).Id,
            benchmark.Descriptor.Type.Name,
            benchmark.Descriptor.WorkloadMethod.Name,
            benchmark.Descriptor.Categories.FirstOrDefault() ?? "",
            benchmark.Descriptor.Baseline,
            calls,
            benchmark.Parameters.Items.FirstOrDefault(p => p.Name == "Records")?.Value as int?,
            statistics.Mean / calls,
            statistics.ConfidenceInterval.Margin / calls,
            report.GcStats.GetBytesAllocatedPerOperation(benchmark) is { } allocated ? (double)allocated / calls : null,
            Metric(report, ServerCostDiagnoser.CpuMetricId),
            Metric(report, ServerCostDiagnoser.PeakWorkingSetMetricId))
        {
            // Unset, the characteristic reads false; BenchmarkDotNet's resolver gives what the run did (its default: true).
            ForcedCollections = benchmark.Job.ResolveValue(GcMode.ForceCharacteristic, EnvironmentResolver.Instance),
        };
    }

    private static double? Metric(BenchmarkReport report, string id) =>
        report.Metrics.TryGetValue(id, out var metric) ? metric.Value : null;
}
