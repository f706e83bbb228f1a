using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Latency under load, from the trials' open loop (<see cref="OpenLoopSummary"/>): each arm's 50th, 90th and 99th
/// percentile at each offered rate, REST + JSON's 99th over the arm's, a rate an arm did not hold shown as such, a
/// chart of the 99th percentile against the offered rate, and each arm's highest rate within a latency bound.
/// </summary>
internal static class OpenLoopSection
{
    /// <summary>The chart's file in a summary.</summary>
    public const string Chart = "open-loop.svg";

    /// <summary>Adds the open loop's tables and chart where the trials measured one.</summary>
    public static void Add(SummaryContext summary, TrialsRun trials)
    {
        if (OpenLoopStatistics.Of(trials.OpenLoop?.Plan, trials.Trials) is not { } openLoop)
        {
            return;
        }

        summary
            .Document.AddHeading(3, "Latency under load (open loop)")
            .AddParagraph(Method(openLoop.Plan))
            .AddTable(
                [
                    "operation",
                    "offered (share of REST + JSON's peak)",
                    "arm",
                    "p50",
                    "p90",
                    "p99",
                    "p99 ratio",
                    "client late, p99",
                    "held in",
                ],
                openLoop.Results.Select(r =>
                    (IReadOnlyList<string>)[r.Operation, Offered(r), trials.NameOf(r.Arm), .. Cells(r)]
                ),
                3,
                4,
                5,
                6,
                7
            );
        summary.Charts.Add((Chart, P99Chart(openLoop, trials)));
        summary
            .Document.AddImage(
                Chart,
                "Each arm's 99th percentile against the offered rate, open loop, the median over the trials"
            )
            .AddParagraph(
                $"**Capacity within a bound**: the highest offered rate at which an arm's p99 stayed within "
                    + $"{OpenLoopStatistics.BoundFactor:0}× REST + JSON's "
                    + "one-call time per call on the operation, as it did at every lower rate (the same bound for "
                    + "every arm of an operation)."
            )
            .AddTable(
                ["operation", "p99 bound", "arm", "highest rate within it"],
                openLoop.Bounds.Select(b =>
                    (IReadOnlyList<string>)
                        [b.Operation, Units.Time(b.BoundNanoseconds), trials.NameOf(b.Arm), Capacity(b)]
                ),
                1,
                3
            );
    }

    /// <summary>Each arm's 99th percentile against the offered rate, at the rates it held.</summary>
    private static string P99Chart(OpenLoopSummary openLoop, TrialsRun trials)
    {
        var lines = openLoop
            .Results.GroupBy(r => (r.Operation, r.Arm))
            .Select(arm => new SvgChart.Line(
                $"{arm.Key.Operation}, {trials.NameOf(arm.Key.Arm)}",
                [.. arm.Where(r => r.IsHeld).Select(r => (r.OfferedPerSecond, r.P99!.Median))]
            ))
            .ToList();
        return SvgChart.Lines(
            "99th percentile against offered rate, per arm (median over trials)",
            "offered calls/s",
            "p99",
            lines,
            Units.Time
        );
    }

    /// <summary>
    /// The p99 at the middle offered rate in every run that measured the open loop, side by side, for <c>compare</c>.
    /// </summary>
    public static void AddComparison(ReportDocument document, IReadOnlyList<(string Label, TrialsRun Trials)> runs)
    {
        var measured = runs.Select(r =>
                (r.Label, r.Trials, OpenLoop: OpenLoopStatistics.Of(r.Trials.OpenLoop?.Plan, r.Trials.Trials))
            )
            .Where(r => r.OpenLoop is not null)
            .ToList();
        if (measured.Count < 2)
        {
            return;
        }

        var first = measured[0].OpenLoop!;
        var middle = first.Plan.Fractions.Order().ElementAt(first.Plan.Fractions.Count / 2);
        document
            .AddHeading(2, $"Latency under load: p99 at {Units.Percent(middle)} of REST + JSON's peak in each run")
            .AddParagraph(
                "Each run's median over its own trials with its 95 % interval, then REST + JSON's p99 over the arm's; "
                    + "each run offered its own rate, the same share of its own baseline's peak."
            )
            .AddTable(
                ["operation", "arm", .. measured.Select(r => r.Label)],
                first
                    .Results.Where(r => r.Fraction == middle)
                    .Select(result =>
                        (IReadOnlyList<string>)
                            [
                                result.Operation,
                                measured[0].Trials.NameOf(result.Arm),
                                .. measured.Select(r =>
                                    r.OpenLoop!.Results.FirstOrDefault(o =>
                                        (o.Operation, o.Arm, o.Fraction) == (result.Operation, result.Arm, middle)
                                    )
                                        is { } o
                                        ? P99AndRatio(o)
                                        : "not run"
                                ),
                            ]
                    ),
                [.. Enumerable.Range(2, measured.Count)]
            );
    }

