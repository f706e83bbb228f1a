using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// Reads each benchmark case's per-call figures out of BenchmarkDotNet's summaries: nothing is typed by hand.
/// </summary>
public static class BenchmarkResults
{
    /// <summary>Every case that ran successfully, in the order BenchmarkDotNet reports them.</summary>
    public static IReadOnlyList<BenchmarkResult> From(IEnumerable<Summary> summaries) =>
        [
            .. summaries
                .SelectMany(summary => summary.Reports)
                .Where(report => report is { Success: true, ResultStatistics: not null })
                .Select(From),
        ];

    /// <summary>
    /// The calls one invocation of <paramref name="benchmark"/> makes: its <c>Calls</c> parameter, else 1.
    /// </summary>
    public static int CallsOf(BenchmarkCase benchmark) =>
        benchmark.Parameters.Items.FirstOrDefault(p => p.Name == "Calls")?.Value as int? ?? 1;

    /// <summary>
    /// The calls of a case's actual iterations, which the diagnosers bracket (<c>TotalOperations</c> counts every
    /// stage, about 2.3 times more).
    /// </summary>
    public static double ActualCallsOf(DiagnoserResults results) =>
        results
            .Measurements.Where(m =>
                m is { IterationMode: IterationMode.Workload, IterationStage: IterationStage.Actual }
            )
            .Sum(m => (double)m.Operations) * CallsOf(results.BenchmarkCase);

    private static BenchmarkResult From(BenchmarkReport report)
    {
        var benchmark = report.BenchmarkCase;
        var calls = CallsOf(benchmark);
        var statistics = report.ResultStatistics!;
        return ResultOf(
            benchmark,
            statistics.Mean / calls,
            statistics.ConfidenceInterval.Margin / calls,
            report.GcStats.GetBytesAllocatedPerOperation(benchmark) is { } allocated ? (double)allocated / calls : null,
            Metric(report, ServerCostDiagnoser.CpuMetricId),
            Metric(report, ServerCostDiagnoser.PeakWorkingSetMetricId)
        );
    }

    /// <summary>
    /// The case's identity (suite, arm, class, method, operation, parameters) with the given per-call figures.
    /// </summary>
    private static BenchmarkResult ResultOf(
        BenchmarkCase benchmark,
        double nanosecondsPerCall,
        double errorPerCall,
        double? allocatedPerCall,
        double? serverCpuPerCall,
        double? serverPeakWorkingSet
    ) =>
        new(
            BenchmarkArms.SuiteOf(benchmark.Descriptor.Type),
            BenchmarkArms.Of(benchmark.Descriptor.WorkloadMethod).Id,
            benchmark.Descriptor.Type.Name,
            benchmark.Descriptor.WorkloadMethod.Name,
            benchmark.Descriptor.Categories.FirstOrDefault() ?? "",
            benchmark.Descriptor.Baseline,
            CallsOf(benchmark),
            benchmark.Parameters.Items.FirstOrDefault(p => p.Name == "Records")?.Value as int?,
            nanosecondsPerCall,
            errorPerCall,
            allocatedPerCall,
            serverCpuPerCall,
            serverPeakWorkingSet
        )
        {
            // Unset, the characteristic reads false; BenchmarkDotNet's resolver gives what the run did (its default:
            // true).
            ForcedCollections = benchmark.Job.ResolveValue(GcMode.ForceCharacteristic, EnvironmentResolver.Instance),
            SettledJit = benchmark.Descriptor.Type.IsDefined(typeof(SettlesJitAttribute), inherit: true)
                ? SettlesOnCase(benchmark.Job)
                : null,
        };

    /// <summary>
    /// Whether <paramref name="job"/>'s processes settle the JIT first: its environment carries the switch and it
    /// starts a process per case.
    /// </summary>
    private static bool SettlesOnCase(Job job) =>
        job.Environment.EnvironmentVariables?.Any(v => v.Key == BenchSettings.SettleVariable && v.Value == "1") == true
        && job.Infrastructure.Toolchain?.IsInProcess != true;

    private static double? Metric(BenchmarkReport report, string id) =>
        report.Metrics.TryGetValue(id, out var metric) ? metric.Value : null;

    /// <summary>
    /// The benchmarks that did not run to the end, and critical validation errors; empty for a good run.
    /// </summary>
    public static List<string> Failures(Summary[] summaries)
    {
        var failures = summaries
            .SelectMany(s =>
                s.BenchmarksCases.Where(c => s[c] is not { Success: true })
                    .Select(c => $"{c.DisplayInfo} did not complete")
            )
            .Concat(summaries.SelectMany(s => s.ValidationErrors.Where(v => v.IsCritical).Select(v => v.Message)))
            .ToList();
        if (summaries.Length == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            failures.Add("no benchmark matched the filter");
        }

        return failures;
    }

    /// <summary>
    /// Deletes the reports a failed BenchmarkDotNet run exported (partial, they would read like a result); its logs
    /// stay.
    /// </summary>
    public static void RemoveReports(Summary[] summaries, DateTime since)
    {
        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Where(Directory.Exists).Distinct())
        {
            foreach (
                var report in Directory.EnumerateFiles(directory).Where(file => File.GetLastWriteTimeUtc(file) >= since)
            )
            {
                File.Delete(report);
            }
        }
    }
}
