using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// A diagnoser's metric for BenchmarkDotNet (lower is better); <paramref name="Shown"/>: whether its table shows it.
/// </summary>
public sealed record MetricDescription(
    string Id,
    string DisplayName,
    string Legend,
    string NumberFormat,
    UnitType UnitType,
    string Unit,
    int PriorityInCategory,
    bool Shown
) : IMetricDescriptor
{
    public bool TheGreaterTheBetter => false;

    public bool GetIsAvailable(Metric metric) => Shown;
}
