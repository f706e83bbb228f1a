using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace RESTvsGRPC.Bench.Reports;

/// <summary>
/// The servers' CPU time per call (<see cref="ServerCostDiagnoser"/>'s metric) in the unit that suits it, as
/// summary.md writes it: BenchmarkDotNet would scale it to the table's unit and show 22.4 μs as "0.0 ms".
/// </summary>
public sealed class ServerCpuColumn : IColumn
{
    public string Id => nameof(ServerCpuColumn);
    public string ColumnName => "Server CPU/call";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Metric;
    public int PriorityInCategory => 100;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "CPU time (user + system) the servers spent per call during the actual iterations";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => summary.Reports.Any(report => report.Metrics.ContainsKey(ServerCostDiagnoser.CpuMetricId));

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) =>
        summary[benchmarkCase]?.Metrics.TryGetValue(ServerCostDiagnoser.CpuMetricId, out var metric) == true ? Units.Time(metric.Value) : "NA";
}
