using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The answer a run gives, built only from its <see cref="RunResults"/>: a section per method and suite (the
/// headline's trials, the paired rounds, the transport suite, the API styles, streaming, gzip, HTTP versions, the
/// codec floor, scaling), each where the run measured it; notes where results contradict each other; provenance; SVG
/// charts beside it.
/// </summary>
public static class RunSummary
{
    public const string MarkdownFile = "summary.md";
    public const string HtmlFile = "summary.html";

    /// <summary>
    /// Every file a run's results render to, the one way they are rendered (by the run, by <c>summary DIR</c>, by the
    /// tests): summary.md, summary.html, the SVG charts and, where the scaling suite ran, its fit
    /// (<see cref="ScalingReport.FileName"/>), into <paramref name="directory"/>, set against
    /// <paramref name="previous"/> (the run it replaced in its folder, <see cref="RunResults.LoadPrevious"/>) where
    /// given; returns summary.md's path.
    /// </summary>
    public static string Write(RunResults run, RunResults? previous, string directory)
    {
        var (document, charts) = Build(run, previous);
        string? fit = null;
        ReportSection.Render("scaling fit", () => fit = ScalingReport.ToMarkdown(run));
        var html = document.ToHtml("RESTvsGRPC run summary");
        var markdown = document.ToMarkdown();
        ReportFiles.Write(
            directory,
            [
                .. charts,
                .. fit is null ? [] : new[] { (ScalingReport.FileName, fit) },
                (HtmlFile, html),
                (MarkdownFile, markdown),
            ]
        );
        return Path.Combine(directory, MarkdownFile);
    }

    /// <summary>
    /// The summary command: writes a run's reports again from its results file, the same files the run wrote (a
    /// benchmark run's summary.json, or a load or soak run's load-results.json); 1 when the folder holds neither, or
    /// when a section cannot be rendered from it (one line naming the file and the section; nothing written).
    /// </summary>
    public static int Rewrite(string folder, TextWriter output, TextWriter error)
    {
        var directory = Directory.Exists(folder) ? folder : Path.GetDirectoryName(Path.GetFullPath(folder))!;
        var isLoad =
            File.Exists(Path.Combine(directory, LoadResults.FileName))
            && !File.Exists(Path.Combine(directory, RunResults.FileName));
        try
        {
            var written = isLoad
                ? LoadSummary.Write(LoadResults.Load(directory), directory)
                : Write(RunResults.Load(folder), RunResults.LoadPrevious(directory), directory);
            output.WriteLine($"// summary (Markdown, HTML, SVG charts): {written}");
            return 0;
        }
        catch (Exception e) when (e is IOException or InvalidDataException or UnauthorizedAccessException)
        {
            error.WriteLine($"summary: {e.Message}");
            return 1;
        }
        catch (ReportSectionException e)
        {
            var file = RunComparison.ResultsFile(folder, isLoad ? LoadResults.FileName : RunResults.FileName);
            error.WriteLine($"summary: '{file}': {e.Message}; nothing was written.");
            return 1;
        }
    }

    /// <summary>
    /// " (and 2 trials of 50 ms segments, too few for an interval)" from the first trials the dry run made; empty where
    /// it made none.
    /// </summary>
    private static string DryTrialsText(RunResults run) =>
        new[] { run.Trials, run.StylesTrials, run.AotTrials, run.TlsTrials }.OfType<TrialsRun>().FirstOrDefault()?.Plan
            is { } plan
            ? string.Create(
                CultureInfo.InvariantCulture,
                $" (and {plan.Trials} trial{(plan.Trials == 1 ? "" : "s")} of {plan.SegmentSeconds * 1000:0} ms "
                    + $"segments, too few for an interval)"
            )
            : "";

    /// <summary>
    /// The summary document and its charts (file name, SVG text), with the spread from <paramref name="previous"/>
    /// where given.
    /// </summary>
    public static (ReportDocument Document, IReadOnlyList<(string File, string Svg)> Charts) Build(
        RunResults run,
        RunResults? previous = null
    )
    {
        var summary = new SummaryContext(run, previous is null ? null : RunToRun.Between(previous, run));
        if (run.Provenance.Job.Contains("Dry", StringComparison.OrdinalIgnoreCase))
        {
            summary.Document.AddParagraph(
                $"**A dry run**: one cold iteration per benchmark{DryTrialsText(run)}, JIT compilation included. "
                    + $"It proves the pipeline; its times are not results."
            );
        }

        if (run.Trials is { } trials)
        {
            if (trials.Link is null)
            {
                ReportSection.Render("headline", () => HeadlineSection.Add(summary, trials));
            }
            else
            {
                ReportSection.Render("links", () => LinksSection.Add(summary));
            }

            if (summary.InSuite(Suites.Transport).Count == 0)
            {
                summary.Document.AddParagraph(
                    "This run measured only the headline (`--headline`): BenchmarkDotNet did not run."
                );
            }
        }

        ReportSection.Render("cold start", () => StartupSection.Add(summary));
        ReportSection.Render("TLS trials", () => PairedTrialsSection.Add(summary, PairedTrialsSection.Tls));
        ReportSection.Render("AOT trials", () => PairedTrialsSection.Add(summary, PairedTrialsSection.Aot));
        ReportSection.Render("transport suite", () => TransportSection.Add(summary));
        ReportSection.Render("API styles", () => StylesSection.Add(summary));
        ReportSection.Render("streaming", () => StreamingSection.Add(summary));
        ReportSection.Render("compression", () => CompressionSection.Add(summary));
        ReportSection.Render("HTTP versions", () => HttpVersionsSection.Add(summary));
        ReportSection.Render("codec floor", () => CodecSection.Add(summary));
        ReportSection.Render("scaling", () => ScalingSection.Add(summary));
        ReportSection.Render("where protobuf pays", () => PayloadThresholdSection.Add(summary));
        ReportSection.Render("notes", () => AddNotes(summary));
        ReportSection.Render("provenance", () => AddProvenance(summary.Document, run.Provenance, summary.Previous));
        return (summary.Document, summary.Charts);
    }

    private static void AddNotes(SummaryContext summary)
    {
        if (summary.BelowFloor.Count > 0)
        {
            summary.Notes.Add(
                $"Calls shorter than their in-process codec floor: {string.Join("; ", summary.BelowFloor)}. "
                    + $"Both are measured right: in a call the server "
                    + "serializes and the client parses in two processes on two cores at the same time, "
                    + "the socket pipelining one into the other, while the floor "
                    + "does both one after the other on one thread. The floor bounds the CPU work of a call, "
                    + "not its latency."
            );
        }

        if (summary.BatchSpreads.Count > 0)
        {
            summary.Notes.Add(
                $"Per-call times that differ between batch sizes by more than both errors allow: "
                    + $"{string.Join("; ", summary.BatchSpreads)}. A call costs the same "
                    + "whatever the batch, so this is the machine's noise (other load, CPU frequency, GC timing) "
                    + "beyond what the iterations captured: read these arms' ratios with that margin, or rerun."
            );
        }

        summary
            .Document.AddHeading(2, "Notes")
            .AddBullets(summary.Notes.Count > 0 ? summary.Notes : ["No result contradicts another."]);
    }

    private static void AddProvenance(ReportDocument document, Provenance p, RunToRun? previous)
    {
        var spread = previous is null
            ? "no earlier run of this machine, job and data in this results folder: "
                + "run the same command again to see how far two runs differ"
            : $"against the previous run in this folder "
                + $"({previous.PreviousDate.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} "
                + $"UTC, commit {previous.PreviousCommit[..Math.Min(12, previous.PreviousCommit.Length)]}), "
                + (
                    previous.Cases == 0
                        ? "no BenchmarkDotNet case ran in both; the headline sets its ratios beside the previous run's"
                        : $"per-call times of {previous.Cases} cases differ by "
                            + $"{Units.Percent(previous.MedianTimeSpread)} (median), "
                            + $"{Units.Percent(previous.MaxTimeSpread)} at most ({previous.MaxTimeSpreadCase}); "
                            + $"REST + JSON / gRPC ratios by {Units.Percent(previous.MaxRatioSpread)} at most "
                            + $"({previous.MaxRatioSpreadCase})"
                );
        document.AddHeading(2, "Provenance").AddTable(["", ""], [.. ProvenanceRows(p), ["run to run", spread]]);
    }

    /// <summary>
    /// Where, when and how a run was made, as table rows: shared by the benchmark and load summaries.
    /// </summary>
    public static IEnumerable<IReadOnlyList<string>> ProvenanceRows(Provenance p) =>
        [
            ["commit", p.Commit + (p.Dirty ? " (work tree differs from it)" : "")],
            ["date (UTC)", p.Date.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)],
            ["command line", $"`{p.CommandLine}`"],
            ["job", p.Job],
            ["toolchain", SettingsText.Toolchain(p.Processes)],
            ["CPU placement", SettingsText.Of(p.CpuPlacement)],
            ["OS", p.Os],
            ["CPU", $"{p.Cpu}, {p.LogicalCores} logical cores"],
            [".NET runtime / SDK", $"{p.Runtime} / {p.Sdk}"],
            ["GC", SettingsText.Gc(p.Processes)],
            ["BenchmarkDotNet", p.BenchmarkDotNetVersion],
            ["packages", string.Join(", ", p.Packages.Select(kv => $"{kv.Key} {kv.Value}"))],
            ["data file", $"{p.DataFile} (SHA-256 of its records {p.DataSha256})"],
            [
                "servers",
                string.Join(
                    "; ",
                    [
                        .. p.Servers,
                        p.ServersStarted
                            ? $"started by the bench {Where(p.Servers)}"
                            : "given on the command line (server cost not measured)",
                    ]
                ),
            ],
        ];

    /// <summary>"on loopback", and for a <c>--link</c> run's servers "in a network namespace of its own".</summary>
    private static string Where(IReadOnlyList<string> servers) =>
        string.Join(
            " and ",
            servers
                .Select(url =>
                    url.Contains("//127.0.0.1:", StringComparison.Ordinal)
                        ? "on loopback"
                        : "in a network namespace of its own"
                )
                .DefaultIfEmpty("on loopback")
                .Distinct()
        );
}
