using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The summary's headline, from the trials alone: per operation and arm, latency (one call in flight) and throughput
/// with CPU per call (calls/s at saturation), each ratio with its interval over fresh-process trials and its
/// placement; where the two quantities point different ways, why, in one sentence; then the same arms as
/// BenchmarkDotNet and h2load measured them, with every difference beyond tolerance named.
/// </summary>
internal static class HeadlineSection
{
    /// <summary>Adds the headline, its chart, the methods side by side and h2load's check.</summary>
    public static void Add(SummaryContext summary, TrialsRun trials)
    {
        var (document, charts, benchmarks, previous) = (
            summary.Document,
            summary.Charts,
            summary.Run.Benchmarks,
            summary.Previous
        );
        var rows = Rows(trials).ToList();
        document
            .AddHeading(2, $"Headline: latency and throughput ({trials.Completed} trials in fresh processes)")
            .AddParagraph(Introduction(trials))
            .AddParagraph(
                $"**Placement**: {SettingsText.Of(trials.Placement)}. "
                    + $"**Method**: {SettingsText.Of(trials.Plan, trials.CurveTrials)}."
            )
            .AddParagraph(Covers(trials))
            .AddTable(
                [
                    "operation",
                    "arm",
                    "latency per call",
                    "latency ratio",
                    "calls/s",
                    "throughput ratio",
                    "client CPU per call",
                    "server CPU per call",
                    "both",
                ],
                rows.Select(r => r.Cells),
                2,
                3,
                4,
                5,
                6,
                7,
                8
            );
        if (ColumnsAgainstRatios(trials, rows) is { } columns)
        {
            document.AddParagraph(columns);
        }

        AddFailures(document, trials, "The headline is over");
        AddDisagreements(document, trials, rows);
        charts.Add(("headline.svg", Chart(trials)));
        document.AddImage(
            "headline.svg",
            "Headline ratios against REST + JSON, latency and throughput, with 95 % intervals over trials"
        );
        ReportSection.Render("precision", () => PrecisionSection.Add(document, trials));
        ReportSection.Render("stalls", () => StallSection.Add(document, trials));
        ReportSection.Render("headline pooled over runs", () => AddPool(summary, trials));
        ReportSection.Render("throughput curve", () => ThroughputCurveSection.Add(summary, trials, "curve.svg"));
        ReportSection.Render("latency under load", () => OpenLoopSection.Add(summary, trials));
        ReportSection.Render("checks by other methods", () => MethodChecksSection.Add(summary, trials));
        ReportSection.Render("headline against the previous run", () => AddPrevious(document, trials, previous));
    }

    /// <summary>Where an operation's latency and throughput ratios point different ways, why, a bullet each.</summary>
    private static void AddDisagreements(ReportDocument document, TrialsRun trials, IEnumerable<Row> rows)
    {
        var disagreements = rows.Select(row => Disagreement(trials, row)).OfType<string>().ToList();
        if (disagreements.Count > 0)
        {
            document.AddParagraph("**Where latency and throughput point different ways**:").AddBullets(disagreements);
        }
    }

    /// <summary>What the headline's two quantities and its ratios are.</summary>
    private static string Introduction(TrialsRun trials) =>
        "Two quantities, never mixed. **Latency**: one call in flight, time per call; "
        + "its ratio is REST + JSON's time over the arm's. "
        + "**Throughput**: calls/s at saturation, "
        + (
            trials.PeakChosenOnOtherTrials == true
                ? "each arm at its own peak among its operation's levels of calls in flight, "
                    + "the level chosen on the other trials (the calls/s column says which in most "
                    + "trials), "
                : "the better of the operation's fixed concurrencies for every arm (the calls/s column "
                    + "says which won in most trials), "
        )
        + "and the CPU time the client process and the arm's server used per call over the same windows "
        + "(from the OS, all threads); its ratio is the arm's calls/s over REST + JSON's. "
        + "Above 1 the arm is better. "
        + "Each ratio is the median of one ratio per trial, "
        + "with its exact 95 % interval over the trials in brackets (≈ where it holds 1); "
        + "each trial is a fresh client process that measured every arm, "
        + "an operation's arms taking turns slice by slice, "
        + "so a slow moment of the machine falls on all of them.";

