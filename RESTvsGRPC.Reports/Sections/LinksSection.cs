using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// A <c>--link</c> run's headline: one table per link (latency and throughput against REST + JSON, CPU per call, the
/// bytes each call put on the link and how much of its rate they used), the physics check of every shaped link, and a
/// chart of each arm's latency ratio link by link, slowest link first.
/// </summary>
internal static class LinksSection
{
    public const string ChartFile = "links.svg";

    /// <summary>Adds the section for every link <paramref name="summary"/>'s run measured.</summary>
    public static void Add(SummaryContext summary)
    {
        var runs = summary.Run.EveryLink;
        var first = runs[0];
        summary
            .Document.AddHeading(
                2,
                $"Headline across links ({runs.Count} links, {first.Plan.Trials} trials each in fresh processes)"
            )
            .AddParagraph(
                "The same arms measured the same way over each link in turn, on servers started afresh for each link. "
                    + "Two quantities, never mixed: "
                    + "**latency**, one call in flight, its ratio REST + JSON's time over the arm's; **throughput**, "
                    + "calls/s with the plan's calls in flight, its ratio the arm's calls/s over REST + JSON's; "
                    + "above 1 the arm is better, each ratio the median over the trials with its exact 95 % interval. "
                    + "**Bytes per call** were counted by the kernel where each direction arrives, past the link's "
                    + "shaping, with one call in flight (sent, then received; every header down to Ethernet's); "
                    + "**link use** is the busier direction's bits/s over the throughput windows, over the link's rate."
            )
            .AddParagraph(
                $"**Placement**: {SettingsText.Of(first.Placement)}. **Method**: {SettingsText.Of(first.Plan)}; "
                    + $"no sweep, load or h2load check on a link run; a fixed number of trials per link, without the "
                    + $"headline's stopping rule and allocation, which rest on loopback's variance components, not a "
                    + $"link's."
            );
        var faults = new List<string>();
        foreach (var run in runs)
        {
            AddLink(summary.Document, run, faults);
        }

        summary.Charts.Add((ChartFile, Chart(runs)));
        summary.Document.AddImage(
            ChartFile,
            "Latency ratio against REST + JSON, each arm, link by link, slowest first"
        );
        AddFaults(summary, faults);
    }

    /// <summary>Each shaping fault as a note: its figures are left out of its table and chart.</summary>
    public static void AddFaults(SummaryContext summary, IEnumerable<string> faults) =>
        summary.Notes.AddRange(
            faults.Select(fault =>
                $"Shaping fault: {fault}. These figures broke the link's physics and are left out of its table and "
                + $"chart, with every ratio against them; rerun, and if it holds, "
                + $"the link's shaping is not what its profile says."
            )
        );

    private static void AddLink(ReportDocument document, TrialsRun run, List<string> faults)
    {
        var link = run.Link ?? new LinkResult("loopback", null, null, null, null);
        var physics = LinkPhysics.Of(run).ToDictionary(p => (p.Operation, p.Arm));
        document
            .AddHeading(3, $"Link: {LinkText.Short(link)}")
            .AddParagraph(
                $"{LinkText.Of(link)}. {run.Completed} trials over {Units.Time((run.TrialsSeconds ?? 0) * 1e9)}."
            )
            .AddTable(
                [
                    "operation",
                    "arm",
                    "latency per call",
                    "latency ratio",
                    "calls/s",
                    "throughput ratio",
                    "CPU per call (client / server)",
                    "bytes per call (sent / received)",
                    "link use",
                    .. run.RoundTrips is null ? [] : RoundTripSection.Columns,
                ],
                TrialStatistics
                    .Arms(run.Trials)
                    .Select(arm =>
                        (IReadOnlyList<string>)
                            [
                                .. Row(run, arm.Operation, arm.Arm, physics),
                                .. run.RoundTrips is null ? [] : RoundTripSection.Cells(run, arm.Operation, arm.Arm),
                            ]
                    ),
                [.. Enumerable.Range(2, run.RoundTrips is null ? 7 : 9)]
            );
        foreach (var failure in run.Failures)
        {
            document.AddParagraph(
                $"**Trial {failure.Index} failed**: {FaultText.Of(failure)}. "
                    + $"This link's figures are over the other {run.Completed} trials."
            );
        }

        AddPhysics(document, run, faults);
        RoundTripSection.Add(document, run);
    }

    /// <summary>
    /// The physics check of a shaped link's trials, its faults added to <paramref name="faults"/>; nothing for an
    /// unshaped link.
    /// </summary>
    public static void AddPhysics(ReportDocument document, TrialsRun run, List<string> faults)
    {
        var physics = LinkPhysics.Of(run).ToList();
        if (physics.Count > 0)
        {
            var link = run.Link!;
            var broken = physics.Where(p => p.Fault).ToList();
            faults.AddRange(
                broken.Select(p =>
                    $"{LinkText.Short(link)}, {SummaryText.Short(p.Operation)}, {run.NameOf(p.Arm)}: {Broken(p)}"
                )
            );
            document.AddParagraph(
                broken.Count == 0
                    ? $"**Physics check**: holds for all {physics.Count} arms: "
                        + $"no arm's busier direction carried more than the rate (beyond one bucket per slice), "
                        + $"and no call took less than its bytes need at the rate (less one bucket)."
                    : $"**Physics check**: broken by {broken.Count} of {physics.Count} arms "
                        + $"({string.Join("; ", broken.Select(p => BrokenText(run, p)))}): "
                        + "a shaping fault, not a result."
            );
        }
    }

