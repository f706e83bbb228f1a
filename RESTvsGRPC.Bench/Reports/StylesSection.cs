namespace RESTvsGRPC.Bench.Reports;

/// <summary>
/// The summary's "Which API style" section, from the styles suite: per operation each style's time per call, its
/// latency ratio to controllers + JSON and to gRPC and its throughput ratio to controllers (from the styles' trials in
/// fresh processes, with their 95 % intervals, where the run made them; else from BenchmarkDotNet's times), bytes on
/// the wire, HTTP version, server CPU and allocations; then one paragraph per style on what it costs and why, every
/// number in it read from the run.
/// </summary>
public static class StylesSection
{
    public const string Class = "StylesBenchmarks";

    public static void Add(ReportDocument document, List<(string File, string Svg)> charts, RunResults run, IReadOnlyDictionary<string, WireBytes> wire)
    {
        var styles = run.Benchmarks.Where(b => b.Class == Class).ToList();
        if (styles.Count == 0)
        {
            return;
        }

        var calls = styles.Max(b => b.Calls);
        var rows = styles.Where(b => b.Calls == calls).ToList();
        var compare = new Comparer(rows, run.StylesTrials, run.StylesPaired);
        document.AddHeading(2, $"Which API style (batches of {calls} calls)")
            .AddParagraph("The same records and operations in the styles a .NET team weighs: MVC controllers and minimal APIs on the same RestAPI, and "
                + "GrpcAPI's one service as JSON transcoding, gRPC-Web and gRPC. Every REST + JSON style is read by the same source-generated "
                + "System.Text.Json context into the same records, so a difference between them is the server's. "
                + (run.StylesTrials is { } trials
                    ? $"Ratios come from the styles' trials ({trials.Completed} fresh client processes, each style in one contiguous segment per trial; {trials.Placement}): "
                        + "latency ratios with one call in flight, throughput ratios at saturation against controllers, each the median over the trials with its 95 % interval (≈: the interval holds 1); "
                    : run.StylesPaired is { Count: > 0 } paired
                    ? $"Ratios come from paired rounds of the styles ({string.Join(", ", paired.Select(o => $"{o.Operation} {o.Rounds} rounds"))}; {paired[0].Calls} calls per arm per round, "
                        + "the arms taking turns call by call), with their 95 % intervals (≈: the interval holds 1); "
                    : "Ratios are BenchmarkDotNet's per-call times divided (≈: within the two results' error); ")
                + "per call, error, server CPU and allocations come from BenchmarkDotNet; bytes are both directions on the client's sockets.");
        foreach (var operation in RunSummary.Ordered(rows.Select(b => b.Operation)))
        {
            var inOperation = rows.Where(b => b.Operation == operation).ToList();
            var baseline = inOperation.FirstOrDefault(b => b.Baseline);
            var grpc = inOperation.FirstOrDefault(b => b.Method == GrpcArm(operation));
            document.AddHeading(3, operation).AddTable(
                ["style", "per call", "± error", "vs controllers + JSON", "vs gRPC", "calls/s vs controllers", "bytes/call", "HTTP", "server CPU/call", "allocated/call"],
                inOperation.Select(b => (IReadOnlyList<string>)
                [
                    Arms.Describe(b.Method),
                    Units.Time(b.NanosecondsPerCall),
                    Units.Time(b.ErrorNanosecondsPerCall),
                    baseline is null ? "" : b == baseline ? "baseline" : compare.Text(b.Method, baseline.Method),
                    grpc is null ? "" : b == grpc ? "gRPC" : compare.Text(b.Method, grpc.Method),
                    baseline is null ? "" : b == baseline ? "baseline" : compare.Throughput(b.Method, baseline.Method),
                    wire.TryGetValue(b.Method, out var bytes) ? Units.Bytes(bytes.SentPerCall + bytes.ReceivedPerCall) : "",
                    bytes?.HttpVersion ?? "",
                    b.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "",
                    b.AllocatedBytesPerCall is { } allocated ? Units.Bytes(allocated) : "",
                ]),
                1, 2, 3, 4, 5, 6, 8, 9);
        }

        charts.Add(("styles.svg", SvgChart.GroupedBars(
            $"Time per call by API style, batches of {calls} calls", "time per call",
            [.. RunSummary.Ordered(rows.Select(b => b.Operation)).Select(operation => new SvgChart.Group(
                operation, [.. rows.Where(b => b.Operation == operation).Select(b => new SvgChart.Bar(Arms.Describe(b.Method), b.NanosecondsPerCall / 1e3, b.ErrorNanosecondsPerCall / 1e3))]))],
            logScale: true, microseconds => Units.Time(microseconds * 1e3))));
        document.AddImage("styles.svg", "Time per call by API style");
        document.AddBullets(Paragraphs(rows, wire, compare));
    }

