using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Trials whose arms take turns to give ratios of named pairs rather than against REST + JSON: the JIT and Native AOT
/// builds (<see cref="Aot"/>) and TLS beside cleartext (<see cref="Tls"/>). Each pair's ratios with their intervals
/// over trials, a chart, the pool over earlier runs and each arm's throughput curve.
/// </summary>
internal static class PairedTrialsSection
{
    /// <summary>What one kind of paired trials is called and how its pairs read.</summary>
    public sealed record Kind(
        Func<RunResults, IReadOnlyList<TrialsRun>> Of,
        IReadOnlyList<(string Arm, string Baseline)> Pairs,
        string Heading,
        string Intro,
        string RatioHeading,
        string RatioIntro,
        string Chart,
        string ChartTitle,
        string CurveChart,
        Func<Arm, Arm, string> Label
    )
    {
        /// <summary>
        /// The same comparison in a cleartext headline's ratios (against REST + JSON), where it has one: what
        /// <c>compare</c> sets beside a pair.
        /// </summary>
        public IReadOnlyDictionary<(string Arm, string Baseline), string> CleartextAnalogs { get; init; } =
            new Dictionary<(string, string), string>();
    }

    /// <summary>
    /// REST + JSON on the minimal APIs and gRPC unary, each from the JIT servers and from their Native AOT builds.
    /// </summary>
    public static Kind Aot { get; } =
        new(
            run => [.. new[] { run.AotTrials }.OfType<TrialsRun>()],
            TrialStatistics.AotPairs,
            "Server builds per call: JIT and Native AOT",
            "The arms both builds serve, REST + JSON on the minimal APIs and gRPC unary over h2c, "
                + "each from the JIT servers and from their Native AOT builds, "
                + "all four servers running side by side on the servers' CPUs.",
            "gRPC against REST under each build, AOT against JIT for each protocol",
            "gRPC over REST: gRPC unary against REST + JSON on the minimal APIs, both from the same build. "
                + "AOT over JIT: a protocol's Native AOT server against its JIT server.",
            "aot-trials.svg",
            "JIT and Native AOT",
            "aot-curve.svg",
            (arm, baseline) =>
                arm.Build == baseline.Build
                    ? $"{arm.Protocol} over {baseline.Protocol}, {arm.Build ?? "JIT"}"
                    : $"{arm.Build ?? "JIT"} over {baseline.Build ?? "JIT"}, {arm.Protocol}"
        );

    /// <summary>REST + JSON over TLS with HTTP/1.1 and HTTP/2, gRPC over TLS, each beside its cleartext twin.</summary>
    public static Kind Tls { get; } =
        new(
            run => run.EveryTlsLink,
            TrialStatistics.TlsPairs,
            "The headline over TLS",
            "REST + JSON over TLS with HTTP/1.1 (the baseline) and with HTTP/2 (agreed by ALPN on the same endpoint), "
                + "and gRPC over TLS, each beside its cleartext twin "
                + "(REST + JSON over HTTP/1.1 and h2c, gRPC over h2c), the six arms of an operation taking turns. "
                + "Connections stay open: the handshake is outside the timed calls, and measured apart below.",
            "Over TLS against REST + JSON over TLS with HTTP/1.1, and what TLS costs each protocol",
            "The first two columns: an arm over TLS against REST + JSON over TLS with HTTP/1.1. The last three: "
                + "an arm over TLS against its cleartext twin (below 1: TLS costs it).",
            "tls-trials.svg",
            "TLS",
            "tls-curve.svg",
            (arm, baseline) =>
                baseline.IsTls ? $"{arm.Name} over {baseline.Name}" : $"TLS over cleartext: {baseline.Name}"
        )
        {
            CleartextAnalogs = TrialStatistics.TlsCleartextAnalogs,
        };

    /// <summary>
    /// Adds the section of <paramref name="kind"/> for each link <paramref name="summary"/>'s run measured its trials
    /// over.
    /// </summary>
    public static void Add(SummaryContext summary, Kind kind)
    {
        var faults = new List<string>();
        foreach (var trials in kind.Of(summary.Run))
        {
            Add(summary, kind, trials, faults);
        }

        LinksSection.AddFaults(summary, faults);
    }

