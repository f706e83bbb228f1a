using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// <c>compare DIR1 DIR2 [...]</c>: two or more result folders side by side (two OSes, commits or machines): the
/// headline's ratios in every run with how often one run's median fell inside another's interval, pooled where the
/// runs are of one build; each benchmark's time per call in every run, its ratio to the first run, ≈ where the
/// difference lies within the runs' own errors, and each run's REST/gRPC ratios; written as compare.md and
/// compare.svg in the current folder.
/// </summary>
public static class RunComparison
{
    public const string MarkdownFile = "compare.md";
    public const string ChartFile = "compare.svg";

    public const string Usage =
        "usage: RESTvsGRPC.Bench compare RESULTS_DIR1 RESULTS_DIR2 [...] [--out DIR]: "
        + "each folder is a run's results folder, the one holding summary.json.";

    /// <summary>
    /// The compare command over <paramref name="folders"/> (two or more), written into <paramref name="target"/>: 0
    /// when written; 1 when a folder holds no summary, or when a section cannot be rendered from the runs (one line
    /// naming the files and the section; nothing written).
    /// </summary>
    public static int Run(IReadOnlyList<string> folders, string target, TextWriter output, TextWriter error)
    {
        List<(string Label, RunResults Run)> runs;
        try
        {
            runs = [.. folders.Select((folder, i) => (Label(folder, i), RunResults.Load(folder)))];
        }
        catch (Exception e) when (e is IOException or InvalidDataException or UnauthorizedAccessException)
        {
            error.WriteLine($"compare: {e.Message}");
            return 1;
        }

        try
        {
            var (document, chart) = Build(runs);
            var markdown = document.ToMarkdown();
            ReportFiles.Write(target, [.. chart is null ? [] : new[] { (ChartFile, chart) }, (MarkdownFile, markdown)]);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            error.WriteLine($"compare: {e.Message}");
            return 1;
        }
        catch (ReportSectionException e)
        {
            var files = string.Join(", ", folders.Select(f => $"'{ResultsFile(f, RunResults.FileName)}'"));
            error.WriteLine($"compare: {files}: {e.Message}; nothing was written.");
            return 1;
        }

        output.WriteLine($"// comparison (Markdown, SVG): {Path.Combine(target, MarkdownFile)}");
        return 0;
    }

    /// <summary>The results file a command reads: <paramref name="file"/> in a folder, else the path given.</summary>
    internal static string ResultsFile(string folder, string file) =>
        Directory.Exists(folder) ? Path.Combine(folder, file) : folder;

    /// <summary>
    /// The comparison document and its chart of the benchmarks' times (null where no run timed one), from runs labelled
    /// by their folders.
    /// </summary>
    public static (ReportDocument Document, string? Chart) Build(IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var document = new ReportDocument().AddHeading(1, "RESTvsGRPC runs compared");
        document.AddTable(
            ["run", "commit", "OS", "CPU", ".NET", "job", "date (UTC)"],
            runs.Select(r =>
                (IReadOnlyList<string>)
                    [
                        r.Label,
                        Short(r.Run.Provenance.Commit) + (r.Run.Provenance.Dirty ? " (dirty)" : ""),
                        r.Run.Provenance.Os,
                        $"{r.Run.Provenance.Cpu}, {r.Run.Provenance.LogicalCores} cores",
                        r.Run.Provenance.Runtime,
                        r.Run.Provenance.Job,
                        r.Run.Provenance.Date.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture),
                    ]
            )
        );
        if (runs.Select(r => r.Run.Provenance.DataSha256).Distinct().Count() > 1)
        {
            document.AddParagraph(
                "**The runs served different data** (SHA-256 of the records differs): "
                    + "their times are not comparable call for call."
            );
        }

        ReportSection.Render("headline ratios", () => AddHeadline(document, runs));
        ReportSection.Render("server builds", () => AddBuilds(document, runs));
        ReportSection.Render("links", () => AddLinks(document, runs));
        ReportSection.Render("round trips", () => RoundTripSection.AddComparison(document, runs));
        // Runs of the trials alone (--headline, --suite aot) timed no benchmark: no per-call table or chart to show.
        if (runs.All(r => r.Run.Benchmarks.Count == 0))
        {
            return (document, null);
        }

