using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The scaling suite: t(n) = a + b·n fitted to each arm, and its chart.</summary>
internal static class ScalingSection
{
    public static void Add(SummaryContext summary)
    {
        var scaling = summary.InSuite(Suites.Scaling).Where(b => b.Records is not null).ToList();
        if (scaling.Count == 0)
        {
            return;
        }

        summary
            .Document.AddHeading(2, "Scaling: t(n) = a + b·n")
            .AddTable(
                ["arm", "operation", "points", "fixed cost a", "per record b", "R²"],
                scaling
                    .GroupBy(b => b.Method)
                    .Select(g =>
                    {
                        var fit = LinearFit.Of([.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall))]);
                        return (IReadOnlyList<string>)
                            [
                                summary.NameOf(g.First()),
                                g.First().Operation,
                                g.Count().ToString(CultureInfo.InvariantCulture),
                                Units.Time(fit.A),
                                Units.Time(fit.B),
                                fit.RSquared.ToString("0.0000", CultureInfo.InvariantCulture),
                            ];
                    }),
                2,
                3,
                4,
                5
            );
        summary.Charts.Add(
            (
                "scaling.svg",
                SvgChart.Lines(
                    "Time per call against records per call",
                    "records per call (log scale)",
                    "time per call",
                    [
                        .. scaling
                            .GroupBy(b => b.Method)
                            .Select(g => new SvgChart.Line(
                                $"{SummaryText.Short(g.First().Operation)}: {summary.NameOf(g.First())}",
                                [.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall / 1e3))]
                            )),
                    ],
                    SummaryText.Microseconds
                )
            )
        );
        summary.Document.AddImage("scaling.svg", "Scaling with the number of records");
    }
}
