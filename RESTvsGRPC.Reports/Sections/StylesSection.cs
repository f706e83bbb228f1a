using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The summary's "Which API style" section, from the styles suite: per operation each style's time per call, its
/// latency ratio to controllers + JSON and to gRPC and its throughput ratio to controllers (from the styles' trials in
/// fresh processes, with their 95 % intervals, where the run made them; else from BenchmarkDotNet's times), bytes on
/// the wire, HTTP version, server CPU and allocations; then one paragraph per style on what it costs and why, every
/// number in it read from the run.
/// </summary>
internal static class StylesSection
{
    public static void Add(SummaryContext summary)
    {
        var (document, charts, run, wire) = (summary.Document, summary.Charts, summary.Run, summary.Wire);
        var styles = run.Benchmarks.Where(b => b.Suite == Suites.Styles).ToList();
        if (styles.Count == 0)
        {
            if (run.StylesTrials is { } alone)
            {
                AddTrialsAlone(summary, alone);
            }

            return;
        }

        var calls = styles.Max(b => b.CallsPerBatch);
        var rows = styles.Where(b => b.CallsPerBatch == calls).ToList();
        var compare = new Comparer(rows, run.StylesTrials);
        document.AddHeading(2, $"Which API style (batches of {calls} calls)").AddParagraph(Introduction(run));
        foreach (var operation in SummaryText.Ordered(rows.Select(b => b.Operation)))
        {
            AddOperation(document, run, wire, compare, rows.Where(b => b.Operation == operation).ToList());
        }

        charts.Add(
            (
                "styles.svg",
                SvgChart.GroupedBars(
                    $"Time per call by API style, batches of {calls} calls",
                    "time per call",
                    [.. summary.TimePerCallGroups(rows)],
                    logScale: true,
                    SummaryText.Microseconds
                )
            )
        );
        document.AddImage("styles.svg", "Time per call by API style");
        document.AddBullets(new StyleFindings(run, rows, wire, compare).Paragraphs());
    }

    /// <summary>What the styles compare, and where each column's figures come from.</summary>
    private static string Introduction(RunResults run) =>
        "The same records and operations in the styles a .NET team weighs: "
        + "MVC controllers and minimal APIs on the same RestAPI, and "
        + "GrpcAPI's one service as JSON transcoding, gRPC-Web and gRPC. "
        + "Every REST + JSON style is read by the same source-generated "
        + "System.Text.Json context into the same records, so a difference between them is the server's. "
        + (
            run.StylesTrials is { } trials
                ? $"Ratios come from the styles' trials ({trials.Completed} fresh client processes, "
                    + $"each style in one contiguous segment per trial; "
                    + $"{SettingsText.Of(trials.Placement)}): "
                    + "latency ratios with one call in flight, "
                    + "throughput ratios at saturation against controllers, "
                    + "each the median over the trials with its 95 % interval (≈: the interval holds 1); "
                : "Ratios are BenchmarkDotNet's per-call times divided (≈: within the two results' error); "
        )
        + "per call, error, server CPU and allocations come from BenchmarkDotNet; "
        + "bytes are both directions on the client's sockets.";