    /// <summary>
    /// Each failed trial in a sentence, then, with too few trials left for an interval, that the ratios are medians
    /// only.
    /// </summary>
    public static void AddFailures(ReportDocument document, TrialsRun trials, string ratiosOver)
    {
        foreach (var failure in trials.Failures)
        {
            document.AddParagraph(
                $"**Trial {failure.Index} failed**: {FaultText.Of(failure)}. "
                    + $"{ratiosOver} the other {trials.Completed} trials."
            );
        }

        if (trials.Completed < MedianInterval.MinimumSamples)
        {
            document.AddParagraph(
                $"With {trials.Completed} trials there is no 95 % interval (it needs "
                    + $"{MedianInterval.MinimumSamples}): the ratios are medians only, not results to publish."
            );
        }
    }

    /// <summary>What this run's intervals cover and what they leave out, in one paragraph.</summary>
    public static string Covers(TrialsRun trials)
    {
        var span = trials.TrialsSeconds is { } seconds ? $" over {Units.Time(seconds * 1e9)}" : "";
        var pooled =
            trials.Pool.Count >= 2
                ? $"; the pooled table below covers those too, over the {trials.Pool.Count} runs of this build in "
                    + $"this folder"
                : "; to cover those, run again into the same folder: "
                    + "runs of one clean build on one machine with the same job and placement are pooled";
        var (varies, shared) =
            trials.Plan.ServersPerTrial == true
                ? ("client and server processes", "the build and the hours of the machine around it")
                : ("client processes", "the server processes and the hours of the machine around it");
        return $"**What the interval covers**: what varies between this run's {trials.Completed} trials{span} "
            + $"({varies}, the order of arms, the machine's moments within that time). "
            + $"Not what every trial of the run shared: {shared}{pooled}. "
            + "Nothing is drawn once per run: the levels of calls in flight are fixed per operation, not calibrated.";
    }

    /// <summary>
    /// The ratios over every pooled run, with how often one run's median fell inside another's interval.
    /// </summary>
    private static void AddPool(SummaryContext summary, TrialsRun trials)
    {
        if (trials.Pool.Count < 2)
        {
            return;
        }

        var document = summary.Document;
        var pooled = RunPool.Headline(trials.Pool);
        var earliest = trials.EarlierRuns![0].Date;
        document
            .AddHeading(3, $"Pooled over {trials.Pool.Count} runs")
            .AddParagraph(
                $"This run and the {trials.Pool.Count - 1} before it in this folder (the same clean build, machine, "
                    + $"job, data, plan and placement; the first on "
                    + $"{earliest.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC), "
                    + $"{trials.Pool.Sum(r => r.Count)} trials in all. "
                    + $"Each ratio is the median of every trial's, with the range one run's median falls in 95 % of "
                    + $"the time ({RunPool.Resamples:#,0} draws of a run, then of that run's trials), "
                    + "so it covers what differs between runs as well as between trials: "
                    + "the range a rerun here should land in."
            )
            .AddTable(
                ["quantity", "operation", "arm", "this run", "pooled", "runs", "trials"],
                pooled.Select(p =>
                    (IReadOnlyList<string>)
                        [
                            p.Quantity,
                            p.Operation,
                            trials.NameOf(p.Arm),
                            trials.Headline.FirstOrDefault(h =>
                                (h.Quantity, h.Operation, h.Arm) == (p.Quantity, p.Operation, p.Arm)
                            )
                                is { } own
                                ? Ratio(own)
                                : "",
                            Range(p),
                            p.Runs.ToString(CultureInfo.InvariantCulture),
                            p.Trials.ToString(CultureInfo.InvariantCulture),
                        ]
                ),
                3,
                4,
                5,
                6
            );
        document.AddParagraph(Coverage(trials.Pool));
        summary.Charts.Add((PooledChart, PoolChart(trials, pooled)));
        document.AddImage(
            PooledChart,
            $"Headline ratios against REST + JSON pooled over {trials.Pool.Count} runs, with the range a rerun lands in"
        );
    }

