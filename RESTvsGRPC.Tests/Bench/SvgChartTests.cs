using System.Globalization;
using System.Text.RegularExpressions;
using RESTvsGRPC.Bench.Reports;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The project's own SVG charts: every bar visible and labelled, axes with units, labels that fit.</summary>
public sealed partial class SvgChartTests
{
    [Fact]
    public void Log_scale_starts_below_the_lowest_bar_even_when_its_error_crosses_a_decade()
    {
        var svg = SvgChart.GroupedBars("t", "time (μs)",
            [new("small", [new("REST", 85.9, 14.1), new("gRPC", 103, 11.2)]), new("large", [new("REST", 3384, 214), new("gRPC", 953, 50)])],
            logScale: true, v => v.ToString("0.#", CultureInfo.InvariantCulture));

        var heights = BarHeight().Matches(svg).Select(m => double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)).ToList();
        Assert.Equal(4, heights.Count);
        Assert.All(heights, height => Assert.True(height > 10, $"a bar {height} px high"));
        Assert.Contains(">85.9</text>", svg);
        Assert.Contains("time (μs) (log scale)", svg);
        Assert.Contains(">10</text>", svg);
    }

    [Fact]
    public void Labels_wider_than_their_group_are_turned_and_kept_inside_the_picture()
    {
        var svg = SvgChart.GroupedBars("t", "μs",
            [new("large GET: gRPC stream, 100 per message", [new("client", 900), new("server", 300)]), new("POST: gRPC", [new("client", 1000), new("server", 350)])],
            logScale: false, v => v.ToString("0", CultureInfo.InvariantCulture));

        var label = TurnedLabel().Match(svg);
        Assert.True(label.Success, "the long label is not turned");
        // Turned 35°, a label of n characters reaches about n × 6.5 × cos 35° to the left of its anchor.
        Assert.True(double.Parse(label.Groups[1].Value, CultureInfo.InvariantCulture) - ("large GET: gRPC stream, 100 per message".Length * 6.5 * 0.82) > 0, "the turned label starts left of the picture");
    }

    [GeneratedRegex("<rect x=\"[^\"]+\" y=\"[^\"]+\" width=\"[^\"]+\" height=\"([^\"]+)\" fill=\"[^\"]+\"><title>")]
    private static partial Regex BarHeight();

    [GeneratedRegex("<text x=\"([^\"]+)\" y=\"[^\"]+\" font-size=\"12\" text-anchor=\"end\" transform=\"rotate\\(-35 [^\"]+\\)\">large GET")]
    private static partial Regex TurnedLabel();
}