        ReportSection.Render("time per call", () => AddTimes(document, runs));
        ReportSection.Render("REST + JSON / gRPC ratios", () => AddRatios(document, runs));
        document.AddImage(ChartFile, "Time per call in each run");
        string? chart = null;
        ReportSection.Render("time per call chart", () => chart = Chart(runs));
        return (document, chart);
    }

    /// <summary>
    /// Each headline ratio in every run that measured the trials, and how often one run's median fell inside another's
    /// interval.
    /// </summary>
    private static void AddHeadline(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
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
    private static void AddBuilds(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
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
                first.Headline.Select(ratio =>
                    (IReadOnlyList<string>)
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
                        ]
                ),
                [.. Enumerable.Range(3, measured.Count + cleartext.Count)]
            )
            .AddParagraph(HeadlineSection.Coverage([.. measured.Select(r => kind.Of(r.Run)[0].Trials)], kind.Pairs));
    }

    /// <summary>
    /// Every link of every <c>--link</c> run side by side: a column per run and link, each headline ratio in it.
    /// </summary>
    private static void AddLinks(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
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
        var kinds = measured
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
            .Count();
        if (kinds > 1)
        {
            document.AddParagraph(
                "Not pooled: the runs differ in commit, machine, job, data, trial plan or placement."
            );
            return;
        }

        var first = measured[0].Run.Trials!;
        IReadOnlyList<Trial> all = [.. measured.SelectMany(r => r.Run.Trials!.Trials)];
        var pooled = RunPool.Headline([.. measured.Select(r => r.Run.Trials!.Trials)]);
        string Range(string quantity, string operation, string arm) =>
            pooled.FirstOrDefault(p => (p.Quantity, p.Operation, p.Arm) == (quantity, operation, arm)) is { } p
                ? HeadlineSection.Range(p)
                : "baseline";
        double Median(string operation, string arm, Func<TrialSegment, double?> figure) =>
            TrialStatistics.MedianOf(all, operation, arm, figure);
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
                TrialStatistics
                    .Arms(all)
                    .Select(a =>
                        (IReadOnlyList<string>)
                            [
                                a.Operation,
                                first.NameOf(a.Arm),
                                Units.Time(Median(a.Operation, a.Arm, s => s.LatencyNanosecondsPerCall)),
                                Range(HeadlineRatio.Latency, a.Operation, a.Arm),
                                Units.Whole(Median(a.Operation, a.Arm, s => s.CallsPerSecond)),
                                Range(HeadlineRatio.Throughput, a.Operation, a.Arm),
                                Units.Time(
                                    Median(a.Operation, a.Arm, s =>
                                        s.ClientCpuNanosecondsPerCall + (s.ServerCpuNanosecondsPerCall ?? 0)
                                    )
                                ),
                            ]
                    ),
                2,
                3,
                4,
                5,
                6
            );
    }

    private static void AddTimes(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var first = runs[0].Run.Benchmarks.ToDictionary(b => b.Key);
        var keys = runs.SelectMany(r => r.Run.Benchmarks.Select(b => b.Key)).Distinct().ToList();
        var header = new List<string> { "benchmark" };
        header.AddRange(runs.Select(r => $"{r.Label} per call ± error"));
        header.AddRange(runs.Skip(1).Select(r => $"{r.Label} / {runs[0].Label}"));
        document
            .AddHeading(2, "Time per call")
            .AddParagraph(
                "≈ marks a ratio whose difference lies within the two runs' own errors (99.9 % confidence intervals)."
            );
        document.AddTable(
            header,
            keys.Select(key =>
            {
                var row = new List<string> { key };
                var results = runs.Select(r => r.Run.Benchmarks.FirstOrDefault(b => b.Key == key)).ToList();
                row.AddRange(
                    results.Select(b =>
                        b is null
                            ? "not run"
                            : $"{Units.Time(b.NanosecondsPerCall)} ± {Units.Time(b.ErrorNanosecondsPerCall)}"
                    )
                );
                row.AddRange(
                    results.Skip(1).Select(b => b is null || !first.TryGetValue(key, out var a) ? "" : Ratio(a, b))
                );
                return (IReadOnlyList<string>)row;
            }),
            [.. Enumerable.Range(1, header.Count - 1)]
        );
    }

    private static void AddRatios(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        document
            .AddHeading(2, "REST + JSON / gRPC in each run")
            .AddParagraph(
                "The headline ratios per run: how many times longer a REST + JSON call takes than the matching gRPC "
                    + "call in the same run."
            );
        var first = runs[0].Run;
        var pairs = first.Benchmarks.Where(b => b is { Baseline: true, Suite: Suites.Transport }).ToList();
        var ratioHeader = new List<string> { "operation", "calls", "gRPC arm" };
        ratioHeader.AddRange(runs.Select(r => r.Label));
        var ratioRows = new List<IReadOnlyList<string>>();
        foreach (var baseline in pairs)
        {
            foreach (
                var grpc in first.Benchmarks.Where(b =>
                    b.Suite == baseline.Suite
                    && b.Operation == baseline.Operation
                    && b.CallsPerBatch == baseline.CallsPerBatch
                    && first.ArmOf(b).IsGrpc
                )
            )
            {
                var row = new List<string>
                {
                    baseline.Operation,
                    baseline.CallsPerBatch.ToString(CultureInfo.InvariantCulture),
                    first.ArmOf(grpc).Name,
                };
                row.AddRange(
                    runs.Select(r =>
                    {
                        var rest = r.Run.Benchmarks.FirstOrDefault(b => b.Key == baseline.Key);
                        var other = r.Run.Benchmarks.FirstOrDefault(b => b.Key == grpc.Key);
                        return rest is null || other is null
                            ? "not run"
                            : Units.Ratio(rest.NanosecondsPerCall / other.NanosecondsPerCall);
                    })
                );
                ratioRows.Add(row);
            }
        }

        document.AddTable(ratioHeader, ratioRows, [.. Enumerable.Range(1, ratioHeader.Count - 1)]);
    }

    private static string Chart(IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var first = runs[0].Run;
        var largest = first
            .Benchmarks.Where(b => b.Suite == Suites.Transport)
            .Select(b => b.CallsPerBatch)
            .DefaultIfEmpty(0)
            .Max();
        var charted = first.Benchmarks.Where(b => b.Suite == Suites.Transport && b.CallsPerBatch == largest).ToList();
        return SvgChart.GroupedBars(
            $"Time per call in each run (batches of {largest} calls)",
            "time per call (μs)",
            [
                .. charted.Select(b => new SvgChart.Group(
                    first.ArmOf(b).Name + ", " + b.Operation,
                    [
                        .. runs.Select(r =>
                                r.Run.Benchmarks.FirstOrDefault(x => x.Key == b.Key) is { } x
                                    ? new SvgChart.Bar(
                                        r.Label,
                                        x.NanosecondsPerCall / 1e3,
                                        x.ErrorNanosecondsPerCall / 1e3
                                    )
                                    : null
                            )
                            .OfType<SvgChart.Bar>(),
                    ]
                )),
            ],
            logScale: true,
            v => v.ToString("#,0.#", CultureInfo.InvariantCulture)
        );
    }

    private static string Ratio(BenchmarkResult first, BenchmarkResult other)
    {
        var ratio = other.NanosecondsPerCall / first.NanosecondsPerCall;
        return (first.WithinErrorOf(other) ? "≈ " : "") + Units.Ratio(ratio);
    }

    /// <summary>
    /// A folder's own name (a run writes into a folder named "results" or "headline": then its parent's), numbered so
    /// labels stay distinct.
    /// </summary>
    private static string Label(string folder, int index)
    {
        var full = Path.GetFullPath(folder.TrimEnd('/', '\\'));
        var name = Path.GetFileName(full);
        if (name is "results" or "headline" && Path.GetFileName(Path.GetDirectoryName(full)) is { Length: > 0 } parent)
        {
            name = parent;
        }

        return $"#{index + 1} {name}";
    }

    private static string Short(string commit) =>
        commit.Length > 12 && !commit.Contains(' ', StringComparison.Ordinal) ? commit[..12] : commit;
}
