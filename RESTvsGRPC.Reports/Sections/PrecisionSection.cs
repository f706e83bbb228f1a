using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The headline's precision, ratio by ratio: the median and Hodges–Lehmann's estimate of the same per-trial ratios,
/// each with its 95 % interval, and where the noise sits (within a trial, between fresh processes) with the rounds per
/// trial Kalibera and Jones's allocation gives from this run's own costs.
/// </summary>
internal static class PrecisionSection
{
    /// <summary>Adds the section where the run's ratios carry Hodges–Lehmann's estimate.</summary>
    public static void Add(ReportDocument document, TrialsRun trials)
    {
        if (!trials.Headline.Any(r => r.HodgesLehmann is not null))
        {
            return;
        }

        var costs = Costs(trials);
        var noise = trials.Headline.Any(r => r.Components is not null);
        var blocks = trials.Headline.Any(r => r.Components?.Blocks is not null);
        IReadOnlyList<string> noiseColumns =
        [
            "trials × rounds",
            "cell",
            "within, per round",
            "s per √s",
            "between (T₂)",
            "best rounds",
            .. blocks ? new[] { "within, blocks of 1/2/4… rounds" } : [],
        ];
        document
            .AddHeading(3, "Estimators and where the noise sits")
            .AddParagraph(Method + (noise ? NoiseText(costs, trials.Plan.Slices) : NoRounds))
            .AddTable(
                ["quantity", "operation", "arm", "median", "Hodges–Lehmann", .. noise ? noiseColumns : []],
                trials.Headline.Select(r =>
                    (IReadOnlyList<string>)
                        [
                            r.Quantity,
                            r.Operation,
                            trials.NameOf(r.Arm),
                            HeadlineSection.Ratio(r),
                            Estimate(r.HodgesLehmann),
                            .. noise ? NoiseCells(r.Components, costs, blocks) : [],
                        ]
                ),
                [.. Enumerable.Range(3, noise ? 2 + 6 : 2)]
            );
    }

    private const string Method =
        "Both estimators read the same per-trial ratios: the median with its exact order-statistic interval (the "
        + "table above), and Hodges–Lehmann's estimate on their logarithms (the median of every pair's mean) with the "
        + "interval Wilcoxon's signed-rank distribution gives, which assumes the logs spread symmetrically and needs "
        + "about two thirds of the median's trials for the same width (with six trials both intervals are the lowest "
        + "and highest trial). ";

    private const string NoRounds =
        "These results were written before each slice's reading was kept, so where the noise sits is not shown.";

    private static string Estimate(HodgesLehmannInterval? interval) =>
        interval is { } hl ? Units.RatioInterval(hl.Estimate, hl.Lower, hl.Upper) : "no interval";

    private static IReadOnlyList<string> NoiseCells(
        VarianceComponents? components,
        (double Round, double Fixed)? costs,
        bool blocks
    )
    {
        if (components is null)
        {
            return [.. Enumerable.Repeat("—", blocks ? 7 : 6)];
        }

        var best = costs is { } c ? components.OptimalRounds(c.Round, c.Fixed) : null;
        return
        [
            $"{components.Trials} × {components.Rounds}",
            Units.Time(components.CellSeconds * 1e9),
            Log(components.RoundSd),
            Log(components.WithinSdPerRootSecond),
            Log(components.TrialSd),
            best is { } rounds ? rounds.ToString("0.0", CultureInfo.InvariantCulture) : "—",
            .. blocks ? new[] { string.Join(" / ", components.Blocks?.Select(b => Log(b.Sd)) ?? ["—"]) } : [],
        ];
    }

    /// <summary>A spread of logs, three decimals (0.050 is about ±5 %).</summary>
    private static string Log(double sd) => sd.ToString("0.000", CultureInfo.InvariantCulture);

    /// <summary>
    /// The mean cost of one round of every cell (c₁) and of a fresh trial besides its rounds and open loop (c₂),
    /// seconds; null where the trials kept no timings.
    /// </summary>
    private static (double Round, double Fixed)? Costs(TrialsRun trials)
    {
        var timed = trials.Trials.Select(t => t.Timing).OfType<TrialTiming>().ToList();
        return timed.Count == 0
            ? null
            : (timed.Average(t => t.SlicesSeconds) / trials.Plan.Slices, timed.Average(t => t.FixedSeconds));
    }

    private static string NoiseText((double Round, double Fixed)? costs, int rounds) =>
        "The noise is on the log of each round's paired ratio (the arm's slice over the baseline's in the same "
        + "round): **within** a trial, one round's spread (s per √second: that spread times the root of a cell's "
        + "seconds); **between** trials (T₂), what a fresh process adds to a trial's mean beyond its rounds' share. "
        + (costs is { } c ? CostsText(c, rounds) : "This run kept no trial timings.");

    private static string CostsText((double Round, double Fixed) costs, int rounds) =>
        $"A trial cost {Units.Time(costs.Fixed * 1e9)} before it measured (servers, process, warm-up, settling) and "
        + $"{Units.Time(costs.Round * 1e9)} per round of every cell ({rounds} rounds); "
        + "**best rounds** is the rounds per trial that give the narrowest interval for the time, "
        + "√(c₂·within² / (c₁·T₂²)) with those costs (Kalibera and Jones), each ratio on its own.";
}