    private static IEnumerable<string> Paragraphs(IReadOnlyList<BenchmarkResult> rows, IReadOnlyDictionary<string, WireBytes> wire, Comparer compare)
    {
        BenchmarkResult? Find(string method) => rows.FirstOrDefault(b => b.Method == method);
        bool Ran(string prefix) => rows.Any(b => b.Method.StartsWith(prefix, StringComparison.Ordinal));
        string Against(string method, string reference) => compare.Text(method, reference);
        string Cpu(string method) => Find(method)?.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "not measured";
        string Received(string method) => wire.TryGetValue(method, out var bytes) ? Units.Bytes(bytes.ReceivedPerCall) : "not measured";

        if (Ran("Minimal"))
        {
            yield return "**Minimal APIs** against controllers, same server, routes and JSON context: small GET "
                + $"{Against("MinimalGetSmallPayload", "RestGetSmallPayload")}, large GET {Against("MinimalGetLargePayload", "RestGetLargePayload")}, "
                + $"POST {Against("MinimalPostLargePayload", "RestPostLargePayload")}; server CPU per small GET {Cpu("MinimalGetSmallPayload")} against "
                + $"{Cpu("RestGetSmallPayload")}. MVC adds work to every request (action selection, model binding through value providers, output "
                + "formatter selection, the filter pipeline): it shows most where a call does little else, and fades where serializing 1000 records dominates.";
        }

        if (Ran("Transcoded"))
        {
            yield return "**gRPC JSON transcoding** (GrpcAPI's gRPC service answering REST + JSON routes): against controllers, small GET "
                + $"{Against("TranscodedGetSmallPayload", "RestGetSmallPayload")}, large GET {Against("TranscodedGetLargePayload", "RestGetLargePayload")}, "
                + $"POST {Against("TranscodedPostLargePayload", "RestPostLargePayload")}; against gRPC, large GET {Against("TranscodedGetLargePayload", "GrpcGetLargePayloadAsList")}, "
                + $"POST {Against("TranscodedPostLargePayload", "GrpcPostLargePayload")}. Server CPU per large GET {Cpu("TranscodedGetLargePayload")} against controllers' "
                + $"{Cpu("RestGetLargePayload")} and gRPC's {Cpu("GrpcGetLargePayloadAsList")}. Each call runs the gRPC pipeline and then converts between JSON and "
                + "protobuf messages, field by field through each message's descriptor, where controllers serialize plain records with generated code "
                + "and gRPC writes protobuf bytes.";
        }

        if (Ran("GrpcWebGet") || Ran("GrpcWebH2c") || Ran("GrpcWebPost"))
        {
            yield return "**gRPC-Web, binary** (the same protobuf messages and framing as gRPC; the status goes in a last frame of the body instead of HTTP/2 "
                + $"trailers): over HTTP/1.1 against gRPC, small GET {Against("GrpcWebGetSmallPayload", "GrpcGetSmallPayload")}, large GET "
                + $"{Against("GrpcWebGetLargePayloadAsList", "GrpcGetLargePayloadAsList")}, POST {Against("GrpcWebPostLargePayload", "GrpcPostLargePayload")}; "
                + $"over h2c, small GET {Against("GrpcWebH2cGetSmallPayload", "GrpcGetSmallPayload")}, large GET {Against("GrpcWebH2cGetLargePayloadAsList", "GrpcGetLargePayloadAsList")}. "
                + "The h2c arm shows what the gRPC-Web translation costs on the same HTTP version; the HTTP/1.1 arm adds what HTTP/1.1 saves or costs against HTTP/2.";
        }

        if (Ran("GrpcWebText"))
        {
            yield return "**gRPC-Web, text** (base64, which browsers' gRPC-Web clients ask for to read a server stream as it comes): the 1000-record stream receives "
                + $"{Received("GrpcWebTextStreamLargePayload")} per call against gRPC's {Received("GrpcStreamLargePayload")} (base64 carries 3 bytes in 4 "
                + $"characters, and each message is padded on its own); against gRPC's stream it is {Against("GrpcWebTextStreamLargePayload", "GrpcStreamLargePayload")}, "
                + $"and transcoding's stream (one JSON object per line) {Against("TranscodedStreamLargePayload", "GrpcStreamLargePayload")}.";
        }
    }

