using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The trials' part of <c>compare</c>: the headline's ratios in every run with how often one run's median fell inside
/// another's interval, the checks by other methods, the builds' and the links' paired ratios, the pool of runs of one
/// build.
/// </summary>
internal static class ComparedTrialsSection
{
    /// <summary>
    /// Each headline ratio in every run that measured the trials, and how often one run's median fell inside another's
    /// interval.
    /// </summary>
    internal static void AddHeadline(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        // Runs over different links answer different questions: the links' own table sets them side by side.
        var link = runs.FirstOrDefault(r => r.Run.Trials is not null).Run?.Trials?.Link;
        var measured = runs.Where(r => r.Run.Trials is not null && r.Run.Trials.Link == link).ToList();
        if (measured.Count < 2)
        {
            return;
        }

        var ratios = measured[0].Run.Trials!.Headline;
        var header = new List<string> { "quantity", "operation", "arm" };
        header.AddRange(measured.Select(r => r.Label));
        document
            .AddHeading(2, "Headline ratios in each run")
            .AddParagraph(
                "Each run's median over its own trials with its 95 % interval; "
                    + "every run is placed and linked as its summary says."
            )
            .AddTable(
                header,
                ratios.Select(ratio =>
                {
                    var row = new List<string>
                    {
                        ratio.Quantity,
                        ratio.Operation,
                        measured[0].Run.Trials!.NameOf(ratio.Arm),
                    };
                    row.AddRange(
                        measured.Select(r =>
                            r.Run.Trials!.Headline.FirstOrDefault(h =>
                                (h.Quantity, h.Operation, h.Arm) == (ratio.Quantity, ratio.Operation, ratio.Arm)
                            )
                                is { } h
                                ? HeadlineSection.Ratio(h)
                                : "not run"
                        )
                    );
                    return (IReadOnlyList<string>)row;
                }),
                [.. Enumerable.Range(3, measured.Count)]
            );
        IReadOnlyList<IReadOnlyList<Trial>> pool = [.. measured.Select(r => r.Run.Trials!.Trials)];
        document.AddParagraph(HeadlineSection.Coverage(pool));
        ReportSection.Render("checks by other methods", () => AddChecks(document, measured));
        ReportSection.Render("headline pooled over runs", () => AddPool(document, measured));
        ReportSection.Render("latency under load", () =>
            OpenLoopSection.AddComparison(document, [.. measured.Select(r => (r.Label, r.Run.Trials!))])
        );
    }

    /// <summary>
    /// How many of each run's decided checks by other methods flagged, and of all the runs': the calibration of their
    /// allowance, which claims 5 %.
    /// </summary>
    private static void AddChecks(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var decided = runs.Select(r =>
                (
                    r.Label,
                    Checks: (r.Run.Agreements ?? MethodAgreements.Of(r.Run)).Where(c => c.Agrees is not null).ToList()
                )
            )
            .Where(r => r.Checks.Count > 0)
            .ToList();
        if (decided.Count == 0)
        {
            return;
        }

        static string Share(IReadOnlyCollection<MethodAgreement> checks) =>
            $"{checks.Count(c => c.Agrees == false)} of {checks.Count} "
            + $"({Units.Percent(checks.Count(c => c.Agrees == false) / (double)checks.Count)})";
        document.AddParagraph(
            $"**Checks by other methods** flagged beyond their allowance "
                + $"{Share([.. decided.SelectMany(r => r.Checks)])} of the decided checks in all "
                + $"({string.Join("; ", decided.Select(r => $"{r.Label}: {Share(r.Checks)}"))}); "
                + $"an honest allowance flags about 5 %, and a run's checks move together."
        );
    }

    /// <summary>
    /// The server builds in every run that measured them (<c>--suite aot</c>, <c>--suite full</c>): each cold start's
    /// median, then the JIT and AOT trials' four ratios with how often one run's median fell inside another's interval.
    /// </summary>
    internal static void AddBuilds(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var started = runs.Where(r => r.Run.Startup is not null).ToList();
        if (started.Count >= 2)
        {
            document
                .AddHeading(2, "Cold start in each run")
                .AddParagraph(
                    "Each run's median time from starting a fresh server process to its first validated answer, "
                        + "over that run's starts."
                )
                .AddTable(
                    ["build", "arm", "operation", .. started.Select(r => r.Label)],
                    started[0]
                        .Run.Startup!.ColdStarts.Select(start =>
                            (IReadOnlyList<string>)
                                [
                                    start.Build,
                                    started[0].Run.NameOfArm(start.Arm),
                                    start.Operation,
                                    .. started.Select(r =>
                                        r.Run.Startup!.ColdStarts.FirstOrDefault(c =>
                                            (c.Build, c.Arm, c.Operation) == (start.Build, start.Arm, start.Operation)
                                        )
                                            is { } c
                                            ? Units.Time(c.Interval.Median * 1e6)
                                            : "not run"
                                    ),
                                ]
                        ),
                    [.. Enumerable.Range(3, started.Count)]
                );
        }

        AddPaired(
            document,
            runs,
            PairedTrialsSection.Aot,
            "JIT and Native AOT ratios in each run",
            "Each run's median over its own trials with its 95 % interval: gRPC over REST + JSON (minimal API) "
                + "under each build, and each protocol's AOT server over its JIT server."
        );
        AddPaired(
            document,
            runs,
            PairedTrialsSection.Tls,
            "TLS ratios in each run",
            "Each run's median over its own trials with its 95 % interval: "
                + "the arms over TLS against REST + JSON over TLS with HTTP/1.1, and each against its cleartext twin."
        );
    }