    /// <summary>
    /// One arm's row; an arm that broke the link's physics shows none of its figures, and a ratio against a baseline
    /// that broke them is not shown either.
    /// </summary>
    private static IReadOnlyList<string> Row(
        TrialsRun run,
        string operation,
        string arm,
        IReadOnlyDictionary<(string, string), LinkPhysics> checks
    )
    {
        double Median(Func<TrialSegment, double?> figure) =>
            TrialStatistics.MedianOf(run.Trials, operation, arm, figure);
        var latency = run.Headline.FirstOrDefault(h =>
            (h.Quantity, h.Operation, h.Arm) == (HeadlineRatio.Latency, operation, arm)
        );
        var throughput = run.Headline.FirstOrDefault(h =>
            (h.Quantity, h.Operation, h.Arm) == (HeadlineRatio.Throughput, operation, arm)
        );
        var physics = checks.GetValueOrDefault((operation, arm));
        const string Fault = "shaping fault";
        if (physics is { Fault: true })
        {
            return [operation, run.NameOf(arm), Fault, Fault, Fault, Fault, "", "", Units.Percent(physics.RateUse)];
        }

        var baseline = latency?.Baseline ?? throughput?.Baseline;
        var faulty = baseline is not null && checks.GetValueOrDefault((operation, baseline)) is { Fault: true };
        var server =
            TrialStatistics.Values(run.Trials, operation, arm, s => s.ServerCpuNanosecondsPerCall).Count > 0
                ? Units.Time(Median(s => s.ServerCpuNanosecondsPerCall))
                : "not measured";
        var cpu = $"{Units.Time(Median(s => s.ClientCpuNanosecondsPerCall))} / {server}";
        var bytes =
            TrialStatistics.Values(run.Trials, operation, arm, s => s.LinkReceivedBytesPerCall).Count > 0
                ? $"{Units.Bytes(Median(s => s.LinkSentBytesPerCall))} / "
                    + $"{Units.Bytes(Median(s => s.LinkReceivedBytesPerCall))}"
                : "not counted (loopback)";
        return
        [
            operation,
            run.NameOf(arm),
            Units.Time(Median(s => s.LatencyNanosecondsPerCall)),
            faulty ? "baseline's shaping fault"
            : latency is null ? "baseline"
            : HeadlineSection.Ratio(latency),
            SummaryText.CallsPerSecond(run, operation, arm),
            faulty ? "baseline's shaping fault"
            : throughput is null ? "baseline"
            : HeadlineSection.Ratio(throughput),
            cpu,
            bytes,
            physics is null ? "" : Units.Percent(physics.RateUse),
        ];
    }

    /// <summary>An arm whose physics check broke, its operation, and how it broke.</summary>
    private static string BrokenText(TrialsRun run, LinkPhysics p) =>
        $"{run.NameOf(p.Arm)}, {SummaryText.Short(p.Operation)}: {Broken(p)}";

    private static string Broken(LinkPhysics p) =>
        p.OverRate
            ? $"{Units.Percent(p.RateUse)} of the rate, more than the {Units.Percent(p.AllowedUse)} it allows"
            : $"{Units.Time(p.LatencyNanoseconds)} per call, less than the {Units.Time(p.FloorNanoseconds)} its bytes "
                + $"take";

    /// <summary>True where the ratio's arm or its baseline broke its link's physics.</summary>
    public static bool Faulty(TrialsRun run, HeadlineRatio ratio) =>
        LinkPhysics
            .Of(run)
            .Any(p => p.Fault && p.Operation == ratio.Operation && (p.Arm == ratio.Arm || p.Arm == ratio.Baseline));

    /// <summary>
    /// Latency ratios, but those a shaping fault touched, grouped by operation and link, the links slowest first (a
    /// rate, then a round trip, then unshaped).
    /// </summary>
    private static string Chart(IReadOnlyList<TrialsRun> runs)
    {
        var ordered = runs.OrderBy(r => r.Link?.RateBitsPerSecond ?? long.MaxValue)
            .ThenByDescending(r => r.Link?.RoundTripMilliseconds ?? 0)
            .ToList();
        var groups = OperationNames
            .Calls.SelectMany(operation =>
                ordered
                    .Select(run =>
                        (
                            run,
                            ratios: run.Headline.Where(h =>
                                    h.Quantity == HeadlineRatio.Latency && h.Operation == operation && !Faulty(run, h)
                                )
                                .ToList()
                        )
                    )
                    .Where(g => g.ratios.Count > 0)
                    .Select(g => new SvgChart.Group(
                        $"{SummaryText.Short(operation)}, "
                            + $"{LinkText.Short(g.run.Link ?? new LinkResult("loopback", null, null, null, null))}",
                        [
                            .. g.ratios.Select(h =>
                                SvgChart.RatioBar(g.run.NameOf(h.Arm), h.Median, h.HasInterval ? (h.Low, h.High) : null)
                            ),
                        ]
                    ))
            )
            .ToList();
        return SvgChart.RatioBars(
            "Latency against REST + JSON, link by link (above 1: better)",
            "latency ratio to REST + JSON",
            groups
        );
    }
}
