using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Where protobuf starts to pay: from the scaling suite, each arm's ratio to REST + JSON (its time per call over the
/// arm's) at every record count measured, and the record count at which it passes each of <see cref="Thresholds"/>,
/// read from the two arms' fits t(n) = a + b·n (<see cref="LinearFit"/>) rather than from single cases, whose ratio
/// moves with the process each ran in.
/// </summary>
public static class PayloadThresholdSection
{
    /// <summary>The ratios a record count is given for.</summary>
    public static IReadOnlyList<double> Thresholds { get; } = [1.2, 2];

    /// <summary>
    /// One arm's ratio to REST + JSON on one operation, record count by record count, with both arms' fits.
    /// </summary>
    public sealed record Curve(
        string Operation,
        BenchmarkResult Arm,
        IReadOnlyList<(int Records, double Ratio)> Points,
        LinearFit Baseline,
        LinearFit Fit
    )
    {
        /// <summary>The ratio the fits approach as records grow: REST + JSON's cost a record over the arm's.</summary>
        public double Limit => Baseline.B / Fit.B;
    }

    internal static void Add(SummaryContext summary)
    {
        var curves = Curves(summary.InSuite(Suites.Scaling));
        if (curves.Count == 0)
        {
            return;
        }

        var counts = curves.SelectMany(c => c.Points.Select(p => p.Records)).Distinct().Order().ToList();
        summary
            .Document.AddHeading(3, "Where protobuf starts to pay")
            .AddParagraph(
                "Each arm's ratio to REST + JSON over HTTP/1.1 (REST + JSON's time per call over the arm's, above 1 "
                    + "the arm is faster) at every record count, one process per case; the ratio the two fits "
                    + "t(n) = a + b·n approach as records grow (REST + JSON's b over the arm's); and the count at "
                    + "which the fits' ratio passes each threshold. The counts come from the fits, not from single "
                    + "cases, whose ratio moves with the process each ran in."
            )
            .AddTable(
                [
                    "operation",
                    "arm",
                    .. counts.Select(n => $"{Units.Whole(n)} records"),
                    "limit",
                    .. Thresholds.Select(t => $"passes {Units.Ratio(t)} at"),
                ],
                curves.Select(c =>
                    (IReadOnlyList<string>)
                        [
                            c.Operation,
                            summary.NameOf(c.Arm),
                            .. counts.Select(n =>
                                c.Points.Where(p => p.Records == n).Select(p => Units.Ratio(p.Ratio)).FirstOrDefault("")
                            ),
                            Units.Ratio(c.Limit),
                            .. Thresholds.Select(t =>
                                Crossing(c.Baseline, c.Fit, t) switch
                                {
                                    null => "never",
                                    < 1 => "from the first record",
                                    var n => $"{Units.Whole(n.Value)} records",
                                }
                            ),
                        ]
                ),
                [.. Enumerable.Range(2, counts.Count + 1 + Thresholds.Count)]
            );
        summary.Charts.Add((Chart, RatioChart(summary, curves)));
        summary.Document.AddImage(Chart, "Ratio to REST + JSON against records per call");
    }

    /// <summary>The chart of the ratios against the record count.</summary>
    public const string Chart = "payload-ratio.svg";

    /// <summary>Every arm but REST + JSON's, per operation, at the counts REST + JSON was measured at too.</summary>
    public static IReadOnlyList<Curve> Curves(IReadOnlyList<BenchmarkResult> scaling)
    {
        var measured = scaling.Where(b => b.Records is not null).ToList();
        LinearFit FitOf(IEnumerable<BenchmarkResult> cases) =>
            LinearFit.Of([.. cases.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall))]);
        return
        [
            .. measured
                .Where(b => b.Arm != TrialStatistics.Baseline)
                .GroupBy(b => (b.Operation, b.Method))
                .Select(g =>
                {
                    var baseline = measured
                        .Where(r => r.Arm == TrialStatistics.Baseline && r.Operation == g.Key.Operation)
                        .ToList();
                    var points = g.Select(b => (b, Base: baseline.FirstOrDefault(r => r.Records == b.Records)))
                        .Where(p => p.Base is not null)
                        .OrderBy(p => p.b.Records)
                        .Select(p => (p.b.Records!.Value, p.Base!.NanosecondsPerCall / p.b.NanosecondsPerCall))
                        .ToList();
                    return points.Count >= 2
                        ? new Curve(g.Key.Operation, g.First(), points, FitOf(baseline), FitOf(g))
                        : null;
                })
                .OfType<Curve>(),
        ];
    }

    /// <summary>
    /// The record count at which the fits' ratio (a₀ + b₀·n) / (a + b·n) reaches <paramref name="ratio"/>;
    /// below 1 where it does from the first record; null where it never does, its limit b₀ / b lying at or below
    /// it.
    /// </summary>
    public static double? Crossing(LinearFit baseline, LinearFit arm, double ratio) =>
        baseline.B <= ratio * arm.B ? null : ((ratio * arm.A) - baseline.A) / (baseline.B - (ratio * arm.B));

    private static string RatioChart(SummaryContext summary, IReadOnlyList<Curve> curves) =>
        SvgChart.Lines(
            "Ratio to REST + JSON against records per call (above 1: faster)",
            "records per call (log scale)",
            "ratio to REST + JSON",
            [
                .. curves.Select(c => new SvgChart.Line(
                    $"{SummaryText.Short(c.Operation)}: {summary.NameOf(c.Arm)}",
                    [.. c.Points.Select(p => ((double)p.Records, p.Ratio))]
                )),
            ],
            v => Units.Ratio(v),
            reference: 1
        );
}
