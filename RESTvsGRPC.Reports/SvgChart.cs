using System.Globalization;
using System.Security;
using System.Text;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Charts as standalone SVG text, drawn here so a run needs no R, Python or browser: grouped bars (values printed
/// on the bars, error whiskers, optional log scale) and lines (log–log for scaling). Every axis names its unit.
/// </summary>
public static partial class SvgChart
{
    /// <summary>One bar: its series (the legend entry), value and optional error half-width.</summary>
    public sealed record Bar(string Series, double Value, double? Error = null)
    {
        /// <summary>
        /// The bar's interval where it is not symmetric about the value (a median's), drawn as its whisker in place
        /// of <see cref="Error"/>.
        /// </summary>
        public (double Low, double High)? Interval { get; init; }
    }

    /// <summary>A ratio's bar: its median, with its interval as the whisker where it has one.</summary>
    public static Bar RatioBar(string series, double median, (double Low, double High)? interval) =>
        new(series, median) { Interval = interval };

    /// <summary>A group of bars under one label on the x axis.</summary>
    public sealed record Group(string Label, IReadOnlyList<Bar> Bars);

    private static readonly string[] Palette =
    [
        "#4e79a7",
        "#f28e2b",
        "#59a14f",
        "#e15759",
        "#76b7b2",
        "#edc948",
        "#b07aa1",
        "#ff9da7",
        "#9c755f",
        "#bab0ac",
        "#2f4b7c",
        "#3d7a4a",
        "#8c2d19",
        "#6b4c9a",
    ];
    private const int Left = 90,
        Right = 20,
        Top = 50,
        Bottom = 90,
        PlotHeight = 320;

    /// <summary>
    /// Ratios as grouped bars on a linear axis from 0, with a dashed line at 1× where a bar shows no difference.
    /// </summary>
    public static string RatioBars(string title, string valueAxis, IReadOnlyList<Group> groups) =>
        GroupedBars(title, valueAxis, groups, logScale: false, v => Units.Ratio(v), reference: 1);

    /// <summary>
    /// Grouped bars; <paramref name="logScale"/> where the values span orders of magnitude; a dashed line across the
    /// plot at <paramref name="reference"/>, where given.
    /// </summary>
    public static string GroupedBars(
        string title,
        string valueAxis,
        IReadOnlyList<Group> groups,
        bool logScale,
        Func<double, string> format,
        double? reference = null
    )
    {
        var series = groups.SelectMany(g => g.Bars.Select(b => b.Series)).Distinct().ToList();
        const int barWidth = 26,
            groupGap = 30;
        var groupWidths = groups.Select(g => (g.Bars.Count * barWidth) + groupGap).ToList();
        // Labels wider than their group are turned 35°: the space under the plot grows to hold them, and the
        // bars move right so the first label stays inside the picture.
        var rotate = groups.Zip(groupWidths).Any(g => LabelWidth(g.First.Label) > g.Second - 4);
        var labelSpace = rotate ? 20 + (int)(groups.Max(g => LabelWidth(g.Label)) * 0.6) : 24;
        var shift =
            rotate && groups.Count > 0
                ? Math.Max(0, (int)((LabelWidth(groups[0].Label) * 0.82) - (groupWidths[0] / 2.0) - Left + 10))
                : 0;
        var plotWidth = Math.Max(360, groupWidths.Sum() + shift);
        var width = Left + plotWidth + Right;
        var legendHeight = 18 * (series.Count + (reference is null ? 0 : 1));
        var height = Top + PlotHeight + labelSpace + 30 + legendHeight;
        var bars = groups.SelectMany(g => g.Bars).Where(b => b.Value > 0).ToList();
        var scale = FitBarScale(bars, logScale, format, reference);
        width = Math.Max(
            Math.Max(width, (int)TextWidth(title, TitleFontSize) + 20),
            LegendWidth([.. series, .. ReferenceLabel(reference, format)])
        );
        var svg = Begin(width, height, title);
        Axis(svg, scale, valueAxis, plotWidth, format);
        var x = Left + shift + (groupGap / 2.0);
        foreach (var group in groups)
        {
            foreach (var bar in group.Bars)
            {
                var color = Palette[series.IndexOf(bar.Series) % Palette.Length];
                DrawBar(svg, scale, x, barWidth - 4, group.Label, bar, color, format);
                x += barWidth;
            }

            GroupLabel(svg, x - (group.Bars.Count * barWidth / 2.0), group.Label, rotate);
            x += groupGap;
        }

        if (reference is { } at)
        {
            Reference(svg, scale, at, plotWidth, format, Top + PlotHeight + labelSpace + 16 + (series.Count * 18));
        }

        Legend(svg, series, Top + PlotHeight + labelSpace + 16);
        return End(svg);
    }

    /// <summary>
    /// The value axis from the lowest bar to the highest whisker, and on until every value label, written upwards from
    /// the top of its whisker, ends below the title.
    /// </summary>
    private static ChartScale FitBarScale(
        IReadOnlyList<Bar> bars,
        bool logScale,
        Func<double, string> format,
        double? reference
    )
    {
        var (lowest, highest) = (
            bars.Select(b => b.Value).DefaultIfEmpty(1).Min(),
            Math.Max(bars.Select(Reach).DefaultIfEmpty(1).Max(), reference ?? 0)
        );
        var scale = ChartScale.For(lowest, highest, logScale);
        for (
            var stretch = 1.15;
            bars.Any(b => Y(scale, Reach(b)) - ValueLabelGap - TextWidth(format(b.Value), ValueFontSize) < TitleSpace);
            stretch *= 1.15
        )
        {
            scale = ChartScale.For(
                lowest,
                logScale ? lowest * Math.Pow(highest / lowest, stretch) : highest * stretch,
                logScale
            );
        }

        return scale;
    }

    /// <summary>One bar at <paramref name="x"/>: its rectangle, its whisker and its value written upwards.</summary>
    private static void DrawBar(
        StringBuilder svg,
        ChartScale scale,
        double x,
        int width,
        string groupLabel,
        Bar bar,
        string color,
        Func<double, string> format
    )
    {
        var y = Y(scale, bar.Value);
        svg.Append(
            CultureInfo.InvariantCulture,
            $"<rect x=\"{x:F1}\" y=\"{y:F1}\" width=\"{width}\" height=\"{Top + PlotHeight - y:F1}\" "
                + $"fill=\"{color}\"><title>{Escape($"{groupLabel}, {bar.Series}: {format(bar.Value)}")}"
                + $"</title></rect>\n"
        );
        var middle = x + (width / 2.0);
        if (Whisker(bar) is var (from, to))
        {
            var (low, high) = (Y(scale, Math.Max(from, scale.Min)), Y(scale, to));
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<line x1=\"{middle:F1}\" y1=\"{low:F1}\" x2=\"{middle:F1}\" y2=\"{high:F1}\" stroke=\"#333\"/>\n"
            );
        }

        // Written upwards from above the whisker: it never crosses the whisker, the axis or the labels below.
        var (labelX, labelY) = (middle + (ValueFontSize / 3.0), Y(scale, Reach(bar)) - ValueLabelGap);
        svg.Append(
            CultureInfo.InvariantCulture,
            $"<text x=\"{labelX:F1}\" y=\"{labelY:F1}\" font-size=\"{ValueFontSize}\" text-anchor=\"start\" "
                + $"transform=\"rotate(-90 {labelX:F1} {labelY:F1})\">{Escape(format(bar.Value))}</text>\n"
        );
    }

    /// <summary>A group's label under the plot at <paramref name="center"/>, turned where labels are wide.</summary>
    private static void GroupLabel(StringBuilder svg, double center, string label, bool rotate) =>
        svg.Append(
            rotate
                ? string.Create(
                    CultureInfo.InvariantCulture,
                    $"<text x=\"{center:F1}\" y=\"{Top + PlotHeight + 16}\" font-size=\"12\" text-anchor=\"end\" "
                        + $"transform=\"rotate(-35 {center:F1} {Top + PlotHeight + 16})\">{Escape(label)}</text>\n"
                )
                : string.Create(
                    CultureInfo.InvariantCulture,
                    $"<text x=\"{center:F1}\" y=\"{Top + PlotHeight + 18}\" font-size=\"12\" "
                        + $"text-anchor=\"middle\">{Escape(label)}</text>\n"
                )
        );

    /// <summary>
    /// The dashed line across the plot at <paramref name="at"/>, and its legend entry at <paramref name="legendY"/>.
    /// </summary>
    private static void Reference(
        StringBuilder svg,
        ChartScale scale,
        double at,
        int plotWidth,
        Func<double, string> format,
        int legendY
    )
    {
        var y = Y(scale, at);
        svg.Append(
                CultureInfo.InvariantCulture,
                $"<line x1=\"{Left}\" y1=\"{y:F1}\" x2=\"{Left + plotWidth}\" y2=\"{y:F1}\" stroke=\"#c0392b\" "
                    + $"stroke-dasharray=\"6,4\"/>\n"
            )
            .Append(
                CultureInfo.InvariantCulture,
                $"<line x1=\"{Left}\" y1=\"{legendY + 6}\" x2=\"{Left + 12}\" y2=\"{legendY + 6}\" "
                    + $"stroke=\"#c0392b\" stroke-dasharray=\"4,2\"/>\n"
            )
            .Append(
                CultureInfo.InvariantCulture,
                $"<text x=\"{Left + 18}\" y=\"{legendY + 10}\" font-size=\"12\">"
                    + $"{Escape(ReferenceLabel(at, format)[0])}</text>\n"
            );
    }

    /// <summary>The legend's words for the dashed line; none where there is no line.</summary>
    private static string[] ReferenceLabel(double? at, Func<double, string> format) =>
        at is { } value ? [$"{format(value)}: no difference"] : [];

    /// <summary>How far a bar and its whisker reach up.</summary>
    private static double Reach(Bar bar) => Math.Max(bar.Value, Whisker(bar)?.High ?? 0);

    /// <summary>Where a bar's whisker runs: its interval, or its value ± its error; null without either.</summary>
    private static (double Low, double High)? Whisker(Bar bar) =>
        bar.Interval is var (low, high) && double.IsFinite(low) && double.IsFinite(high) ? (low, high)
        : bar.Error is > 0 and var error && double.IsFinite(error) ? (bar.Value - error, bar.Value + error)
        : null;

    /// <summary>An estimate of a text's width in a sans-serif font: 0.6 em a character.</summary>
    public static double TextWidth(string text, double fontSize) => text.Length * fontSize * 0.6;

    private const int ValueFontSize = 9,
        TitleFontSize = 15,
        ValueLabelGap = 4;

    /// <summary>Where the title ends: value labels stay below it.</summary>
    private const int TitleSpace = 34;

    private static StringBuilder Begin(int width, int height, string title) =>
        new StringBuilder()
            .Append(
                CultureInfo.InvariantCulture,
                $"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 "
                    + $"{width} {height}\" font-family=\"sans-serif\">\n"
            )
            .Append(CultureInfo.InvariantCulture, $"<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n")
            .Append(
                CultureInfo.InvariantCulture,
                $"<text x=\"{width / 2}\" y=\"24\" font-size=\"15\" font-weight=\"bold\" "
                    + $"text-anchor=\"middle\">{Escape(title)}</text>\n"
            );

    private static string End(StringBuilder svg) => svg.Append("</svg>\n").ToString();

    private static void Axis(
        StringBuilder svg,
        ChartScale scale,
        string label,
        int plotWidth,
        Func<double, string> format
    )
    {
        foreach (var tick in scale.Ticks())
        {
            var y = Y(scale, tick);
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<line x1=\"{Left}\" y1=\"{y:F1}\" x2=\"{Left + plotWidth}\" y2=\"{y:F1}\" stroke=\"#eee\"/>\n"
            );
            svg.Append(
                CultureInfo.InvariantCulture,
                $"<text x=\"{Left - 6}\" y=\"{y + 4:F1}\" font-size=\"11\" "
                    + $"text-anchor=\"end\">{Escape(format(tick))}</text>\n"
            );
        }

        svg.Append(
            CultureInfo.InvariantCulture,
            $"<line x1=\"{Left}\" y1=\"{Top}\" x2=\"{Left}\" y2=\"{Top + PlotHeight}\" stroke=\"#333\"/>\n"
        );
        svg.Append(
            CultureInfo.InvariantCulture,
            $"<line x1=\"{Left}\" y1=\"{Top + PlotHeight}\" x2=\"{Left + plotWidth}\" y2=\"{Top + PlotHeight}\" "
                + $"stroke=\"#333\"/>\n"
        );
        var middle = Top + (PlotHeight / 2);
        svg.Append(
            CultureInfo.InvariantCulture,
            $"<text x=\"18\" y=\"{middle}\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 18 "
                + $"{middle})\">{Escape(label + (scale.Log ? " (log scale)" : ""))}</text>\n"
        );
    }

    private static void Legend(StringBuilder svg, IReadOnlyList<string> series, int top)
    {
        for (var i = 0; i < series.Count; i++)
        {
            LegendEntry(svg, top + (i * 18), $"fill=\"{Palette[i % Palette.Length]}\"", series[i]);
        }
    }

    /// <summary>A legend's row at <paramref name="y"/>: a swatch with <paramref name="swatch"/>, its label.</summary>
    private static void LegendEntry(StringBuilder svg, int y, string swatch, string label) =>
        svg.Append(
                CultureInfo.InvariantCulture,
                $"<rect x=\"{Left}\" y=\"{y}\" width=\"12\" height=\"12\" {swatch}/>\n"
            )
            .Append(
                CultureInfo.InvariantCulture,
                $"<text x=\"{Left + 18}\" y=\"{y + 10}\" font-size=\"12\">{Escape(label)}</text>\n"
            );

    private static double LabelWidth(string label) => TextWidth(label, 12);

    /// <summary>The picture's width that holds the longest legend entry, its swatch and a margin.</summary>
    private static int LegendWidth(IReadOnlyList<string> series) =>
        Left + 18 + (int)series.Select(LabelWidth).DefaultIfEmpty(0).Max() + 10;

    private static double Y(ChartScale scale, double value) => Top + PlotHeight - (scale.Position(value) * PlotHeight);

    private static double X(ChartScale scale, double value, int plotWidth) =>
        Left + (scale.Position(value) * plotWidth);

    private static string Escape(string text) => SecurityElement.Escape(text);
}