    private static string Method(OpenLoopPlan plan) =>
        (plan.Trials is { } first ? $"Each of the first {first} trials" : "Each trial")
        + " ends by driving every arm open loop at "
        + $"{string.Join(", ", plan.Fractions.Order().Select(Units.Percent))} of REST + JSON's calls/s at its "
        + $"peak in that trial, "
        + "the same rate for every arm of an operation, the arms taking turns: "
        + "each call starts at its intended time whatever the earlier ones are doing, "
        + $"for {Units.Time(plan.SliceSeconds * 1e9)} or {plan.MinCalls} calls, "
        + $"whichever is longer (at most {Units.Time(plan.MaxSliceSeconds * 1e9)}). "
        + "Each time runs from the call's intended start to its answer, so a stall counts for every call it delays, "
        + "as wrk2 counts. "
        + "A cell is the median over the trials of each trial's percentile, with its 95 % interval; "
        + "the p99 ratio is REST + JSON's p99 over the arm's in the same trial (above 1 the arm waits less); "
        + "client late is how late the client started its calls (the 99th percentile, the median over the trials), "
        + "a part of every time beside it that is the client's, not the arm's. "
        + $"An arm **did not hold** a rate in a trial where over {Units.Percent(OpenLoopReading.MaxBacklogShare)} of "
        + $"its calls were unanswered as the window closed, or any never were, "
        + $"or where the client started its calls so late that its own delay was over "
        + $"{Units.Percent(OpenLoopReading.MaxLateShare)} of the p99; "
        + "held in fewer than half the trials, the row gives what the arm achieved instead of a latency.";

    private static string Offered(OpenLoopResult result) =>
        $"{Units.Percent(result.Fraction)}: {Units.Whole(result.OfferedPerSecond)}/s";

    private static IEnumerable<string> Cells(OpenLoopResult result) =>
        result.IsHeld
            ?
            [
                .. Percentiles(result),
                Units.Time(result.LateP99Nanoseconds ?? double.NaN),
                $"{result.Held} of {result.Trials}",
            ]
            :
            [
                $"**not held**: {Units.Whole(result.AchievedPerSecond)}/s achieved, "
                    + $"backlog {result.Backlog:0} calls",
                "",
                "",
                "",
                "",
                $"{result.Held} of {result.Trials}"
                    + (result.ClientBound > 0 ? $" ({result.ClientBound} client-bound)" : ""),
            ];

    /// <summary>A comparison's cell: p99 and ratio where the arm held the rate, else what it achieved.</summary>
    private static string P99AndRatio(OpenLoopResult result) =>
        result.IsHeld
            ? $"{Percentiles(result)[2]}; {Percentiles(result)[3]}"
            : $"**not held**: {Units.Whole(result.AchievedPerSecond)}/s achieved";

    private static IReadOnlyList<string> Percentiles(OpenLoopResult result) =>
        [
            Time(result.P50!),
            Time(result.P90!),
            Time(result.P99!),
            result.P99Ratio is { } ratio ? Ratio(ratio)
            : result.Arm == TrialStatistics.Baseline ? "baseline"
            : "no baseline held",
        ];

    private static string Time(MedianInterval value) =>
        value.Samples >= MedianInterval.MinimumSamples
            ? $"{Units.Time(value.Median)} [{Units.Time(value.Lower)}, {Units.Time(value.Upper)}]"
            : Units.Time(value.Median);

    private static string Ratio(MedianInterval value) =>
        value.Samples >= MedianInterval.MinimumSamples
            ? Units.RatioInterval(value.Median, value.Lower, value.Upper)
            : $"{Units.Ratio(value.Median)} ({value.Samples} trials, no interval)";

    private static string Capacity(OpenLoopBound bound) =>
        bound is { Fraction: { } fraction, OfferedPerSecond: { } rate }
            ? $"{Units.Percent(fraction)}: {Units.Whole(rate)}/s"
            : "below the lowest rate";
}