    /// <summary>
    /// One operation's table: each style's time per call, its ratios, bytes, HTTP version, CPU and allocations.
    /// </summary>
    private static void AddOperation(
        ReportDocument document,
        RunResults run,
        IReadOnlyDictionary<string, WireBytes> wire,
        Comparer compare,
        IReadOnlyList<BenchmarkResult> inOperation
    )
    {
        var operation = inOperation[0].Operation;
        var baseline = inOperation.FirstOrDefault(b => b.Baseline);
        var grpc = inOperation.FirstOrDefault(b => GrpcItself.Is(run.ArmOf(b)));
        document
            .AddHeading(3, SummaryText.Short(operation))
            .AddTable(
                [
                    "style",
                    "per call",
                    "± error",
                    "vs controllers + JSON",
                    "vs gRPC",
                    "calls/s vs controllers",
                    "bytes/call",
                    "HTTP",
                    "server CPU/call",
                    "allocated/call",
                ],
                inOperation.Select(b =>
                    (IReadOnlyList<string>)
                        [
                            run.ArmOf(b).Name,
                            Units.Time(b.NanosecondsPerCall),
                            Units.Time(b.ErrorNanosecondsPerCall),
                            baseline is null ? ""
                            : b == baseline ? "baseline"
                            : compare.Text(operation, b.Arm, baseline.Arm),
                            grpc is null ? ""
                            : b == grpc ? "gRPC"
                            : compare.Text(operation, b.Arm, grpc.Arm),
                            baseline is null ? ""
                            : b == baseline ? "baseline"
                            : compare.Throughput(operation, b.Arm, baseline.Arm),
                            wire.TryGetValue(b.Method, out var bytes)
                                ? Units.Bytes(bytes.SentPerCall + bytes.ReceivedPerCall)
                                : "",
                            bytes?.HttpVersion ?? "",
                            b.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "",
                            b.AllocatedBytesPerCall is { } allocated ? Units.Bytes(allocated) : "",
                        ]
                ),
                1,
                2,
                3,
                4,
                5,
                6,
                8,
                9
            );
    }

    /// <summary>
    /// The section of a run that measured the styles' trials and no benchmark (<c>--headline --suite styles</c>): per
    /// operation each style's latency and calls/s, medians over the trials, and its ratios to controllers + JSON and to
    /// gRPC.
    /// </summary>
    private static void AddTrialsAlone(SummaryContext summary, TrialsRun trials)
    {
        var compare = new Comparer([], trials);
        var grpc = trials.Arms.FirstOrDefault(GrpcItself.Is)?.Id;
        summary
            .Document.AddHeading(2, $"Which API style ({trials.Completed} trials in fresh processes)")
            .AddParagraph(
                "The styles' trials alone (`--headline --suite styles`: BenchmarkDotNet did not run, "
                    + "so there are no batch times, bytes or allocations here). "
                    + "Each style is measured as the headline's arms are: latency one call in flight, "
                    + "throughput at saturation, an operation's styles taking turns slice by slice. "
                    + "Latency ratios say how much faster or slower a style is than the reference, "
                    + "calls/s ratios are its calls/s over controllers'; medians of one ratio per trial, "
                    + "with the exact 95 % interval over the trials in brackets (≈ where it holds 1)."
            )
            .AddParagraph(
                $"**Placement**: {SettingsText.Of(trials.Placement)}. **Link**: loopback. **Method**: "
                    + $"{SettingsText.Of(trials.Plan, trials.CurveTrials)}."
            )
            .AddParagraph(HeadlineSection.Covers(trials));
        foreach (
            var operation in SummaryText.Ordered(
                TrialStatistics.Arms(trials.Trials).Select(a => a.Operation).Distinct()
            )
        )
        {
            summary
                .Document.AddHeading(3, SummaryText.Short(operation))
                .AddTable(
                    [
                        "style",
                        "latency per call",
                        "vs controllers + JSON",
                        "vs gRPC",
                        "calls/s",
                        "calls/s vs controllers",
                    ],
                    TrialStatistics
                        .Arms(trials.Trials)
                        .Where(a => a.Operation == operation)
                        .Select(a => TrialsRow(trials, compare, operation, a.Arm, grpc)),
                    1,
                    2,
                    3,
                    4,
                    5
                );
        }

        foreach (var failure in trials.Failures)
        {
            summary.Document.AddParagraph(
                $"**Trial {failure.Index} failed**: {FaultText.Of(failure)}. "
                    + $"The ratios are over the other {trials.Completed} trials."
            );
        }

        ThroughputCurveSection.Add(summary, trials, "styles-curve.svg");
    }

