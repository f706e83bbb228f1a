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
        var blocks = trials.Headline.Any(r => r.Components?.Blocks is not null);
        document
            .AddHeading(3, "Estimators and where the noise sits")
            .AddParagraph(
                "Both estimators read the same per-trial ratios: the median with its exact order-statistic interval "
                    + "(the table above), and Hodges–Lehmann's estimate on their logarithms (the median of every "
                    + "pair's mean) with the interval Wilcoxon's signed-rank distribution gives, which assumes the logs "
                    + "spread symmetrically and needs about two thirds of the median's trials for the same width. "
                    + "The noise is on the log of each round's paired ratio (the arm's slice over the baseline's in "
                    + "the same round): **within** a trial, one round's spread (s per √second: that spread times the "
                    + "root of a cell's seconds); **between** trials (T₂), what a fresh process adds to a trial's mean "
                    + "beyond its rounds' share. "
                    + (costs is { } c ? CostsText(c, trials.Plan.Slices) : "This run kept no trial timings.")
            )
            .AddTable(
                [
                    "quantity",
                    "operation",
                    "arm",
                    "median",
                    "Hodges–Lehmann",
                    "trials × rounds",
                    "cell",
                    "within, per round",
                    "s per √s",
                    "between (T₂)",
                    "best rounds",
                    .. blocks ? new[] { "within, blocks of 1/2/4/8 rounds" } : [],
                ],
                trials.Headline.Select(r => Cells(r, trials.NameOf(r.Arm), costs, blocks)),
                3,
                4,
                5,
                6,
                7,
                8,
                9,
                10
            );
    }

    private static IReadOnlyList<string> Cells(
        HeadlineRatio ratio,
        string arm,
        (double Round, double Fixed)? costs,
        bool blocks
    )
    {
        var components = ratio.Components;
        var best =
            components is not null && costs is { } c ? components.OptimalRounds(c.Round, c.Fixed) : (double?)null;
        return
        [
            ratio.Quantity,
            ratio.Operation,
            arm,
            HeadlineSection.Ratio(ratio),
            ratio.HodgesLehmann is { } hl
                ? (hl.Lower <= 1 && hl.Upper >= 1 ? "≈ " : "")
                    + $"{Units.Ratio(hl.Estimate)} [{Units.Ratio(hl.Lower)}, {Units.Ratio(hl.Upper)}]"
                : "no interval",
            components is null ? "—" : $"{components.Trials} × {components.Rounds}",
            components is null ? "—" : Units.Time(components.CellSeconds * 1e9),
            components is null ? "—" : Log(components.RoundSd),
            components is null ? "—" : Log(components.WithinSdPerRootSecond),
            components is null ? "—" : Log(components.TrialSd),
            best is { } rounds ? rounds.ToString("0.0", CultureInfo.InvariantCulture) : "—",
            .. blocks ? new[] { string.Join(" / ", components?.Blocks?.Select(b => Log(b.Sd)) ?? ["—"]) } : [],
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

    private static string CostsText((double Round, double Fixed) costs, int rounds) =>
        $"A trial cost {Units.Time(costs.Fixed * 1e9)} before it measured (servers, process, warm-up, settling) and "
        + $"{Units.Time(costs.Round * 1e9)} per round of every cell ({rounds} rounds); "
        + "**best rounds** is the rounds per trial that give the narrowest interval for the time, "
        + "√(c₂·within² / (c₁·T₂²)) with those costs (Kalibera and Jones), each ratio on its own.";
}