    private static void Add(SummaryContext summary, Kind kind, TrialsRun trials, List<string> faults)
    {
        var (onLink, file) = trials.Link is { } link ? ($", link {LinkText.Short(link)}", $"-{link.Name}") : ("", "");
        AddFigures(summary.Document, kind, trials, onLink);
        LinksSection.AddPhysics(summary.Document, trials, faults);
        RoundTripSection.Add(summary.Document, trials);
        AddRatios(summary, kind, trials, onLink, file);
        var document = summary.Document;
        AddConnections(document, trials);
        AddPool(document, kind, trials);
        StallSection.Add(document, trials);
        ThroughputCurveSection.Add(
            summary,
            trials,
            kind.CurveChart.Replace(".svg", file + ".svg", StringComparison.Ordinal)
        );
    }

    /// <summary>The section's heading, what it measured, each arm's figures and its failed trials.</summary>
    private static void AddFigures(ReportDocument document, Kind kind, TrialsRun trials, string onLink)
    {
        document
            .AddHeading(2, $"{kind.Heading}{onLink} ({trials.Completed} trials in fresh processes)")
            .AddParagraph(
                kind.Intro
                    + " They are measured as the headline's arms are: latency one call in flight, "
                    + "throughput at saturation "
                    + "with each side's CPU per call; in every trial an operation's arms take turns slice by slice, "
                    + "so each ratio below compares moments a fraction of a second apart. "
                    + "A ratio is the first-named arm's advantage: the other's time per call over its own (latency), "
                    + "its calls/s over the other's (throughput); above 1 it is better. "
                    + "Medians of one ratio per trial, with the exact 95 % interval over the trials in brackets (≈ "
                    + "where it holds 1)."
            )
            .AddParagraph(
                $"**Placement**: {SettingsText.Of(trials.Placement)}. **Link**: "
                    + $"{(trials.Link is { } on ? LinkText.Of(on) : "loopback")}. **Method**: "
                    + $"{SettingsText.Of(trials.Plan, trials.CurveTrials)}."
            )
            .AddParagraph(HeadlineSection.Covers(trials))
            .AddTable(
                [
                    "operation",
                    "arm",
                    "latency per call",
                    "calls/s",
                    "client CPU per call",
                    "server CPU per call",
                    "both",
                ],
                Figures(trials),
                2,
                3,
                4,
                5,
                6
            );
        HeadlineSection.AddFailures(document, trials, "The ratios are over");
    }

    /// <summary>Each pair's ratio per operation and quantity, as a table and a chart.</summary>
    private static void AddRatios(SummaryContext summary, Kind kind, TrialsRun trials, string onLink, string file)
    {
        var document = summary.Document;
        var chart = kind.Chart.Replace(".svg", file + ".svg", StringComparison.Ordinal);
        document
            .AddHeading(3, kind.RatioHeading)
            .AddParagraph(kind.RatioIntro)
            .AddTable(
                ["operation", "quantity", .. kind.Pairs.Select(p => Label(kind, trials, p))],
                Ratios(kind, trials),
                [.. Enumerable.Range(2, kind.Pairs.Count)]
            )
            .AddImage(chart, $"{kind.ChartTitle}{onLink}: each pair's ratio with its 95 % interval over trials");
        var groups = trials
            .Headline.GroupBy(h => (h.Operation, h.Quantity))
            .Select(g => new SvgChart.Group(
                $"{g.Key.Operation}, {g.Key.Quantity}",
                [
                    .. g.Select(h =>
                        SvgChart.RatioBar(
                            Label(kind, trials, (h.Arm, h.Baseline)),
                            h.Median,
                            h.HasInterval ? (h.Low, h.High) : null
                        )
                    ),
                ]
            ))
            .ToList();
        summary.Charts.Add(
            (
                chart,
                SvgChart.RatioBars(
                    $"{kind.ChartTitle}{onLink} ({trials.Completed} trials; above 1: the first-named is better)",
                    "ratio",
                    groups
                )
            )
        );
    }