    /// <summary>
    /// The ratios of <paramref name="kind"/>'s pairs in every run that measured them, and beside them, for a pair with
    /// a cleartext analog, that ratio in every cleartext headline run compared (TLS and cleartext runs side by side).
    /// </summary>
    private static void AddPaired(
        ReportDocument document,
        IReadOnlyList<(string Label, RunResults Run)> runs,
        PairedTrialsSection.Kind kind,
        string heading,
        string intro
    )
    {
        var measured = runs.Where(r => kind.Of(r.Run).Count > 0).ToList();
        var cleartext =
            kind.CleartextAnalogs.Count == 0 ? [] : runs.Where(r => r.Run.Trials is { Link: null }).ToList();
        if (measured.Count == 0 || measured.Count + cleartext.Count < 2)
        {
            return;
        }

        var first = kind.Of(measured[0].Run)[0];
        document
            .AddHeading(2, heading)
            .AddParagraph(
                intro
                    + (
                        cleartext.Count == 0
                            ? ""
                            : " A cleartext run's column gives the same comparison without TLS (its arm against REST "
                                + "+ JSON over HTTP/1.1), where the pair has one."
                    )
            )
            .AddTable(
                [
                    "quantity",
                    "operation",
                    "ratio",
                    .. measured.Select(r => r.Label),
                    .. cleartext.Select(r => $"{r.Label} (cleartext)"),
                ],
                first.Headline.Select(ratio => PairedRow(kind, first, measured, cleartext, ratio)),
                [.. Enumerable.Range(3, measured.Count + cleartext.Count)]
            )
            .AddParagraph(HeadlineSection.Coverage([.. measured.Select(r => kind.Of(r.Run)[0].Trials)], kind.Pairs));
    }

    /// <summary>
    /// A pair's ratio in each run that measured it, then its cleartext analog's in each cleartext run.
    /// </summary>
    private static IReadOnlyList<string> PairedRow(
        PairedTrialsSection.Kind kind,
        TrialsRun first,
        IReadOnlyList<(string Label, RunResults Run)> measured,
        IReadOnlyList<(string Label, RunResults Run)> cleartext,
        HeadlineRatio ratio
    ) =>
        [
            ratio.Quantity,
            ratio.Operation,
            PairedTrialsSection.Label(kind, first, (ratio.Arm, ratio.Baseline)),
            .. measured.Select(r =>
                kind.Of(r.Run)[0]
                    .Headline.FirstOrDefault(h =>
                        (h.Quantity, h.Operation, h.Arm, h.Baseline)
                        == (ratio.Quantity, ratio.Operation, ratio.Arm, ratio.Baseline)
                    )
                    is { } h
                    ? HeadlineSection.Ratio(h)
                    : "not run"
            ),
            .. cleartext.Select(r =>
                kind.CleartextAnalogs.TryGetValue((ratio.Arm, ratio.Baseline), out var analog)
                && r.Run.Trials!.Headline.FirstOrDefault(h =>
                    (h.Quantity, h.Operation, h.Arm, h.Baseline)
                    == (ratio.Quantity, ratio.Operation, analog, TrialStatistics.Baseline)
                )
                    is { } c
                    ? HeadlineSection.Ratio(c)
                    : ""
            ),
        ];

