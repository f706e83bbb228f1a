using System.Globalization;
using System.Text;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The scaling summary: per benchmark, the fixed cost a, the per-record cost b and R² of t(n) = a + b·n.
/// </summary>
public static class ScalingReport
{
    /// <summary>The file the bench writes the table to, beside BenchmarkDotNet's reports.</summary>
    public const string FileName = "ScalingBenchmarks-fit.md";

    /// <summary>The table of <paramref name="run"/>'s scaling suite; null where it did not run.</summary>
    public static string? ToMarkdown(RunResults run)
    {
        var points = run
            .Benchmarks.Where(b => b is { Suite: Suites.Scaling, Records: not null })
            .Select(b => new Point(b.Method, b.Records!.Value, b.NanosecondsPerCall))
            .ToList();
        return points.Count == 0 ? null : ToMarkdown(points);
    }

    /// <summary>One measured point: a benchmark's mean time of one call at a record count.</summary>
    public sealed record Point(string Benchmark, int Records, double NanosecondsPerCall);

    /// <summary>A Markdown table, one row per benchmark, in the order benchmarks first appear.</summary>
    public static string ToMarkdown(IReadOnlyList<Point> points)
    {
        var text = new StringBuilder()
            .Append("| benchmark | points | fixed cost a (μs) | per record b (μs) | R² | at 10 000 records (ms) |")
            .Append('\n')
            .Append("|---|---:|---:|---:|---:|---:|")
            .Append('\n');
        foreach (var group in points.GroupBy(p => p.Benchmark))
        {
            var fit = LinearFit.Of([.. group.Select(p => ((double)p.Records, p.NanosecondsPerCall))]);
            text.Append(
                    CultureInfo.InvariantCulture,
                    $"| {group.Key} | {group.Count()} | {fit.A / 1e3:F1} | {fit.B / 1e3:F3} | {fit.RSquared:F4} | "
                        + $"{(fit.A + (fit.B * 10_000)) / 1e6:F2} |"
                )
                .Append('\n');
        }

        return text.ToString();
    }
}