    /// <summary>
    /// What each TLS arm agreed with its server, and each arm's time to the first answer on a new connection (connect,
    /// TLS handshake where it has one, one small GET, on warm code) with its interval over trials, and over its
    /// cleartext twin's.
    /// </summary>
    private static void AddConnections(ReportDocument document, TrialsRun trials)
    {
        if (trials.TlsSessions is { Count: > 0 } sessions)
        {
            document
                .AddHeading(3, "What each TLS connection agreed")
                .AddTable(
                    ["arm", "ALPN", "TLS version", "cipher suite"],
                    sessions.Select(s =>
                        (IReadOnlyList<string>)
                            [trials.NameOf(s.Arm), s.ApplicationProtocol, s.TlsVersion, s.CipherSuite]
                    )
                );
        }

        if (trials.NewConnections is not { } made)
        {
            return;
        }

        var twins = TrialStatistics
            .TlsPairs.Where(p => !ArmCatalogue.All[p.Baseline].IsTls)
            .ToDictionary(p => p.Arm, p => p.Baseline);
        document
            .AddHeading(3, "The first answer on a new connection")
            .AddParagraph(
                $"In every trial, once the code is warm, {made} clients per arm are made afresh, "
                    + $"each timed from its creation to the answer of its first small GET: "
                    + "connecting, the TLS handshake where the arm has one, and one call. The median per trial, "
                    + "then the median over trials with its 95 % interval; the last column is the "
                    + "TLS arm's time over its cleartext twin's, trial by trial (above 1: the handshake's cost). "
                    + "A new client in the same process may resume an earlier TLS session, "
                    + "as a client reconnecting would."
            )
            .AddTable(
                ["arm", "first answer", "over its cleartext twin"],
                TrialStatistics
                    .Arms(trials.Trials)
                    .DistinctBy(a => a.Arm)
                    .Select(a =>
                        (IReadOnlyList<string>)
                            [
                                trials.NameOf(a.Arm),
                                IntervalText(FirstAnswers(trials.Trials, a.Arm), Units.Time),
                                twins.TryGetValue(a.Arm, out var twin)
                                    ? IntervalText(TwinRatios(trials.Trials, a.Arm, twin), Units.Ratio)
                                    : "",
                            ]
                    ),
                1,
                2
            );
    }

    /// <summary>An arm's time to the first answer on a new connection, one per trial that measured it.</summary>
    private static IReadOnlyList<double> FirstAnswers(IReadOnlyList<Trial> trials, string arm) =>
        [
            .. trials
                .Select(t =>
                    t.Segments.FirstOrDefault(s =>
                        s.Arm == arm && s.NewConnectionNanoseconds is not null
                    )?.NewConnectionNanoseconds
                )
                .OfType<double>(),
        ];

    private static IReadOnlyList<double> TwinRatios(IReadOnlyList<Trial> trials, string arm, string twin) =>
        [
            .. trials
                .Select(t =>
                    (
                        Arm: t.Segments.FirstOrDefault(s =>
                            s.Arm == arm && s.NewConnectionNanoseconds is not null
                        )?.NewConnectionNanoseconds,
                        Twin: t.Segments.FirstOrDefault(s =>
                            s.Arm == twin && s.NewConnectionNanoseconds is not null
                        )?.NewConnectionNanoseconds
                    )
                )
                .Where(p => p is { Arm: > 0, Twin: > 0 })
                .Select(p => p.Arm!.Value / p.Twin!.Value),
        ];

    private static string IntervalText(IReadOnlyList<double> values, Func<double, string> format)
    {
        if (values.Count == 0)
        {
            return "not measured";
        }

        var (median, low, high) = TrialStatistics.Interval(values);
        return values.Count < MedianInterval.MinimumSamples
            ? format(median)
            : $"{format(median)} [{format(low)}, {format(high)}]";
    }