    /// <summary>
    /// An arm against a reference arm of the same operation: from the trials where both took part ("1.20× slower
    /// [1.15×, 1.24×]"), else from the paired rounds, else from BenchmarkDotNet's times; "not run" where either is missing.
    /// </summary>
    private sealed class Comparer(IReadOnlyList<BenchmarkResult> rows, TrialsRun? trials, IReadOnlyList<PairedOperation>? paired)
    {
        public string Text(string method, string reference)
        {
            if (FromTrials(method, reference, HeadlineRatio.Latency) is { } fromTrials)
            {
                return fromTrials;
            }

            var pairedArms = paired?.SelectMany(o => o.Arms).ToList() ?? [];
            if (pairedArms.FirstOrDefault(a => a.Method == method) is { } arm
                && pairedArms.FirstOrDefault(a => a.Method == reference) is { } other
                && PairedOperation.Quotients(other, arm) is { } ratio)
            {
                return RunSummary.PairedCompared(ratio);
            }

            return rows.FirstOrDefault(b => b.Method == method) is { } timed && rows.FirstOrDefault(b => b.Method == reference) is { } against
                ? RunSummary.Compared(against, timed)
                : "not run";
        }

        /// <summary>The arm's calls/s at saturation over the reference's, from the trials; "" where they did not measure both.</summary>
        public string Throughput(string method, string reference) => FromTrials(method, reference, HeadlineRatio.Throughput) ?? "";

        /// <summary>The trials' ratio in the section's words (latency: faster or slower; throughput: a factor); too few trials for an interval: the median and the count.</summary>
        private string? FromTrials(string method, string reference, string quantity)
        {
            if (trials is null || !TrialArmOf.TryGetValue(method, out var arm) || !TrialArmOf.TryGetValue(reference, out var against)
                || TrialStatistics.PerTrial(trials.Trials, arm.Operation, arm.Arm, against.Arm, quantity) is not { Count: > 0 } perTrial)
            {
                return null;
            }

            return MedianInterval.Of(perTrial) is not { } ratio ? $"{Units.Ratio(MedianInterval.MedianOf(perTrial))} ({perTrial.Count} trials, no interval)"
                : quantity == HeadlineRatio.Latency ? RunSummary.PairedCompared(ratio)
                : (ratio.Contains(1) ? "≈ " : "") + $"{Units.Ratio(ratio.Median)} [{Units.Ratio(ratio.Lower)}, {Units.Ratio(ratio.Upper)}]";
        }
    }

    /// <summary>The trials' arm that measures the same call as a styles benchmark (transcoding's stream has none).</summary>
    private static readonly IReadOnlyDictionary<string, (string Operation, string Arm)> TrialArmOf = new Dictionary<string, (string, string)>
    {
        ["GrpcStreamLargePayload"] = ("large", "grpc-stream"),
        ["GrpcWebTextStreamLargePayload"] = ("large", "grpc-web-text"),
    }
    .Concat(
        from style in new[] { ("Rest", "rest-json"), ("Minimal", "rest-minimal"), ("Transcoded", "grpc-transcoding"), ("GrpcWeb", "grpc-web"), ("GrpcWebH2c", "grpc-web-h2c"), ("Grpc", "grpc") }
        from operation in new[] { ("GetSmallPayload", "small"), ("GetLargePayload", "large"), ("GetLargePayloadAsList", "large"), ("PostLargePayload", "post") }
        select KeyValuePair.Create(style.Item1 + operation.Item1, (operation.Item2, style.Item2)))
    .ToDictionary();

    private static string GrpcArm(string operation) => operation == "GetLargePayload" ? "GrpcGetLargePayloadAsList" : "Grpc" + operation;
}