    /// <summary>The chart of the ratios pooled over the runs in a results folder.</summary>
    private const string PooledChart = "headline-pooled.svg";

    private static string PoolChart(TrialsRun trials, IReadOnlyList<PooledRatio> pooled) =>
        SvgChart.RatioBars(
            $"Against REST + JSON, {trials.Pool.Count} runs pooled ({trials.Pool.Sum(r => r.Count)} trials; "
                + "above 1: better)",
            "ratio to REST + JSON",
            [
                .. pooled
                    .GroupBy(p => (p.Operation, p.Quantity))
                    .Select(g => new SvgChart.Group(
                        $"{g.Key.Operation}, {g.Key.Quantity}",
                        [.. g.Select(p => SvgChart.RatioBar(trials.NameOf(p.Arm), p.Median, (p.Low, p.High)))]
                    )),
            ]
        );

    /// <summary>
    /// How often one run's median fell inside another run's interval, and inside the pool of the other runs (with three
    /// runs or more); the ratios against REST + JSON, or <paramref name="pairs"/>'.
    /// </summary>
    public static string Coverage(
        IReadOnlyList<IReadOnlyList<Trial>> pool,
        IReadOnlyList<(string Arm, string Baseline)>? pairs = null
    )
    {
        var cross = RunPool.CrossCoverage(pool, pairs);
        var hodgesLehmann = RunPool.CrossCoverage(pool, pairs, hodgesLehmann: true);
        var coverage =
            $"**Coverage**: of {cross.Checks} checks (a ratio of one run against another run's interval over its "
            + $"trials), {Units.Percent(cross.Share)} "
            + $"found the other run's median inside; about {Units.Percent(RunPool.ExpectedCrossCoverage)} would if "
            + $"runs differed no more than their trials do."
            + (
                hodgesLehmann.Checks > 0
                    ? $" Hodges–Lehmann's estimates: {Units.Percent(hodgesLehmann.Share)} of {hodgesLehmann.Checks}."
                    : ""
            );
        return RunPool.LeaveOneOutCoverage(pool, pairs) is { Checks: > 0 } left
            ? coverage
                + $" Of {left.Checks} run medians, {Units.Percent(left.Share)} fell inside the range the pool of the "
                + $"other runs gives (it claims 95 %)."
            : coverage;
    }

    /// <summary>"2.53× [2.40×, 2.61×]" for a pooled ratio, ≈ in front where its range holds 1.</summary>
    public static string Range(PooledRatio ratio) => Units.RatioInterval(ratio.Median, ratio.Low, ratio.High);

    /// <summary>
    /// "2.53× [2.40×, 2.61×]", ≈ in front where the interval holds 1; without an interval, the median and the trial
    /// count.
    /// </summary>
    public static string Ratio(HeadlineRatio ratio) =>
        !ratio.HasInterval
            ? $"{Units.Ratio(ratio.Median)} ({ratio.Trials} trials, no interval)"
            : Units.RatioInterval(ratio.Median, ratio.Low, ratio.High);

    /// <summary>
    /// The ratio cell of an arm without a ratio: the baseline's, or an arm of a run that measured no baseline.
    /// </summary>
    private static string Unrated(string arm) => arm == TrialStatistics.Baseline ? "baseline" : "no baseline measured";