    /// <summary>
    /// The pairs' ratios over every pooled run of this folder, with how often one run's median fell inside another's
    /// interval.
    /// </summary>
    private static void AddPool(ReportDocument document, Kind kind, TrialsRun trials)
    {
        if (trials.Pool.Count < 2)
        {
            return;
        }

        var pairs = kind.Pairs;
        var pooled = RunPool.PairRatios(trials.Pool, pairs);
        document
            .AddHeading(3, $"Pooled over {trials.Pool.Count} runs")
            .AddParagraph(
                $"This run and the {trials.Pool.Count - 1} before it in this folder (the same clean build, machine, "
                    + $"job, data, plan and placement), {trials.Pool.Sum(r => r.Count)} trials in all. "
                    + $"Each ratio is the median of every trial's, with the range one run's median falls in 95 % of "
                    + $"the time ({RunPool.Resamples:#,0} draws of a run, then of that run's trials): "
                    + $"the range a rerun here should land in."
            )
            .AddTable(
                ["operation", "quantity", .. pairs.Select(p => Label(kind, trials, p))],
                pooled
                    .Select(p => (p.Operation, p.Quantity))
                    .Distinct()
                    .Select(key =>
                        (IReadOnlyList<string>)
                            [
                                key.Operation,
                                key.Quantity,
                                .. pairs.Select(pair =>
                                    pooled.FirstOrDefault(p =>
                                        (p.Operation, p.Quantity, p.Arm, p.Baseline)
                                        == (key.Operation, key.Quantity, pair.Arm, pair.Baseline)
                                    )
                                        is { } ratio
                                        ? HeadlineSection.Range(ratio)
                                        : "not measured"
                                ),
                            ]
                    ),
                [.. Enumerable.Range(2, pairs.Count)]
            )
            .AddParagraph(HeadlineSection.Coverage(trials.Pool, pairs));
    }

    /// <summary>
    /// What a reader calls <paramref name="pair"/>: "gRPC over REST, AOT", "TLS over cleartext: gRPC unary, h2c".
    /// </summary>
    public static string Label(Kind kind, TrialsRun trials, (string Arm, string Baseline) pair) =>
        kind.Label(trials.Arms.Single(a => a.Id == pair.Arm), trials.Arms.Single(a => a.Id == pair.Baseline));

    private static IEnumerable<IReadOnlyList<string>> Figures(TrialsRun trials)
    {
        foreach (var (operation, arm) in TrialStatistics.Arms(trials.Trials))
        {
            double Median(Func<TrialSegment, double?> figure) =>
                TrialStatistics.MedianOf(trials.Trials, operation, arm, figure);
            var (client, server) = (
                Median(s => s.ClientCpuNanosecondsPerCall),
                TrialStatistics.Values(trials.Trials, operation, arm, s => s.ServerCpuNanosecondsPerCall).Count > 0
                    ? Median(s => s.ServerCpuNanosecondsPerCall)
                    : (double?)null
            );
            yield return
            [
                operation,
                trials.NameOf(arm),
                Units.Time(Median(s => s.LatencyNanosecondsPerCall)),
                SummaryText.CallsPerSecond(trials, operation, arm),
                Units.Time(client),
                server is { } s ? Units.Time(s) : "not measured",
                server is { } both ? Units.Time(client + both) : "",
            ];
        }
    }

    private static IEnumerable<IReadOnlyList<string>> Ratios(Kind kind, TrialsRun trials)
    {
        foreach (var (operation, quantity) in trials.Headline.Select(h => (h.Operation, h.Quantity)).Distinct())
        {
            yield return
            [
                operation,
                quantity,
                .. kind.Pairs.Select(p =>
                    trials.Headline.FirstOrDefault(h =>
                        (h.Operation, h.Quantity, h.Arm, h.Baseline) == (operation, quantity, p.Arm, p.Baseline)
                    )
                        is { } ratio
                        ? HeadlineSection.Ratio(ratio)
                        : "not measured"
                ),
            ];
        }
    }
}
