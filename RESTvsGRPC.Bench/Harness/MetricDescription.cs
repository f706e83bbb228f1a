using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// How one of the bench's diagnosers describes a metric to BenchmarkDotNet (always the lower the better);
/// <paramref name="Shown"/>: whether BenchmarkDotNet's own table shows it, else it stays in the report for the summary.
/// </summary>
public sealed record MetricDescription(string Id, string DisplayName, string Legend, string NumberFormat, UnitType UnitType, string Unit, int PriorityInCategory, bool Shown)
    : IMetricDescriptor
{
    public bool TheGreaterTheBetter => false;

    public bool GetIsAvailable(Metric metric) => Shown;
}
