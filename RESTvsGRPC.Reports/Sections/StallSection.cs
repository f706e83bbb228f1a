using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The trials' stalls (<see cref="StallSummary"/>): each cell that had one, the headline ratios with and without the
/// trials that stalled, the trials a call timeout failed; or one line that there were none, with the longest gap.
/// </summary>
internal static class StallSection
{
    /// <summary>Adds the section where the run recorded its gaps.</summary>
    public static void Add(ReportDocument document, TrialsRun trials)
    {
        if (trials.Stalls is not { } stalls)
        {
            return;
        }

        document.AddHeading(3, "Stalls");
        if (stalls.Stalls == 0)
        {
            document.AddParagraph($"None. {Rule} {Longest(trials, stalls)}{Retransmitted(stalls)}");
            AddLongGaps(document, trials, stalls);
            AddCollapsedLevels(document, trials, stalls);
            return;
        }

        var stalled = stalls.Cells.Where(c => c.Stalls > 0).ToList();
        document
            .AddParagraph(
                $"{Count(stalls.Stalls, "stall")} in {Count(stalled.Sum(c => c.StalledTrials), "cell")}. {Rule} "
                    + "Each stalled throughput cell was set aside where the other trials chose an arm's peak level; "
                    + "the trial's own reading stays in the ratios below, which are also shown without it."
                    + Retransmitted(stalls)
            )
            .AddTable(
                [
                    "operation",
                    "arm",
                    "quantity",
                    "level",
                    "stalled trials",
                    "stalls",
                    "longest gap",
                    "retransmitted (timeouts)",
                ],
                stalled.Select(c => Row(trials, c)),
                [4, 5, 6, 7]
            );
        AddRatios(document, trials, stalls);
        AddLongGaps(document, trials, stalls);
        AddCollapsedLevels(document, trials, stalls);
        if (stalls.TimedOutTrials > 0)
        {
            document.AddParagraph(
                $"{Count(stalls.TimedOutTrials, "trial")} failed on a call that outlived --call-timeout, each counted "
                    + "as one stall (a stall that never ended; the failures table names the call)."
            );
        }
    }

    /// <summary>A stalled cell: where, how many of its trials stalled, how often, its longest gap, its loss.</summary>
    private static IReadOnlyList<string> Row(TrialsRun trials, StallCell c) =>
        [
            c.Operation,
            trials.NameOf(c.Arm),
            c.Quantity,
            Level(c),
            $"{c.StalledTrials} of {c.Trials}",
            Units.Whole(c.Stalls),
            Milliseconds(c.LongestMilliseconds),
            Loss(c),
        ];

    private const string Rule =
        "A stall is a gap between completions of 100 of the arm's calls one at a time (at a throughput level, also of "
        + "4 such calls per call in flight) and at least 200 ms (the window's end counting as a completion).";

    private static void AddRatios(ReportDocument document, TrialsRun trials, StallSummary stalls)
    {
        if (stalls.Ratios.Count == 0)
        {
            document.AddParagraph("No headline ratio was taken from a stalled cell.");
            return;
        }

        document.AddTable(
            ["quantity", "operation", "arm", "against", "all trials", "without stalled trials", "left out"],
            stalls.Ratios.Select(r =>
                (IReadOnlyList<string>)
                    [
                        r.Quantity,
                        r.Operation,
                        trials.NameOf(r.Arm),
                        trials.NameOf(r.Baseline),
                        trials.Headline.FirstOrDefault(h => Same(h, r)) is { } all ? HeadlineSection.Ratio(all) : "—",
                        r.Trials == 0
                            ? "no trial left"
                            : HeadlineSection.Ratio(
                                new HeadlineRatio(
                                    r.Quantity,
                                    r.Operation,
                                    r.Arm,
                                    r.Baseline,
                                    r.Median,
                                    r.Low,
                                    r.High,
                                    r.Trials,
                                    trials.Placement
                                )
                            ),
                        $"{r.StalledTrials} of {r.StalledTrials + r.Trials}",
                    ]
            ),
            [4, 5, 6]
        );
    }