    /// <summary>One style's row of an operation: its latency and calls/s, and its ratios to both references.</summary>
    private static IReadOnlyList<string> TrialsRow(
        TrialsRun trials,
        Comparer compare,
        string operation,
        string arm,
        string? grpc
    ) =>
        [
            trials.NameOf(arm),
            Units.Time(
                MedianInterval.MedianOf(
                    TrialStatistics.Values(trials.Trials, operation, arm, s => s.LatencyNanosecondsPerCall)
                )
            ),
            arm == TrialStatistics.Baseline ? "baseline" : compare.Text(operation, arm, TrialStatistics.Baseline),
            arm == grpc ? "gRPC"
            : grpc is null ? "not run"
            : compare.Text(operation, arm, grpc),
            SummaryText.CallsPerSecond(trials, operation, arm),
            arm == TrialStatistics.Baseline ? "baseline" : compare.Throughput(operation, arm, TrialStatistics.Baseline),
        ];

    /// <summary>gRPC itself, the styles' second reference: the gRPC service over h2c, uncompressed.</summary>
    internal static readonly Role GrpcItself = new(Arm.Grpc, Arm.GrpcService, "h2c");

    /// <summary>
    /// A style the section's paragraphs name, matched against the run's arm catalogue: protocol, API style, transport
    /// and encoding, uncompressed; its large GET's shape where given, else the plain call (REST's one body, gRPC's one
    /// list).
    /// </summary>
    internal sealed record Role(
        string Protocol,
        string Style,
        string Transport = "HTTP/1.1",
        string? CallShape = null,
        string? Encoding = null
    )
    {
        public bool Is(Arm arm) =>
            (arm.Protocol, arm.Style, arm.Transport, arm.Compression) == (Protocol, Style, Transport, "none")
            && arm.Encoding == (Encoding ?? (Protocol == Arm.Rest ? "JSON" : "protobuf"))
            && arm.CallShape == (CallShape ?? (Protocol == Arm.Rest ? Arm.Unary : Arm.List));
    }

    /// <summary>
    /// An arm against a reference arm of the same operation: from the trials where both took part ("1.20× slower
    /// [1.15×, 1.24×]"), else from BenchmarkDotNet's times; "not run" where either is missing.
    /// </summary>
    internal sealed class Comparer(IReadOnlyList<BenchmarkResult> rows, TrialsRun? trials)
    {
        public string Text(string operation, string arm, string reference)
        {
            if (FromTrials(operation, arm, reference, HeadlineRatio.Latency) is { } fromTrials)
            {
                return fromTrials;
            }

            BenchmarkResult? Timed(string of) => rows.FirstOrDefault(b => b.Operation == operation && b.Arm == of);
            return Timed(arm) is { } timed && Timed(reference) is { } against
                ? SummaryText.Compared(against, timed)
                : "not run";
        }

        /// <summary>
        /// The arm's calls/s at saturation over the reference's, from the trials; "" where they did not measure both.
        /// </summary>
        public string Throughput(string operation, string arm, string reference) =>
            FromTrials(operation, arm, reference, HeadlineRatio.Throughput) ?? "";

        /// <summary>
        /// The trials' ratio in the section's words (latency: faster or slower; throughput: a factor); too few trials
        /// for an interval: the median and the count.
        /// </summary>
        private string? FromTrials(string operation, string arm, string reference, string quantity)
        {
            if (
                trials is null
                || TrialArmOf(trials, operation, arm) is not { } trialArm
                || TrialArmOf(trials, operation, reference) is not { } against
                || TrialStatistics.PerTrial(trials.Trials, operation, trialArm, against, quantity)
                    is not { Count: > 0 } perTrial
            )
            {
                return null;
            }

            return MedianInterval.Of(perTrial) is not { } ratio
                    ? $"{Units.Ratio(MedianInterval.MedianOf(perTrial))} ({perTrial.Count} trials, no interval)"
                : quantity == HeadlineRatio.Latency ? SummaryText.IntervalCompared(ratio)
                : Units.RatioInterval(ratio.Median, ratio.Lower, ratio.Upper);
        }

        /// <summary>
        /// The styles benchmark's <paramref name="arm"/> where the trials measured it on <paramref name="operation"/>;
        /// null where they did not (transcoding's stream).
        /// </summary>
        private static string? TrialArmOf(TrialsRun trials, string operation, string arm) =>
            TrialStatistics.Arms(trials.Trials).Any(a => a.Operation == operation && a.Arm == arm) ? arm : null;
    }
}
