using System.Globalization;
using System.Text;

namespace RESTvsGRPC.Reports;

// The line charts: time series and log–log scaling curves.
public static partial class SvgChart
{
    /// <summary>A line through (x, y) points.</summary>
    public sealed record Line(string Series, IReadOnlyList<(double X, double Y)> Points);

    /// <summary>
    /// A stretch of the x axis shaded behind the lines (a load run's ramp-up or warm-up), named in the legend.
    /// </summary>
    public sealed record Span(double From, double To, string Label, string Fill);

    /// <summary>
    /// Lines with more points than this get no marker per point: a half-hour time series would be thousands.
    /// </summary>
    private const int MarkedPoints = 120;

    /// <summary>
    /// Lines on log–log axes (record counts against time per call, say), or on linear axes from 0 (a time series).
    /// Lines of many points are drawn without a marker per point; a dashed line across at <paramref name="reference"/>
    /// where given.
    /// </summary>
    public static string Lines(
        string title,
        string xAxis,
        string yAxis,
        IReadOnlyList<Line> lines,
        Func<double, string> format,
        bool log = true,
        IReadOnlyList<Span>? spans = null,
        double? reference = null
    )
    {
        const int plotWidth = 520;
        spans ??= [];
        var width = Math.Max(
            Math.Max(Left + plotWidth + Right, (int)TextWidth(title, TitleFontSize) + 20),
            LegendWidth([
                .. lines.Select(l => l.Series),
                .. spans.Select(s => s.Label),
                .. ReferenceLabel(reference, format),
            ])
        );
        var height = Top + PlotHeight + Bottom + (18 * (lines.Count + spans.Count + (reference is null ? 0 : 1)));
        bool Drawn((double X, double Y) p) => log ? p.X > 0 && p.Y > 0 : double.IsFinite(p.X) && double.IsFinite(p.Y);
        var points = lines.SelectMany(l => l.Points).Where(Drawn).ToList();
        var xs = ChartScale.For(
            log ? points.DefaultIfEmpty((1, 1)).Min(p => p.X) : 0,
            points.DefaultIfEmpty((1, 1)).Max(p => p.X),
            log
        );
        var ys = ChartScale.For(
            log ? Math.Min(points.DefaultIfEmpty((1, 1)).Min(p => p.Y), reference ?? double.MaxValue) : 0,
            Math.Max(points.DefaultIfEmpty((1, 1)).Max(p => p.Y), reference ?? 0),
            log
        );

        var svg = Begin(width, height, title);
        Spans(svg, xs, spans, plotWidth);
        Axis(svg, ys, yAxis, plotWidth, format);
        XAxis(svg, xs, xAxis, plotWidth);
        var names = lines.Select(l => l.Series).ToList();
        foreach (var line in lines)
        {
            var color = Palette[names.IndexOf(line.Series) % Palette.Length];
            DrawLine(svg, (xs, ys), line.Series, [.. line.Points.Where(Drawn)], color, format, plotWidth);
        }

        var legendY = Top + PlotHeight + 56;
        if (reference is { } at)
        {
            Reference(svg, ys, at, plotWidth, format, legendY + ((names.Count + spans.Count) * 18));
        }

        Legend(svg, names, legendY);
        SpanLegend(svg, spans, legendY + (names.Count * 18));
        return End(svg);
    }

    /// <summary>The shaded stretches of the x axis behind the lines.</summary>
    private static void Spans(StringBuilder svg, ChartScale xs, IReadOnlyList<Span> spans, int plotWidth)
    {
        foreach (var span in spans)
        {
            var (from, to) = (
                X(xs, Math.Max(span.From, xs.Min), plotWidth),
                X(xs, Math.Min(span.To, xs.Max), plotWidth)
            );
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<rect x=\"{from:F1}\" y=\"{Top}\" width=\"{Math.Max(0, to - from):F1}\" height=\"{PlotHeight}\" "
                    + $"fill=\"{span.Fill}\"><title>{Escape(span.Label)}</title></rect>\n"
            );
        }
    }

    /// <summary>The x axis's grid lines, ticks and label.</summary>
    private static void XAxis(StringBuilder svg, ChartScale xs, string label, int plotWidth)
    {
        foreach (var tick in xs.Ticks())
        {
            var x = X(xs, tick, plotWidth);
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<line x1=\"{x:F1}\" y1=\"{Top}\" x2=\"{x:F1}\" y2=\"{Top + PlotHeight}\" stroke=\"#eee\"/>\n"
            );
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<text x=\"{x:F1}\" y=\"{Top + PlotHeight + 16}\" font-size=\"11\" "
                    + $"text-anchor=\"middle\">{tick.ToString("#,0.###", CultureInfo.InvariantCulture)}</text>\n"
            );
        }

        svg.Append(
            CultureInfo.InvariantCulture,
            $"<text x=\"{Left + (plotWidth / 2)}\" y=\"{Top + PlotHeight + 36}\" font-size=\"12\" "
                + $"text-anchor=\"middle\">{Escape(label)}</text>\n"
        );
    }

    /// <summary>One line through its drawn points, with a marker per point where they are few.</summary>
    private static void DrawLine(
        StringBuilder svg,
        (ChartScale X, ChartScale Y) scales,
        string series,
        IReadOnlyList<(double X, double Y)> drawn,
        string color,
        Func<double, string> format,
        int plotWidth
    )
    {
        var (xs, ys) = scales;
        var path = string.Join(
            ' ',
            drawn
                .OrderBy(p => p.X)
                .Select(p => string.Create(CultureInfo.InvariantCulture, $"{X(xs, p.X, plotWidth):F1},{Y(ys, p.Y):F1}"))
        );
        svg.Append(
            CultureInfo.InvariantCulture,
            $"<polyline points=\"{path}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"2\"/>\n"
        );
        foreach (var (px, py) in drawn.Count <= MarkedPoints ? drawn : [])
        {
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<circle cx=\"{X(xs, px, plotWidth):F1}\" cy=\"{Y(ys, py):F1}\" r=\"3\" "
                    + $"fill=\"{color}\"><title>{Escape($"{series}: {format(py)} at {px:#,0}")}"
                    + $"</title></circle>\n"
            );
        }
    }

    /// <summary>The shaded stretches' legend entries, from <paramref name="top"/> down.</summary>
    private static void SpanLegend(StringBuilder svg, IReadOnlyList<Span> spans, int top)
    {
        for (var i = 0; i < spans.Count; i++)
        {
            LegendEntry(svg, top + (i * 18), $"fill=\"{spans[i].Fill}\" stroke=\"#999\"", spans[i].Label);
        }
    }
}
