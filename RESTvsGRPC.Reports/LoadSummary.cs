using System.Globalization;
using System.Text;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Writes what a load run measured, only from its <see cref="LoadResults"/>: <c>load-summary.md</c> (and .html)
/// with the scenario, a table per target, drift, warnings and provenance; the per-second time
/// series as CSV; and SVG charts of requests per second and p99 over time and of each target's percentiles.
/// </summary>
public static class LoadSummary
{
    public const string MarkdownFile = "load-summary.md";
    public const string HtmlFile = "load-summary.html";
    public const string SeriesFile = "load-timeseries.csv";

    /// <summary>
    /// Every file a load or soak run's results render to, the one way they are rendered (by the run, by
    /// <c>summary DIR</c>, by the tests): the summary, the time series, the charts and, for a soak, its verdict
    /// (<see cref="SoakVerdict.FileName"/>), into <paramref name="directory"/>; returns load-summary.md's path.
    /// </summary>
    public static string Write(LoadResults results, string directory)
    {
        Directory.CreateDirectory(directory);
        var (document, charts) = Build(results);
        foreach (var (file, svg) in charts)
        {
            File.WriteAllText(Path.Combine(directory, file), svg);
        }

        if (results.Soak)
        {
            File.WriteAllText(
                Path.Combine(directory, SoakVerdict.FileName),
                SoakVerdict.ToMarkdown(SoakVerdict.Of(results), TimeSpan.FromSeconds(results.Timing.DurationSeconds))
            );
        }

        File.WriteAllText(Path.Combine(directory, SeriesFile), SeriesCsv(results));
        File.WriteAllText(Path.Combine(directory, HtmlFile), document.ToHtml("RESTvsGRPC load summary"));
        var markdown = Path.Combine(directory, MarkdownFile);
        File.WriteAllText(markdown, document.ToMarkdown());
        return markdown;
    }

    /// <summary>The summary document and its charts (file name, SVG text).</summary>
    public static (ReportDocument Document, IReadOnlyList<(string File, string Svg)> Charts) Build(LoadResults results)
    {
        var document = new ReportDocument().AddHeading(1, "RESTvsGRPC load summary");
        var charts = new List<(string File, string Svg)>();
        if (!results.Complete)
        {
            document.AddParagraph(
                $"**Incomplete run**: {(results.Stop is { } stop ? LoadScenarioText.Of(stop) : "stopped early")}. "
                    + $"The figures below cover only what was measured before it stopped."
            );
        }

        document
            .AddHeading(2, "Scenario")
            .AddTable(
                ["parameter", "value"],
                [
                    .. LoadScenarioText.Rows(results.Scenario).Select(p => (IReadOnlyList<string>)[p.Name, p.Value]),
                    .. LinkRow(results.Link),
                ]
            );
        AddTotals(document, results);
        AddDrift(document, results);
        AddSeriesCharts(document, charts, results);
        var warnings = results.Targets.SelectMany(t => WarningsOf(t.Totals).Select(w => $"{t.Name}: {w}")).ToList();
        if (warnings.Count > 0)
        {
            document.AddHeading(2, "Warnings").AddBullets(warnings);
        }

        document.AddHeading(2, "Provenance").AddTable(["", ""], RunSummary.ProvenanceRows(results.Provenance));
        return (document, charts);
    }

    private static void AddTotals(ReportDocument document, LoadResults results) =>
        document
            .AddHeading(2, "Results per target")
            .AddParagraph(
                "Over the measured seconds (after the ramp-up and the warm-up): "
                    + "requests/s counts answers that passed validation (status, record count, id checksum), "
                    + "latencies are theirs (open loop: from each request's intended start); "
                    + "errors are counted over the whole run, warm-up and tail included. "
                    + "CPU is a share of all the machine's cores."
            )
            .AddTable(
                [
                    "target",
                    "HTTP",
                    "requests/s",
                    "p50",
                    "p90",
                    "p95",
                    "p99",
                    "p99.9",
                    "max",
                    "errors (status/timeout/validation/transport)",
                    "sent/s",
                    "received/s",
                    "client CPU (max)",
                    "server CPU",
                    "server RSS peak",
                    "connections",
                ],
                results.Targets.Select(t =>
                    (IReadOnlyList<string>)
                        [
                            t.Name,
                            t.HttpVersion,
                            Rate(t.Totals.RequestsPerSecond),
                            Units.Time(t.Totals.Latency.P50),
                            Units.Time(t.Totals.Latency.P90),
                            Units.Time(t.Totals.Latency.P95),
                            Units.Time(t.Totals.Latency.P99),
                            Units.Time(t.Totals.Latency.P999),
                            Units.Time(t.Totals.Latency.Max),
                            ErrorsText(t.Totals.Errors),
                            Units.Bytes(t.Totals.SentBytesPerSecond),
                            Units.Bytes(t.Totals.ReceivedBytesPerSecond),
                            $"{Percent(t.Totals.ClientCpuPercent)} ({Percent(t.Totals.ClientCpuPercentMax)})",
                            t.Totals.ServerCpuPercent is { } cpu ? Percent(cpu) : "not measured",
                            t.Totals.ServerPeakResidentBytes is { } rss ? Units.Bytes(rss) : "not measured",
                            Connections(t),
                        ]
                ),
                2,
                3,
                4,
                5,
                6,
                7,
                8,
                10,
                11
            );