    /// <summary>
    /// How far dividing the table's columns (each a median over the trials) lies from its ratios (the median of the
    /// trials' own ratios): the widest gap, named, so that a reader who checks a ratio by hand knows what to expect.
    /// </summary>
    private static string? ColumnsAgainstRatios(TrialsRun trials, IReadOnlyList<Row> rows)
    {
        var gaps = rows.SelectMany(row =>
                rows.FirstOrDefault(r => r.Operation == row.Operation && r.Arm == row.Latency?.Baseline) is { } baseline
                    ? new[]
                    {
                        (row, Ratio: row.Latency, Divided: baseline.LatencyNs / row.LatencyNs),
                        (row, Ratio: row.Throughput, Divided: row.CallsPerSecond / baseline.CallsPerSecond),
                    }
                    : []
            )
            .Where(g => g.Ratio is not null && double.IsFinite(g.Divided) && g.Divided > 0)
            .Select(g => (g.row, Ratio: g.Ratio!, g.Divided, Gap: Math.Abs(Math.Log(g.Divided / g.Ratio!.Median))))
            .ToList();
        if (gaps.Count == 0)
        {
            return null;
        }

        var widest = gaps.MaxBy(g => g.Gap);
        return "**The ratios and the columns**: each ratio is the median of the trials' own ratios (the arm against "
            + "REST + JSON measured in the same trial), not one column's median over another's, so dividing the "
            + $"columns gives other figures: up to {Units.Percent(Math.Exp(widest.Gap) - 1)} apart here "
            + $"({widest.row.Operation}, {trials.NameOf(widest.row.Arm)}, {widest.Ratio.Quantity}: "
            + $"{Units.Ratio(widest.Divided)} from the columns, {Units.Ratio(widest.Ratio.Median)} as the median of "
            + "the trials' ratios).";
    }

    private sealed record Row(
        string Operation,
        string Arm,
        HeadlineRatio? Latency,
        HeadlineRatio? Throughput,
        double LatencyNs,
        double CallsPerSecond,
        double ClientCpuNs,
        double? ServerCpuNs,
        double BaselineLatencyNs,
        double BaselineCpuNs,
        IReadOnlyList<string> Cells
    );

    private static IEnumerable<Row> Rows(TrialsRun trials)
    {
        foreach (var (operation, arm) in TrialStatistics.Arms(trials.Trials))
        {
            double Median(Func<TrialSegment, double?> figure, string of) =>
                TrialStatistics.MedianOf(trials.Trials, operation, of, figure);
            var latency = trials.Headline.FirstOrDefault(h =>
                h.Operation == operation && h.Arm == arm && h.Quantity == HeadlineRatio.Latency
            );
            var throughput = trials.Headline.FirstOrDefault(h =>
                h.Operation == operation && h.Arm == arm && h.Quantity == HeadlineRatio.Throughput
            );
            var (latencyNs, callsPerSecond, clientCpu) = (
                Median(s => s.LatencyNanosecondsPerCall, arm),
                Median(s => s.CallsPerSecond, arm),
                Median(s => s.ClientCpuNanosecondsPerCall, arm)
            );
            double? serverCpu =
                TrialStatistics.Values(trials.Trials, operation, arm, s => s.ServerCpuNanosecondsPerCall).Count > 0
                    ? Median(s => s.ServerCpuNanosecondsPerCall, arm)
                    : null;
            var baseline = trials.Headline.FirstOrDefault(h => h.Operation == operation)?.Baseline ?? arm;
            var baselineCpu =
                Median(s => s.ClientCpuNanosecondsPerCall, baseline)
                + Median(s => s.ServerCpuNanosecondsPerCall ?? 0, baseline);
            yield return new Row(
                operation,
                arm,
                latency,
                throughput,
                latencyNs,
                callsPerSecond,
                clientCpu,
                serverCpu,
                Median(s => s.LatencyNanosecondsPerCall, baseline),
                baselineCpu,
                [
                    operation,
                    trials.NameOf(arm),
                    Units.Time(latencyNs),
                    latency is null ? Unrated(arm) : Ratio(latency),
                    $"{Units.Whole(callsPerSecond)} " + $"({InFlight(trials, operation, arm)})",
                    throughput is null ? Unrated(arm) : Ratio(throughput),
                    Units.Time(clientCpu),
                    serverCpu is { } s ? Units.Time(s) : "not measured",
                    serverCpu is { } both ? Units.Time(clientCpu + both) : "",
                ]
            );
        }
    }

