using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace RESTvsGRPC.Bench.Reports;

/// <summary>Mean time of one call: the invocation's mean divided by its <c>Calls</c> parameter.</summary>
public sealed class PerCallColumn : IColumn
{
    public string Id => nameof(PerCallColumn);
    public string ColumnName => "Per call";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Statistics;
    public int PriorityInCategory => 1;
    public bool IsNumeric => true;
    // Formatted here with its own unit, so BenchmarkDotNet must not rescale it.
    public UnitType UnitType => UnitType.Dimensionless;
    public string Legend => "Mean divided by Calls: the time of one call";

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <summary>Only for benchmark classes that batch calls (in-process codec benchmarks have no Calls).</summary>
    public bool IsAvailable(Summary summary) =>
        summary.BenchmarksCases.Any(c => c.Parameters.Items.Any(p => p.Name == "Calls"));

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var calls = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Calls")?.Value as int?;
        var mean = summary[benchmarkCase]?.ResultStatistics?.Mean;
        if (calls is not > 0 || mean is null)
        {
            return "NA";
        }

        return Units.Time(mean.Value / calls.Value);
    }
}
