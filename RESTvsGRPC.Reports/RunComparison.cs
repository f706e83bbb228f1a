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

        ReportSection.Render("headline ratios", () => ComparedTrialsSection.AddHeadline(document, runs));
        ReportSection.Render("server builds", () => ComparedTrialsSection.AddBuilds(document, runs));
        ReportSection.Render("links", () => ComparedTrialsSection.AddLinks(document, runs));
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