    /// <summary>
    /// The throughput levels whose interval reaches below a quarter of their median, and whether stalls were counted
    /// there: a low that deep is one trial's collapse, and a stall should account for it.
    /// </summary>
    private static void AddCollapsedLevels(ReportDocument document, TrialsRun trials, StallSummary stalls)
    {
        var collapsed = TrialStatistics
            .Arms(trials.Trials)
            .SelectMany(a =>
                ThroughputPeak
                    .Curve(trials.Trials, a.Operation, a.Arm)
                    .Where(p => p.HasInterval && p.Low < p.Median / 4)
                    .Select(p => (a.Operation, a.Arm, Point: p))
            )
            .ToList();
        if (collapsed.Count == 0)
        {
            return;
        }

        var explained = collapsed.Count(c =>
            stalls.Cells.Any(s =>
                s is { Quantity: HeadlineRatio.Throughput, StalledTrials: > 0 }
                && (s.Operation, s.Arm, s.Level) == (c.Operation, c.Arm, c.Point.Concurrency)
            )
        );
        document.AddParagraph(
            $"Throughput levels whose interval reaches below a quarter of their median: {collapsed.Count} ("
                + string.Join(
                    "; ",
                    collapsed.Select(c =>
                        $"{c.Operation} {trials.NameOf(c.Arm)} at {c.Point.Concurrency}, low "
                        + $"{Units.Whole(c.Point.Low)} against {Units.Whole(c.Point.Median)} calls/s"
                    )
                )
                + $"); with a stall counted at that level: {explained}."
        );
    }

    private static bool Same(HeadlineRatio headline, StalledRatio stalled) =>
        (headline.Quantity, headline.Operation, headline.Arm, headline.Baseline)
        == (stalled.Quantity, stalled.Operation, stalled.Arm, stalled.Baseline);

    private static string Longest(TrialsRun trials, StallSummary stalls) =>
        stalls.Cells.MaxBy(c => c.LongestMilliseconds) is { } longest
            ? $"The longest gap was {Milliseconds(longest.LongestMilliseconds)} ({longest.Operation}, "
                + $"{trials.NameOf(longest.Arm)}, {longest.Quantity}"
                + $"{(longest.Level is null ? "" : " at " + Level(longest))})."
            : "";

    private static string Retransmitted(StallSummary stalls) =>
        stalls.Cells.Any(c => c.Retransmissions is not null)
            ? $" TCP segments retransmitted over the cells' windows, client's and servers' namespaces: "
                + $"{Units.Whole(stalls.Cells.Sum(c => c.Retransmissions ?? 0))}, with "
                + $"{Units.Whole(stalls.Cells.Sum(c => c.RetransmissionTimeouts ?? 0))} retransmission timeouts "
                + "(counted apart: a timeout holds its connection 200 ms at least, so a gap beside one is the "
                + "network's)."
            : "";

    private static string Loss(StallCell cell) =>
        cell.Retransmissions is { } segments
            ? $"{Units.Whole(segments)} ({Units.Whole(cell.RetransmissionTimeouts ?? 0)})"
            : "—";

    /// <summary>
    /// The cells with a gap of 200 ms or more short of their stall threshold, with their retransmission timeouts: what
    /// came near a stall, and whether the network's timer accounts for it.
    /// </summary>
    private static void AddLongGaps(ReportDocument document, TrialsRun trials, StallSummary stalls)
    {
        var near = stalls
            .Cells.Where(c => c.Stalls == 0 && c.LongestMilliseconds >= StallRule.FloorMilliseconds)
            .OrderByDescending(c => c.LongestMilliseconds)
            .ToList();
        if (near.Count > 0)
        {
            document.AddParagraph(
                "Gaps of 200 ms or more short of their arm's threshold: "
                    + string.Join(
                        "; ",
                        near.Select(c =>
                            $"{c.Operation} {trials.NameOf(c.Arm)}, {c.Quantity}"
                            + $"{(c.Level is null ? "" : " at " + Level(c))}, {Milliseconds(c.LongestMilliseconds)}"
                            + $" ({Units.Whole(c.RetransmissionTimeouts ?? 0)} retransmission timeouts in its windows)"
                        )
                    )
                    + "."
            );
        }
    }

    private static string Level(StallCell cell) =>
        cell.Level is not { } level ? "—"
        : cell.Quantity == StallCell.OpenLoop ? $"{level} %"
        : $"{level} in flight";

    private static string Milliseconds(double milliseconds) =>
        milliseconds >= 1000
            ? (milliseconds / 1000).ToString("0.00 s", CultureInfo.InvariantCulture)
            : milliseconds.ToString("0 ms", CultureInfo.InvariantCulture);

    private static string Count(int count, string noun) => $"{count} {noun}{(count == 1 ? "" : "s")}";
}