    /// <summary>The connections a target's calls went over, in words.</summary>
    private static string Connections(TargetResult target) =>
        !target.SharedClient ? $"{target.Clients} clients, a connection each"
        : target.HttpVersion == "HTTP/1.1" ? "shared client: HTTP/1.1 pool (a connection per call in flight)"
        : $"shared client: one {target.HttpVersion} connection";

    /// <summary>
    /// What a target's totals warn of: a load client that may have set the pace, a saturated machine, failed calls.
    /// </summary>
    public static IReadOnlyList<string> WarningsOf(TargetTotals totals)
    {
        var errors = totals.Errors;
        var warnings = new List<string>();
        if (totals.ClientCpuPercent > 90)
        {
            warnings.Add(
                string.Create(
                    CultureInfo.InvariantCulture,
                    $"the load client used {totals.ClientCpuPercent:0} % of the machine's CPU on average: it, "
                        + $"not the server, may have set the pace."
                )
            );
        }

        if (totals.ClientCpuPercent + (totals.ServerCpuPercent ?? 0) > 95)
        {
            warnings.Add(
                "client and server together kept the CPU busy: on one machine they compete for it, "
                    + "so this measures the machine as much as the protocol."
            );
        }

        if (errors.Total > 0)
        {
            warnings.Add(
                $"{errors.Total} calls failed ({errors.Status} status, {errors.Timeout} timeout, "
                    + $"{errors.Validation} validation, {errors.Transport} transport)."
            );
        }

        return warnings;
    }

    private static void AddDrift(ReportDocument document, LoadResults results)
    {
        var drifting = results.Targets.Where(t => t.Drift is not null).ToList();
        if (drifting.Count > 0)
        {
            document
                .AddHeading(2, "Drift")
                .AddParagraph(
                    "The first tenth of the measured seconds against the last: "
                        + "a server that slows down as the run goes on shows here."
                )
                .AddTable(
                    ["target", "requests/s first → last", "change", "p99 first → last", "change"],
                    drifting.Select(t =>
                        (IReadOnlyList<string>)
                            [
                                t.Name,
                                $"{Rate(t.Drift!.FirstRequestsPerSecond)} → {Rate(t.Drift.LastRequestsPerSecond)}",
                                Change(t.Drift.FirstRequestsPerSecond, t.Drift.LastRequestsPerSecond),
                                $"{Units.Time(t.Drift.FirstP99)} → {Units.Time(t.Drift.LastP99)}",
                                Change(t.Drift.FirstP99, t.Drift.LastP99),
                            ]
                    ),
                    2,
                    4
                );
        }

        var undrifted = results.Targets.Where(t => t.Drift is null).Select(t => t.Name).ToList();
        if (undrifted.Count > 0)
        {
            document.AddParagraph(
                $"Drift: too short to judge for {string.Join(", ", undrifted)} (each tenth of the measured span must "
                    + $"hold at least {results.Timing.MinDriftTenthSeconds} s)."
            );
        }
    }

    /// <summary>
    /// Requests/s and p99 second by second, the percentiles per target, and every chart's image in the document.
    /// </summary>
    private static void AddSeriesCharts(
        ReportDocument document,
        List<(string File, string Svg)> charts,
        LoadResults results
    )
    {
        var phases = Phases(results);
        charts.Add(
            (
                "load-rps.svg",
                SvgChart.Lines(
                    "Requests per second (validated answers) over time",
                    "seconds since the target's start",
                    "requests/s",
                    [
                        .. results.Targets.Select(t => new SvgChart.Line(
                            t.Name,
                            [.. Whole(t.Series).Select(s => ((double)s.Second, (double)s.Requests))]
                        )),
                    ],
                    Units.Whole,
                    log: false,
                    phases
                )
            )
        );
        charts.Add(
            (
                "load-p99.svg",
                SvgChart.Lines(
                    "p99 latency per second over time",
                    "seconds since the target's start",
                    "p99",
                    [
                        .. results.Targets.Select(t => new SvgChart.Line(
                            t.Name,
                            [.. Whole(t.Series).Where(s => s.Requests > 0).Select(s => ((double)s.Second, s.P99 / 1e6))]
                        )),
                    ],
                    Milliseconds,
                    log: false,
                    phases
                )
            )
        );
        charts.Add(("load-percentiles.svg", PercentilesChart(results)));

        foreach (var (file, _) in charts)
        {
            document.AddImage(
                file,
                file switch
                {
                    "load-rps.svg" => "Requests per second over time",
                    "load-p99.svg" => "p99 latency over time",
                    _ => "Latency percentiles per target",
                }
            );
        }
    }