    /// <summary>
    /// Every link of every <c>--link</c> run side by side: a column per run and link, each headline ratio in it.
    /// </summary>
    internal static void AddLinks(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var columns = runs.SelectMany(r =>
                r.Run.EveryLink.Where(t => t.Link is not null)
                    .Select(t => (Header: $"{r.Label}, {LinkText.Short(t.Link!)}", Trials: t))
            )
            .ToList();
        if (columns.Count == 0)
        {
            return;
        }

        var ratios = columns
            .SelectMany(c => c.Trials.Headline)
            .DistinctBy(h => (h.Quantity, h.Operation, h.Arm))
            .OrderBy(h => h.Quantity)
            .ThenBy(h => Array.IndexOf(SummaryText.OperationOrder, h.Operation))
            .ToList();
        document
            .AddHeading(2, "Links side by side")
            .AddParagraph(
                "Each link's headline ratios against REST + JSON, in each run that measured over links: "
                    + "the median over that link's trials with its 95 % interval; "
                    + "a ratio its link's physics check refused says so."
            )
            .AddTable(
                ["quantity", "operation", "arm", .. columns.Select(c => c.Header)],
                ratios.Select(ratio =>
                    (IReadOnlyList<string>)
                        [
                            ratio.Quantity,
                            ratio.Operation,
                            columns[0].Trials.NameOf(ratio.Arm),
                            .. columns.Select(c =>
                                c.Trials.Headline.FirstOrDefault(h =>
                                    (h.Quantity, h.Operation, h.Arm) == (ratio.Quantity, ratio.Operation, ratio.Arm)
                                )
                                    is { } h
                                    ? LinksSection.Faulty(c.Trials, h)
                                        ? "shaping fault"
                                        : HeadlineSection.Ratio(h)
                                    : "not run"
                            ),
                        ]
                ),
                [.. Enumerable.Range(3, columns.Count)]
            );
    }

    /// <summary>
    /// The headline ratios over every run given, pooled, where all are runs of one commit on one machine with the same
    /// job, data, plan and placement.
    /// </summary>
    private static void AddPool(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> measured)
    {
        if (!OneKind(measured))
        {
            document.AddParagraph(
                "Not pooled: the runs differ in commit, machine, job, data, trial plan or placement."
            );
            return;
        }

        var first = measured[0].Run.Trials!;
        IReadOnlyList<Trial> all = [.. measured.SelectMany(r => r.Run.Trials!.Trials)];
        var pooled = RunPool.Headline([.. measured.Select(r => r.Run.Trials!.Trials)]);
        document
            .AddHeading(3, $"Pooled over the {measured.Count} runs")
            .AddParagraph(
                $"Runs of one commit on one machine with the same job, data, plan and placement, "
                    + $"{all.Count} trials in all: each ratio is the median of every trial's, "
                    + $"with the range one run's median falls in 95 % of the time "
                    + $"({RunPool.Resamples:#,0} draws of a run, then of that run's trials); time, "
                    + $"calls/s and CPU per call (client and server together, at saturation) "
                    + $"are medians over every trial."
            )
            .AddTable(
                [
                    "operation",
                    "arm",
                    "latency per call",
                    "latency ratio",
                    "calls/s",
                    "throughput ratio",
                    "CPU per call",
                ],
                TrialStatistics.Arms(all).Select(a => PoolRow(all, first, pooled, a.Operation, a.Arm)),
                2,
                3,
                4,
                5,
                6
            );
    }

    /// <summary>Whether the runs are of one commit on one machine with one job, data, plan and placement.</summary>
    private static bool OneKind(IReadOnlyList<(string Label, RunResults Run)> measured) =>
        measured
            .Select(r =>
                (
                    r.Run.Provenance.Commit,
                    r.Run.Provenance.Cpu,
                    r.Run.Provenance.LogicalCores,
                    r.Run.Provenance.Os,
                    r.Run.Provenance.Job,
                    r.Run.Provenance.DataSha256,
                    r.Run.Trials!.Plan.PoolKey,
                    r.Run.Trials.Placement
                )
            )
            .Distinct()
            .Count() == 1;

    /// <summary>An arm's pooled row: medians over every trial, and each ratio's range over the runs.</summary>
    private static IReadOnlyList<string> PoolRow(
        IReadOnlyList<Trial> all,
        TrialsRun first,
        IReadOnlyList<PooledRatio> pooled,
        string operation,
        string arm
    )
    {
        string Range(string quantity) =>
            pooled.FirstOrDefault(p => (p.Quantity, p.Operation, p.Arm) == (quantity, operation, arm)) is { } p
                ? HeadlineSection.Range(p)
                : "baseline";
        double Median(Func<TrialSegment, double?> figure) => TrialStatistics.MedianOf(all, operation, arm, figure);
        return
        [
            operation,
            first.NameOf(arm),
            Units.Time(Median(s => s.LatencyNanosecondsPerCall)),
            Range(HeadlineRatio.Latency),
            Units.Whole(Median(s => s.CallsPerSecond)),
            Range(HeadlineRatio.Throughput),
            Units.Time(Median(s => s.ClientCpuNanosecondsPerCall + (s.ServerCpuNanosecondsPerCall ?? 0))),
        ];
    }
}
