using System.Globalization;
using System.Net;
using System.Text.RegularExpressions;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Bench.Load;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Reports;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>The project's own SVG charts: every bar visible and labelled, axes with units, labels that fit.</summary>
public sealed partial class SvgChartTests
{
    [Fact]
    public void Ratio_bars_draw_a_dashed_line_at_one_and_whiskers_at_each_bars_own_interval()
    {
        var svg = SvgChart.RatioBars(
            "ratios",
            "ratio",
            [new("large", [SvgChart.RatioBar("gRPC", 2, (1.5, 3.5)), SvgChart.RatioBar("REST", 0.5, null)])]
        );

        var line = Assert.Single(DashedLine().Matches(svg));
        // The axis stands at x 90; the whisker is the other solid line.
        var whisker = Assert.Single(WhiskerEnds().Matches(svg), m => m.Groups["x"].Value != "90");
        double At(Group group) => double.Parse(group.Value, CultureInfo.InvariantCulture);
        var (one, low, high) = (At(line.Groups[1]), At(whisker.Groups[1]), At(whisker.Groups[2]));
        Assert.Contains(">1.00×: no difference</text>", svg);
        Assert.True(
            one > low && low > high,
            $"the line at 1× (y {one}) lies below the whisker of 1.5× to 3.5× (y {low} to {high})"
        );
        Assert.InRange(Math.Abs(((one - low) * 4) - (low - high)), 0, 1);
    }