    /// <summary>Each target's latency percentiles as bars, on a log scale where they span more than 20 times.</summary>
    private static string PercentilesChart(LoadResults results)
    {
        var percentiles = results
            .Targets.Select(t => new SvgChart.Group(
                t.Name,
                [
                    new SvgChart.Bar("p50", t.Totals.Latency.P50 / 1e6),
                    new SvgChart.Bar("p90", t.Totals.Latency.P90 / 1e6),
                    new SvgChart.Bar("p95", t.Totals.Latency.P95 / 1e6),
                    new SvgChart.Bar("p99", t.Totals.Latency.P99 / 1e6),
                    new SvgChart.Bar("p99.9", t.Totals.Latency.P999 / 1e6),
                ]
            ))
            .ToList();
        var values = percentiles
            .SelectMany(g => g.Bars)
            .Select(b => b.Value)
            .Where(v => v > 0)
            .DefaultIfEmpty(1)
            .ToList();
        return SvgChart.GroupedBars(
            "Latency percentiles per target",
            "latency",
            percentiles,
            logScale: values.Max() / values.Min() > 20,
            Milliseconds
        );
    }

    /// <summary>"3 (1/0/2/0)": errors in all, then by kind (status, timeout, validation, transport).</summary>
    private static string ErrorsText(ErrorCounts errors) =>
        $"{errors.Total} ({errors.Status}/{errors.Timeout}/{errors.Validation}/{errors.Transport})";

    /// <summary>
    /// One row per target and second, with a header; numbers in invariant culture, latencies in microseconds.
    /// </summary>
    public static string SeriesCsv(LoadResults results)
    {
        var csv = new StringBuilder(
            "target,second,requests,errors,p50_us,p99_us,sent_bytes,received_bytes,client_cpu_percent,"
                + "client_rss_bytes,server_cpu_percent,server_rss_bytes,server_threads,server_handles\n"
        );
        foreach (var target in results.Targets)
        {
            foreach (var s in target.Series)
            {
                csv.Append(
                    CultureInfo.InvariantCulture,
                    $"{target.Name},{s.Second},{s.Requests},{s.Errors},{s.P50 / 1e3:0.#},{s.P99 / 1e3:0.#},"
                        + $"{s.SentBytes},{s.ReceivedBytes},{s.ClientCpuPercent:0.#},{s.ClientResidentBytes},"
                        + $"{s.ServerCpuPercent:0.#},{s.ServerResidentBytes},{s.ServerThreads},{s.ServerHandles}\n"
                );
            }
        }

        return csv.ToString();
    }

    /// <summary>The ramp-up and the warm-up as shaded spans of the time-series charts.</summary>
    private static IReadOnlyList<SvgChart.Span> Phases(LoadResults results)
    {
        var (rampUp, warmup) = (results.Timing.RampUpSeconds, results.Timing.WarmupSeconds);
        List<SvgChart.Span> spans = [];
        if (rampUp > 0)
        {
            spans.Add(
                new(
                    0,
                    rampUp,
                    string.Create(CultureInfo.InvariantCulture, $"ramp-up, 0–{rampUp:0.#} s (not measured)"),
                    "#d9d9d9"
                )
            );
        }

        if (warmup > 0)
        {
            spans.Add(
                new(
                    rampUp,
                    rampUp + warmup,
                    string.Create(
                        CultureInfo.InvariantCulture,
                        $"warm-up, {rampUp:0.#}–{rampUp + warmup:0.#} s (not measured); the measured seconds follow it"
                    ),
                    "#efefef"
                )
            );
        }

        return spans;
    }

    /// <summary>A chart value in ms, written in the unit that suits it (three significant digits).</summary>
    private static string Milliseconds(double milliseconds) => Units.Time(milliseconds * 1e6);

    /// <summary>
    /// The seconds a chart shows: all but the last, which the run ended in the middle of (it would show as a drop).
    /// </summary>
    private static IEnumerable<SecondSample> Whole(IReadOnlyList<SecondSample> series) =>
        series.Count > 1 ? series.Take(series.Count - 1) : series;

    private static string Rate(double perSecond) =>
        perSecond.ToString(perSecond >= 100 ? "#,0" : "#,0.#", CultureInfo.InvariantCulture);

    private static string Percent(double percent) => percent.ToString("0.#", CultureInfo.InvariantCulture) + " %";

    private static string Change(double first, double last) =>
        first > 0 ? ((last - first) / first).ToString("+0.0 %;-0.0 %;0.0 %", CultureInfo.InvariantCulture) : "NA";

    private static IEnumerable<IReadOnlyList<string>> LinkRow(LinkResult? link) =>
        link is null
            ? []
            :
            [
                ["link", LinkText.Of(link)],
            ];
}
