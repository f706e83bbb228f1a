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
        document.AddBullets(Paragraphs(run, rows, wire, compare));
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
                        .Select(a =>
                            (IReadOnlyList<string>)
                                [
                                    trials.NameOf(a.Arm),
                                    Units.Time(
                                        MedianInterval.MedianOf(
                                            TrialStatistics.Values(trials.Trials, operation, a.Arm, s =>
                                                s.LatencyNanosecondsPerCall
                                            )
                                        )
                                    ),
                                    a.Arm == TrialStatistics.Baseline
                                        ? "baseline"
                                        : compare.Text(operation, a.Arm, TrialStatistics.Baseline),
                                    a.Arm == grpc ? "gRPC"
                                    : grpc is null ? "not run"
                                    : compare.Text(operation, a.Arm, grpc),
                                    SummaryText.CallsPerSecond(trials, operation, a.Arm),
                                    a.Arm == TrialStatistics.Baseline
                                        ? "baseline"
                                        : compare.Throughput(operation, a.Arm, TrialStatistics.Baseline),
                                ]
                        ),
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

    /// <summary>gRPC itself, the styles' second reference: the gRPC service over h2c, uncompressed.</summary>
    private static readonly Role GrpcItself = new(Arm.Grpc, Arm.GrpcService, "h2c");

    private static IEnumerable<string> Paragraphs(
        RunResults run,
        IReadOnlyList<BenchmarkResult> rows,
        IReadOnlyDictionary<string, WireBytes> wire,
        Comparer compare
    )
    {
        const string Small = OperationNames.Small,
            Large = OperationNames.Large,
            Post = OperationNames.Post;
        Role controllers = new(Arm.Rest, Arm.Controllers),
            minimal = new(Arm.Rest, Arm.MinimalApi),
            transcoding = new(Arm.Rest, Arm.JsonTranscoding),
            transcodingStream = transcoding with { Shape = "stream" },
            grpc = GrpcItself,
            grpcStream = grpc with { Shape = "stream" },
            grpcWeb = new(Arm.GrpcWeb, Arm.GrpcService),
            grpcWebH2c = grpcWeb with { Transport = "h2c" },
            grpcWebText = grpcWeb with { Shape = "stream", Encoding = "protobuf, base64 text" };
        string? Id(string operation, Role role) =>
            rows.FirstOrDefault(b => b.Operation == operation && role.Is(run.ArmOf(b)))?.Arm;
        BenchmarkResult? Find(string operation, Role role) =>
            rows.FirstOrDefault(b => b.Operation == operation && b.Arm == Id(operation, role));
        bool Ran(params Role[] roles) =>
            roles.Any(role => SummaryText.OperationOrder.Any(operation => Id(operation, role) is not null));
        string Against(string operation, Role arm, Role reference) =>
            Id(operation, arm) is { } id && Id(operation, reference) is { } against
                ? compare.Text(operation, id, against)
                : "not run";
        string Cpu(string operation, Role role) =>
            Find(operation, role)?.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "not measured";
        string Received(string operation, Role role) =>
            Find(operation, role) is { } b && wire.TryGetValue(b.Method, out var bytes)
                ? Units.Bytes(bytes.ReceivedPerCall)
                : "not measured";

        if (Ran(minimal))
        {
            yield return "**Minimal APIs** against controllers, same server, routes and JSON context: small GET "
                + $"{Against(Small, minimal, controllers)}, large GET {Against(Large, minimal, controllers)}, "
                + $"POST {Against(Post, minimal, controllers)}; server CPU per small GET {Cpu(Small, minimal)} against "
                + $"{Cpu(Small, controllers)}. MVC adds work to every request (action selection, "
                + $"model binding through value providers, output "
                + "formatter selection, the filter pipeline): it shows most where a call does little else, "
                + "and fades where serializing 1000 records dominates.";
        }

        if (Ran(transcoding, transcodingStream))
        {
            yield return "**gRPC JSON transcoding** (GrpcAPI's gRPC service answering REST + JSON routes): "
                + "against controllers, small GET "
                + $"{Against(Small, transcoding, controllers)}, large GET {Against(Large, transcoding, controllers)}, "
                + $"POST {Against(Post, transcoding, controllers)}; against gRPC, "
                + $"large GET {Against(Large, transcoding, grpc)}, "
                + $"POST {Against(Post, transcoding, grpc)}. Server CPU per large GET {Cpu(Large, transcoding)} "
                + $"against controllers' "
                + $"{Cpu(Large, controllers)} and gRPC's {Cpu(Large, grpc)}. "
                + $"Each call runs the gRPC pipeline and then converts between JSON and "
                + "protobuf messages, field by field through each message's descriptor, "
                + "where controllers serialize plain records with generated code "
                + "and gRPC writes protobuf bytes.";
        }

        if (Ran(grpcWeb, grpcWebH2c))
        {
            yield return "**gRPC-Web, binary** (the same protobuf messages and framing as gRPC; "
                + "the status goes in a last frame of the body instead of HTTP/2 "
                + $"trailers): over HTTP/1.1 against gRPC, small GET {Against(Small, grpcWeb, grpc)}, large GET "
                + $"{Against(Large, grpcWeb, grpc)}, POST {Against(Post, grpcWeb, grpc)}; "
                + $"over h2c, small GET {Against(Small, grpcWebH2c, grpc)}, "
                + $"large GET {Against(Large, grpcWebH2c, grpc)}. "
                + "The h2c arm shows what the gRPC-Web translation costs on the same HTTP version; "
                + "the HTTP/1.1 arm adds what HTTP/1.1 saves or costs against HTTP/2.";
        }

        if (Ran(grpcWebText))
        {
            yield return "**gRPC-Web, text** (base64, which browsers' gRPC-Web clients ask for to read a server "
                + "stream as it comes): the 1000-record stream receives "
                + $"{Received(Large, grpcWebText)} per call against gRPC's {Received(Large, grpcStream)} (base64 "
                + $"carries 3 bytes in 4 "
                + $"characters, and each message is padded on its own); "
                + $"against gRPC's stream it is {Against(Large, grpcWebText, grpcStream)}, "
                + $"and transcoding's stream (one JSON object per line) "
                + $"{Against(Large, transcodingStream, grpcStream)}.";
        }
    }

    /// <summary>
    /// A style the section's paragraphs name, matched against the run's arm catalogue: protocol, API style, transport
    /// and encoding, uncompressed; its large GET's shape where given, else the plain call (REST's one body, gRPC's one
    /// list).
    /// </summary>
    private sealed record Role(
        string Protocol,
        string Style,
        string Transport = "HTTP/1.1",
        string? Shape = null,
        string? Encoding = null
    )
    {
        public bool Is(Arm arm) =>
            (arm.Protocol, arm.Style, arm.Transport, arm.Compression) == (Protocol, Style, Transport, "none")
            && arm.Encoding == (Encoding ?? (Protocol == Arm.Rest ? "JSON" : "protobuf"))
            && arm.Shape == (Shape ?? (Protocol == Arm.Rest ? Arm.Unary : Arm.List));
    }

    /// <summary>
    /// An arm against a reference arm of the same operation: from the trials where both took part ("1.20× slower
    /// [1.15×, 1.24×]"), else from BenchmarkDotNet's times; "not run" where either is missing.
    /// </summary>
    private sealed class Comparer(IReadOnlyList<BenchmarkResult> rows, TrialsRun? trials)
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