    [Fact]
    public void Log_scale_starts_below_the_lowest_bar_even_when_its_error_crosses_a_decade()
    {
        var svg = SvgChart.GroupedBars(
            "t",
            "time (μs)",
            [
                new("small", [new("REST", 85.9, 14.1), new("gRPC", 103, 11.2)]),
                new("large", [new("REST", 3384, 214), new("gRPC", 953, 50)]),
            ],
            logScale: true,
            v => v.ToString("0.#", CultureInfo.InvariantCulture)
        );

        var heights = BarHeight()
            .Matches(svg)
            .Select(m => double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture))
            .ToList();
        Assert.Equal(4, heights.Count);
        Assert.All(heights, height => Assert.True(height > 10, $"a bar {height} px high"));
        Assert.Contains(">85.9</text>", svg);
        Assert.Contains("time (μs) (log scale)", svg);
        Assert.Contains(">10</text>", svg);
    }

    [Fact]
    public void Labels_wider_than_their_group_are_turned_and_kept_inside_the_picture()
    {
        var svg = SvgChart.GroupedBars(
            "t",
            "μs",
            [
                new("large GET: gRPC stream, 100 per message", [new("client", 900), new("server", 300)]),
                new("POST: gRPC", [new("client", 1000), new("server", 350)]),
            ],
            logScale: false,
            v => v.ToString("0", CultureInfo.InvariantCulture)
        );

        var label = TurnedLabel().Match(svg);
        Assert.True(label.Success, "the long label is not turned");
        // Turned 35°, a label of n characters reaches about n × 6.5 × cos 35° to the left of its anchor.
        Assert.True(
            double.Parse(label.Groups[1].Value, CultureInfo.InvariantCulture)
                - ("large GET: gRPC stream, 100 per message".Length * 6.5 * 0.82)
                > 0,
            "the turned label starts left of the picture"
        );
    }

    /// <summary>
    /// Every approved chart of the stored runs (the report snapshots render each again and compare), read back as
    /// text boxes (position, anchor, rotation, and a width of 0.6 em a character): no label leaves the canvas, and
    /// no two labels overlap.
    /// </summary>
    [Fact]
    public void No_label_of_any_chart_leaves_its_canvas_or_overlaps_another()
    {
        var charts = Directory.GetFiles(StoredReports.Root, "*.svg", SearchOption.AllDirectories);
        Assert.True(charts.Length >= 20, $"only {charts.Length} approved charts");

        Assert.All(charts, chart =>
        {
            var svg = File.ReadAllText(chart);
            var canvas = Canvas().Match(svg);
            var (width, height) = (Number(canvas.Groups[1].Value), Number(canvas.Groups[2].Value));
            var boxes = Texts().Matches(svg).Select(Box).ToList();
            foreach (var box in boxes)
            {
                Assert.True(
                    box.Corners.All(c => c.X >= -1 && c.X <= width + 1 && c.Y >= -1 && c.Y <= height + 1),
                    $"{Path.GetFileName(chart)}: '{box.Text}' leaves the {width}×{height} canvas"
                );
            }

            for (var i = 0; i < boxes.Count; i++)
            {
                for (var j = i + 1; j < boxes.Count; j++)
                {
                    Assert.False(
                        Overlap(boxes[i], boxes[j]),
                        $"{Path.GetFileName(chart)}: '{boxes[i].Text}' overlaps '{boxes[j].Text}'"
                    );
                }
            }
        });
    }

    [Fact]
    public void Value_labels_sit_above_their_whiskers_and_bytes_take_their_unit_from_the_value()
    {
        var svg = SvgChart.GroupedBars(
            "t",
            "bytes per call",
            [new("small", [new("REST", 237), new("gRPC", 296)]), new("large", [new("REST", 224_000, 20_000)])],
            logScale: true,
            Units.Bytes
        );

        Assert.Contains(">237 B</text>", svg);
        Assert.Contains(">219 KiB</text>", svg);
        var whiskerTop = Number(Whisker().Match(svg).Groups[1].Value);
        var label = ValueLabel().Matches(svg).Single(m => m.Groups[3].Value == "219 KiB");
        Assert.True(Number(label.Groups[2].Value) < whiskerTop, "the label starts below the top of its whisker");
    }

    private sealed record TextBox(string Text, (double X, double Y)[] Corners);

    private static TextBox Box(Match text)
    {
        var attributes = text.Groups[1].Value;
        var content = WebUtility.HtmlDecode(text.Groups[2].Value);
        double Attribute(string name, double fallback) =>
            Regex.Match(attributes, $" {name}=\"([-0-9.]+)\"") is { Success: true } m
                ? Number(m.Groups[1].Value)
                : fallback;
        var (x, y, size) = (Attribute("x", 0), Attribute("y", 0), Attribute("font-size", 12));
        var anchor = Regex.Match(attributes, "text-anchor=\"(\\w+)\"").Groups[1].Value;
        var w = SvgChart.TextWidth(content, size);
        var left = anchor switch
        {
            "middle" => x - (w / 2),
            "end" => x - w,
            _ => x,
        };
        // Half a pixel in from each side, so that touching is not overlapping.
        (double X, double Y)[] corners =
        [
            (left + 0.5, y - (0.75 * size) + 0.5),
            (left + w - 0.5, y - (0.75 * size) + 0.5),
            (left + w - 0.5, y + (0.2 * size) - 0.5),
            (left + 0.5, y + (0.2 * size) - 0.5),
        ];
        if (Regex.Match(attributes, "rotate\\(([-0-9.]+) ([-0-9.]+) ([-0-9.]+)\\)") is { Success: true } rotation)
        {
            var (angle, cx, cy) = (
                Number(rotation.Groups[1].Value) * Math.PI / 180,
                Number(rotation.Groups[2].Value),
                Number(rotation.Groups[3].Value)
            );
            corners =
            [
                .. corners.Select(c =>
                    (
                        cx + ((c.X - cx) * Math.Cos(angle)) - ((c.Y - cy) * Math.Sin(angle)),
                        cy + ((c.X - cx) * Math.Sin(angle)) + ((c.Y - cy) * Math.Cos(angle))
                    )
                ),
            ];
        }

        return new TextBox(content, corners);
    }

    /// <summary>Two rectangles overlap unless some edge's direction separates them (the separating axis
    /// test).</summary>
    private static bool Overlap(TextBox a, TextBox b)
    {
        foreach (var box in new[] { a, b })
        {
            for (var i = 0; i < 2; i++)
            {
                var (ex, ey) = (box.Corners[i + 1].X - box.Corners[i].X, box.Corners[i + 1].Y - box.Corners[i].Y);
                var (nx, ny) = (-ey, ex);
                var pa = a.Corners.Select(c => (c.X * nx) + (c.Y * ny)).ToList();
                var pb = b.Corners.Select(c => (c.X * nx) + (c.Y * ny)).ToList();
                if (pa.Max() <= pb.Min() || pb.Max() <= pa.Min())
                {
                    return false;
                }
            }
        }

        return true;
    }

    private static double Number(string text) => double.Parse(text, CultureInfo.InvariantCulture);

    [GeneratedRegex("<svg [^>]*width=\"([0-9.]+)\" height=\"([0-9.]+)\"")]
    private static partial Regex Canvas();

    [GeneratedRegex("<text([^>]*)>([^<]*)</text>")]
    private static partial Regex Texts();

    [GeneratedRegex("<line x1=\"[^\"]+\" y1=\"[^\"]+\" x2=\"[^\"]+\" y2=\"([^\"]+)\" stroke=\"#333\"/>\n<text")]
    private static partial Regex Whisker();

    [GeneratedRegex("<text x=\"([^\"]+)\" y=\"([^\"]+)\" font-size=\"9\"[^>]*>([^<]*)</text>")]
    private static partial Regex ValueLabel();

    [GeneratedRegex("<rect x=\"[^\"]+\" y=\"[^\"]+\" width=\"[^\"]+\" height=\"([^\"]+)\" fill=\"[^\"]+\"><title>")]
    private static partial Regex BarHeight();

    [GeneratedRegex(
        "<text x=\"([^\"]+)\" y=\"[^\"]+\" font-size=\"12\" text-anchor=\"end\" transform=\"rotate\\(-35 "
            + "[^\"]+\\)\">large GET"
    )]
    private static partial Regex TurnedLabel();

    [GeneratedRegex(
        "<line x1=\"[^\"]+\" y1=\"([^\"]+)\" x2=\"[^\"]+\" y2=\"[^\"]+\" stroke=\"#c0392b\" stroke-dasharray=\"6,4\""
    )]
    private static partial Regex DashedLine();

    [GeneratedRegex("<line x1=\"(?<x>[^\"]+)\" y1=\"([^\"]+)\" x2=\"[^\"]+\" y2=\"([^\"]+)\" stroke=\"#333\"/>")]
    private static partial Regex WhiskerEnds();
}