    /// <summary>
    /// "32 in flight", or where the trials measured at several levels "at 32 of 16/32/64/128" (the one taken in most
    /// trials).
    /// </summary>
    private static string InFlight(TrialsRun trials, string operation, string arm)
    {
        var concurrency = trials.Concurrency.FirstOrDefault(c => c.Operation == operation && c.Arm == arm);
        return concurrency?.Levels is { Count: > 1 } levels
            ? $"at {concurrency.Concurrency} of {string.Join("/", levels)} in flight"
            : $"{trials.ConcurrencyOf(operation, arm)} in flight";
    }

    /// <summary>
    /// One sentence where both ratios show a difference, in opposite directions, with the measured reason.
    /// </summary>
    private static string? Disagreement(TrialsRun trials, Row row)
    {
        if (
            row
                is not {
                    Latency: { Differs: true } latency,
                    Throughput: { Differs: true } throughput,
                    ServerCpuNs: { } serverCpu
                }
            || (latency.Median > 1) == (throughput.Median > 1)
        )
        {
            return null;
        }

        return $"{row.Operation}, {trials.NameOf(row.Arm)}: one call at a time it is "
            + $"{(latency.Median > 1 ? "faster" : "slower")} than REST + JSON ({Units.Ratio(latency.Median)}: "
            + $"{Units.Time(row.LatencyNs)} against {Units.Time(row.BaselineLatencyNs)} per call), "
            + $"at saturation it serves {(throughput.Median > 1 ? "more" : "fewer")} calls/s "
            + $"({Units.Ratio(throughput.Median)}). "
            + $"Measured reason: at saturation calls/s follow CPU per call, "
            + $"client and server together {Units.Time(row.ClientCpuNs + serverCpu)} against "
            + $"{Units.Time(row.BaselineCpuNs)}; "
            + "one call at a time a call costs less CPU than that but waits for each side to be woken, "
            + "so there the time per call decides, not the CPU.";
    }

    private static string Chart(TrialsRun trials)
    {
        var groups = trials
            .Headline.GroupBy(h => (h.Operation, h.Quantity))
            .Select(g => new SvgChart.Group(
                $"{g.Key.Operation}, {g.Key.Quantity}",
                [
                    .. g.Select(h =>
                        SvgChart.RatioBar(trials.NameOf(h.Arm), h.Median, h.HasInterval ? (h.Low, h.High) : null)
                    ),
                ]
            ))
            .ToList();
        return SvgChart.RatioBars(
            $"Against REST + JSON ({trials.Completed} trials; above 1: better)",
            "ratio to REST + JSON",
            groups
        );
    }

    private static void AddPrevious(ReportDocument document, TrialsRun trials, RunToRun? previous)
    {
        if (previous?.Headline is not { Count: > 0 } changes)
        {
            return;
        }

        document
            .AddHeading(3, "Against the previous run")
            .AddParagraph(
                $"The same ratios in the previous run in this folder; "
                    + $"a ratio holds when the two medians differ by at most {HeadlineChange.Tolerance:0%} and each "
                    + $"lies inside the other run's interval."
            )
            .AddTable(
                ["quantity", "operation", "arm", "previous run", "this run", "difference", "holds"],
                changes.Select(c =>
                    (IReadOnlyList<string>)
                        [
                            c.Current.Quantity,
                            c.Current.Operation,
                            trials.NameOf(c.Current.Arm),
                            Ratio(c.Previous),
                            Ratio(c.Current),
                            Units.Percent(c.Spread),
                            c.Holds ? "yes" : "no",
                        ]
                ),
                5
            );
    }
}
