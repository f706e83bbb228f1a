using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Reports;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// A time in the unit that suits it (BenchmarkDotNet would show 22.4 μs as "0.0 ms" in a table of ms).
/// </summary>
public sealed class TimeColumn(
    string id,
    string columnName,
    ColumnCategory category,
    int priority,
    string legend,
    Func<Summary, bool> available,
    Func<Summary, BenchmarkCase, double?> nanoseconds
) : IColumn
{
    /// <summary>
    /// Mean time of one call: the invocation's mean divided by its <c>Calls</c> (only where a class batches calls; the
    /// codec benchmarks do not).
    /// </summary>
    public static TimeColumn PerCall { get; } =
        new(
            "PerCallColumn",
            "Per call",
            ColumnCategory.Statistics,
            1,
            "Mean divided by Calls: the time of one call",
            summary => summary.BenchmarksCases.Any(c => CallsOf(c) is not null),
            (summary, benchmarkCase) =>
                CallsOf(benchmarkCase) is > 0 and var calls
                && summary[benchmarkCase]?.ResultStatistics?.Mean is { } mean
                    ? mean / calls
                    : null
        );

    /// <summary>The servers' CPU time per call, <see cref="ServerCostDiagnoser"/>'s metric.</summary>
    public static TimeColumn ServerCpu { get; } =
        new(
            "ServerCpuColumn",
            "Server CPU/call",
            ColumnCategory.Metric,
            100,
            "CPU time (user + system) the servers spent per call during the actual iterations",
            summary => summary.Reports.Any(report => report.Metrics.ContainsKey(ServerCostDiagnoser.CpuMetricId)),
            (summary, benchmarkCase) =>
                summary[benchmarkCase]?.Metrics.TryGetValue(ServerCostDiagnoser.CpuMetricId, out var metric) == true
                    ? metric.Value
                    : null
        );

    public string Id => id;
    public string ColumnName => columnName;
    public bool AlwaysShow => true;
    public ColumnCategory Category => category;
    public int PriorityInCategory => priority;
    public bool IsNumeric => true;

    // Formatted here with its own unit, so BenchmarkDotNet must not rescale it.
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => legend;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => available(summary);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) =>
        nanoseconds(summary, benchmarkCase) is { } value ? Units.Time(value) : "NA";

    private static int? CallsOf(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Calls")?.Value as int?;
}
