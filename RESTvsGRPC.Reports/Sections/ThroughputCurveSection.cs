using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Each arm's calls/s against calls in flight over the trials (<see cref="ThroughputPeak.Curve"/>), the level its
/// throughput was taken at, an arm whose curve still rises at an edge of its levels, and what stopped the trials.
/// </summary>
internal static class ThroughputCurveSection
{
    /// <summary>
    /// Adds the curves' table and chart (<paramref name="chart"/>) where the trials measured more than one level, then
    /// why they stopped.
    /// </summary>
    public static void Add(SummaryContext summary, TrialsRun trials, string chart)
    {
        var curves = TrialStatistics
            .InReadersOrder(trials.Concurrency, c => c.Operation, c => c.Arm)
            .Select(c => (Arm: c, Curve: ThroughputPeak.Curve(trials.Trials, c.Operation, c.Arm)))
            .Where(c => c.Curve.Count > 1)
            .ToList();
        if (curves.Count > 0)
        {
            AddCurves(summary, trials, chart, curves);
        }

        if (Stopped(trials) is { } stopped)
        {
            summary.Document.AddParagraph(stopped);
        }
    }

    /// <summary>The curves' table and chart, and whether every arm's levels bracket its peak.</summary>
    private static void AddCurves(
        SummaryContext summary,
        TrialsRun trials,
        string chart,
        List<(ArmConcurrency Arm, IReadOnlyList<CurvePoint> Curve)> curves
    )
    {
        var rising = curves
            .Select(c => (c.Arm, Edge: ThroughputPeak.RisingEdge(c.Curve)))
            .Where(c => c.Edge != CurveEdge.None)
            .ToList();
        summary
            .Document.AddHeading(3, "Calls/s against calls in flight")
            .AddParagraph(Introduction(trials, rising))
            .AddTable(
                ["operation", "arm", "calls/s at each level", "taken at"],
                curves.Select(c =>
                    (IReadOnlyList<string>)
                        [
                            c.Arm.Operation,
                            trials.NameOf(c.Arm.Arm),
                            string.Join(" · ", c.Curve.Select(Cell)),
                            $"{c.Arm.Concurrency}",
                        ]
                ),
                3
            );
        var lines = curves
            .Select(c => new SvgChart.Line(
                $"{c.Arm.Operation}, {trials.NameOf(c.Arm.Arm)}",
                [.. c.Curve.Select(p => ((double)p.Concurrency, p.Median))]
            ))
            .ToList();
        summary.Charts.Add(
            (
                chart,
                SvgChart.Lines(
                    "Calls/s against calls in flight, per arm (median over trials)",
                    "calls in flight",
                    "calls/s",
                    lines,
                    Units.Whole
                )
            )
        );
        summary.Document.AddImage(chart, "Each arm's calls/s against calls in flight, the median over the trials");
    }

    /// <summary>Which levels the trials measured, which one each arm's throughput is taken at, and the edges.</summary>
    private static string Introduction(TrialsRun trials, List<(ArmConcurrency Arm, CurveEdge Edge)> rising) =>
        (
            trials.CurveTrials is { } curve
                ? $"The first {curve} trials measured each arm at every level of its operation, each "
                    + "later one at the arm's peak over the trials before it and the levels either side "
                    + "(a level's trials are in its cell), "
                : "Every trial measured each arm at every level of its operation, "
        )
        + "the arms taking turns; each arm's throughput in a trial is its calls/s at the level "
        + (
            trials.PeakChosenOnOtherTrials == true
                ? "that served it most over the other trials, "
                    + "so the reading that picks the peak is not the one that measures it"
                : "that served it most in that trial"
        )
        + ". Each cell is the median over the trials, with its 95 % interval. "
        + (
            rising.Count == 0
                ? "Every arm's levels bracket its peak " + "(no edge level above its neighbour beyond both intervals)."
                : $"**Still rising at the edge**: "
                    + $"{string.Join("; ", rising.Select(r => RisingText(trials, r)))}: "
                    + "the levels did not bracket its peak; measure wider ones (`--in-flight`)."
        );

    /// <summary>An arm whose curve still rises at an edge level, and which edge.</summary>
    private static string RisingText(TrialsRun trials, (ArmConcurrency Arm, CurveEdge Edge) rising) =>
        $"{rising.Arm.Operation}, {trials.NameOf(rising.Arm.Arm)} "
        + $"(its {(rising.Edge == CurveEdge.Highest ? "highest" : "lowest")} level)";

    /// <summary>A ratio whose interval stayed wider than the stopping rule's bound, and how wide.</summary>
    private static string WideText(TrialsRun trials, HeadlineRatio ratio) =>
        $"{ratio.Operation} {trials.NameOf(ratio.Arm)} {ratio.Quantity} "
        + (ratio.HasInterval ? $"±{Units.Percent(TrialStopping.Deviation(ratio))}" : "no interval");

    /// <summary>"16: 9,876 [9,500, 10,100]", or the median alone without an interval.</summary>
    private static string Cell(CurvePoint point) =>
        point.HasInterval
            ? $"{point.Concurrency}: {Units.Whole(point.Median)} [{Units.Whole(point.Low)}, {Units.Whole(point.High)}]"
            : $"{point.Concurrency}: {Units.Whole(point.Median)}";

    /// <summary>
    /// What stopped the trials and which ratios stayed wider than their bound; null where the plan ran a fixed number.
    /// </summary>
    public static string? Stopped(TrialsRun trials)
    {
        if (trials is not { StoppedBy: { } reason, Plan.Stopping: { } rule })
        {
            return null;
        }

        var wide = rule.WideOf(trials.Headline);
        var precise = trials.Headline.Count - wide.Count;
        var why = reason switch
        {
            TrialStopping.Precise => "their ratios were precise",
            TrialStopping.TimeCap => $"the time cap ({rule.CapSeconds:0} s of trials)",
            _ => $"the plan's most trials ({trials.Plan.Trials})",
        };
        return $"**The trials stopped** after {trials.Completed}: {why}. "
            + $"{precise} of {trials.Headline.Count} ratios have a 95 % interval within ±{Units.Percent(rule.Bound)} "
            + $"of their median "
            + $"(the small call's ±{Units.Percent(rule.SmallBound)}); "
            + $"the rule asks {Units.Percent(rule.Share)} of them after {rule.MinTrials} trials. "
            + (
                wide.Count == 0
                    ? "None stayed wider."
                    : $"Wider, each by its own noise: " + $"{string.Join("; ", wide.Select(r => WideText(trials, r)))}."
            );
    }
}
