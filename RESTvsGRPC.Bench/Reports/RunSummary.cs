using System.Globalization;

namespace RESTvsGRPC.Bench.Reports;

/// <summary>
/// The answer a run gives, built only from its <see cref="RunResults"/>: headline ratios in the reference
/// benchmark's form, per operation each arm's time per call with its error, ratio to REST + JSON, codec floor
/// share, allocations, bytes on the wire, HTTP version and server cost; the API styles, HTTP-version and scaling
/// suites where they ran; notes where results contradict each other; provenance; SVG charts beside it.
/// </summary>
public static class RunSummary
{
    public const string MarkdownFile = "summary.md";
    public const string HtmlFile = "summary.html";

    private const string Transport = "TransportBenchmarks";
    private const string HttpVersions = "HttpVersionBenchmarks";
    private const string Codec = "CodecBenchmarks";
    private const string Scaling = "ScalingBenchmarks";
    private static readonly string[] OperationOrder = ["GetSmallPayload", "GetLargePayload", "PostLargePayload"];

    /// <summary>Writes summary.md, summary.html and the SVG charts into <paramref name="directory"/>; returns summary.md's path.</summary>
    public static string Write(RunResults run, string directory)
    {
        var (document, charts) = Build(run);
        foreach (var (file, svg) in charts)
        {
            File.WriteAllText(Path.Combine(directory, file), svg);
        }

        File.WriteAllText(Path.Combine(directory, HtmlFile), document.ToHtml("RESTvsGRPC run summary"));
        var markdown = Path.Combine(directory, MarkdownFile);
        File.WriteAllText(markdown, document.ToMarkdown());
        return markdown;
    }

    /// <summary>The summary document and its charts (file name, SVG text).</summary>
    public static (ReportDocument Document, IReadOnlyList<(string File, string Svg)> Charts) Build(RunResults run)
    {
        var document = new ReportDocument().AddHeading(1, "RESTvsGRPC run summary");
        var charts = new List<(string File, string Svg)>();
        var notes = new List<string>();
        var floorContradictions = new List<string>();
        var batchDisagreements = new List<string>();
        if (run.Provenance.Job.Contains("Dry", StringComparison.OrdinalIgnoreCase))
        {
            document.AddParagraph("**A dry run**: one cold iteration per benchmark (and two trials of 50 ms segments, too few for an interval), JIT compilation included. It proves the pipeline; its times are not results.");
        }

        var wire = run.WireBytes.GroupBy(w => w.Benchmark).ToDictionary(g => g.Key, g => g.First());
        var transport = run.Benchmarks.Where(b => b.Class == Transport).ToList();

        if (run.Trials is { } trials)
        {
            HeadlineSection.Add(document, charts, trials, run.Benchmarks, run.PreviousRun);
            if (transport.Count == 0)
            {
                document.AddParagraph("This run measured only the headline (`--headline`): BenchmarkDotNet did not run.");
            }
        }

        if (run.Paired is { Count: > 0 } paired)
        {
            document.AddHeading(2, $"Paired rounds, a diagnostic ({paired[0].Calls} calls per arm per round)")
                .AddBullets(paired.Select(PairedHeadline))
                .AddParagraph("Each ratio is REST + JSON's time per call over the arm's, the median over rounds in which the arms took turns call by call "
                    + "in a shuffled order, with its 95 % confidence interval in brackets; ≈ marks an interval that holds 1. Not the headline: taking turns call by call "
                    + "changes what a call costs (each call meets another arm's connection and server state), and the intervals hold one process's noise, not the spread between processes (docs/benchmark.md).");
            AddPaired(document, paired, run.PreviousRun);
        }

        if (transport.Count > 0)
        {
            var calls = transport.Max(b => b.Calls);
            var atCalls = transport.Where(b => b.Calls == calls).ToList();
            if (run.Trials is null)
            {
                document.AddHeading(2, $"Time per call (batches of {calls} calls)")
                    .AddBullets(Headlines(atCalls))
                    .AddParagraph("Ratios are per-call times divided, REST + JSON over HTTP/1.1 against each other arm; ≈ marks a difference within the two results' own error (99.9 % confidence intervals).");
            }

            charts.Add(("operations.svg", SvgChart.GroupedBars(
                $"Time per call, batches of {calls} calls", "time per call", [.. OperationGroups(atCalls, b => b.NanosecondsPerCall / 1e3, b => b.ErrorNanosecondsPerCall / 1e3)],
                logScale: Spread(atCalls.Select(b => b.NanosecondsPerCall)) > 20, Microseconds)));
            document.AddImage("operations.svg", "Time per call by operation and arm");

            document.AddHeading(2, "Per operation");
            foreach (var operation in Ordered(transport.Select(b => b.Operation)))
            {
                document.AddHeading(3, operation);
                var rows = transport.Where(b => b.Operation == operation).OrderBy(b => b.Calls).ToList();
                document.AddTable(
                    ["arm", "calls", "per call", "± error", "vs REST + JSON", "codec floor share", "allocated/call", "sent/call", "received/call", "HTTP", "server CPU/call", "server peak WS"],
                    rows.Select(b => Row(b, rows, run.Benchmarks, wire)),
                    1, 2, 3, 4, 5, 6, 7, 8, 10, 11);
                floorContradictions.AddRange(FloorContradictions(rows, run.Benchmarks));
                batchDisagreements.AddRange(BatchDisagreements(rows));
            }

            var withBytes = atCalls.Where(b => wire.ContainsKey(b.Method)).ToList();
            if (withBytes.Count > 0)
            {
                charts.Add(("bytes.svg", SvgChart.GroupedBars(
                    "Bytes on the wire per call (sent + received, on the client's sockets)", "bytes per call",
                    [.. OperationGroups(withBytes, b => wire[b.Method].SentPerCall + wire[b.Method].ReceivedPerCall, _ => null)],
                    logScale: Spread(withBytes.Select(b => wire[b.Method].SentPerCall + wire[b.Method].ReceivedPerCall)) > 20, v => Units.Bytes(v))));
                document.AddImage("bytes.svg", "Bytes on the wire per call");
            }

            var withServer = atCalls.Where(b => b.ServerCpuNanosecondsPerCall is not null).OrderBy(b => Array.IndexOf(OperationOrder, b.Operation)).ToList();
            if (withServer.Count > 0)
            {
                charts.Add(("client-server.svg", SvgChart.GroupedBars(
                    "Client time per call beside the servers' CPU time per call", "time per call",
                    [.. withServer.Select(b => new SvgChart.Group($"{Short(b.Operation)}: {Arms.Describe(b.Method)}",
                        [new("client: time per call", b.NanosecondsPerCall / 1e3, b.ErrorNanosecondsPerCall / 1e3), new("servers: CPU per call", b.ServerCpuNanosecondsPerCall!.Value / 1e3)]))],
                    logScale: true, Microseconds)));
                document.AddImage("client-server.svg", "What a call costs the client (elapsed) and the server (CPU)");
            }
        }

        StylesSection.Add(document, charts, run, wire);
        AddStreaming(document, charts, run.Streaming);
        AddCompression(document, run, wire);

        var httpVersions = run.Benchmarks.Where(b => b.Class == HttpVersions).ToList();
        if (httpVersions.Count > 0)
        {
            document.AddHeading(2, "HTTP versions and TLS");
            foreach (var operation in Ordered(httpVersions.Select(b => b.Operation)))
            {
                document.AddHeading(3, operation);
                var rows = httpVersions.Where(b => b.Operation == operation).ToList();
                document.AddTable(
                    ["arm", "calls", "per call", "± error", "vs REST + JSON, HTTP/1.1", "codec floor share", "allocated/call", "sent/call", "received/call", "HTTP", "server CPU/call", "server peak WS"],
                    rows.Select(b => Row(b, rows, run.Benchmarks, wire)),
                    1, 2, 3, 4, 5, 6, 7, 8, 10, 11);
            }

            charts.Add(("http-versions.svg", SvgChart.GroupedBars(
                "Time per call by HTTP version and TLS", "time per call",
                [.. OperationGroups(httpVersions, b => b.NanosecondsPerCall / 1e3, b => b.ErrorNanosecondsPerCall / 1e3)],
                logScale: Spread(httpVersions.Select(b => b.NanosecondsPerCall)) > 20, Microseconds)));
            document.AddImage("http-versions.svg", "Time per call by HTTP version and TLS");
        }

        var codec = run.Benchmarks.Where(b => b.Class == Codec).ToList();
        if (codec.Count > 0)
        {
            document.AddHeading(2, "Codec floor (in process)")
                .AddParagraph("Each payload serialized then parsed (the floor every call's row is set against), and the large payload's two halves alone: "
                    + "serializing is what a server pays to answer a large GET (a client to send a POST), parsing what a client pays to read it. Both REST ends use the same source-generated System.Text.Json context.")
                .AddTable(["codec", "step", "payload", "time", "± error", "allocated"],
                    codec.Select(b => (IReadOnlyList<string>)[Arms.Describe(b.Method), CodecStep(b.Method), b.Method.Contains("Small", StringComparison.Ordinal) ? "small" : "large (1000 records)",
                        Units.Time(b.NanosecondsPerCall), Units.Time(b.ErrorNanosecondsPerCall), Bytes(b.AllocatedBytesPerCall)]),
                    3, 4, 5);
        }

        var scaling = run.Benchmarks.Where(b => b.Class == Scaling && b.Records is not null).ToList();
        if (scaling.Count > 0)
        {
            document.AddHeading(2, "Scaling: t(n) = a + b·n")
                .AddTable(["arm", "operation", "points", "fixed cost a", "per record b", "R²"],
                    scaling.GroupBy(b => b.Method).Select(g =>
                    {
                        var fit = LinearFit.Of([.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall))]);
                        return (IReadOnlyList<string>)[Arms.Describe(g.Key), g.First().Operation, g.Count().ToString(CultureInfo.InvariantCulture), Units.Time(fit.A), Units.Time(fit.B), fit.RSquared.ToString("0.0000", CultureInfo.InvariantCulture)];
                    }),
                    2, 3, 4, 5);
            charts.Add(("scaling.svg", SvgChart.Lines(
                "Time per call against records per call", "records per call (log scale)", "time per call",
                [.. scaling.GroupBy(b => b.Method).Select(g => new SvgChart.Line($"{Short(g.First().Operation)}: {Arms.Describe(g.Key)}", [.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall / 1e3))]))],
                Microseconds)));
            document.AddImage("scaling.svg", "Scaling with the number of records");
        }

        if (floorContradictions.Count > 0)
        {
            notes.Add($"Calls shorter than their in-process codec floor: {string.Join("; ", floorContradictions)}. Both are measured right: in a call the server "
                + "serializes and the client parses in two processes on two cores at the same time, the socket pipelining one into the other, while the floor "
                + "does both one after the other on one thread. The floor bounds the CPU work of a call, not its latency.");
        }

        if (batchDisagreements.Count > 0)
        {
            notes.Add($"Per-call times that differ between batch sizes by more than both errors allow: {string.Join("; ", batchDisagreements)}. A call costs the same "
                + "whatever the batch, so this is the machine's noise (other load, CPU frequency, GC timing) beyond what the iterations captured: read these arms' ratios with that margin, or rerun.");
        }

        document.AddHeading(2, "Notes")
            .AddBullets(notes.Count > 0 ? notes : ["No result contradicts another."]);
        AddProvenance(document, run.Provenance, run.PreviousRun);
        return (document, charts);
    }

    private static readonly (string Operation, string Plain, string Gzip)[] GzipPairs =
    [
        ("GetLargePayload", "RestGetLargePayload", "RestGzipGetLargePayload"),
        ("GetLargePayload", "GrpcGetLargePayloadAsList", "GrpcGzipGetLargePayloadAsList"),
        ("PostLargePayload", "RestPostLargePayload", "RestGzipPostLargePayload"),
        ("PostLargePayload", "GrpcPostLargePayload", "GrpcGzipPostLargePayload"),
    ];

    /// <summary>gzip's bytes (every run) beside its time (the compression suite, where it ran).</summary>
    private static void AddCompression(ReportDocument document, RunResults run, IReadOnlyDictionary<string, WireBytes> wire)
    {
        var pairs = GzipPairs.Where(p => wire.ContainsKey(p.Plain) && wire.ContainsKey(p.Gzip)).ToList();
        if (pairs.Count == 0)
        {
            return;
        }

        var timed = run.Benchmarks.Where(b => b.Class == "CompressionBenchmarks").ToList();
        document.AddHeading(2, "gzip: bytes saved, time paid")
            .AddParagraph("Bytes per call on the client's sockets, both directions, in every run; times per call from the compression suite "
                + "(`--suite full`), where it ran. REST sends Accept-Encoding and a gzip body; gRPC asks for a gzip response per call and compresses its message; both at the fastest level.")
            .AddTable(["operation", "arm", "bytes, plain", "bytes, gzip", "saved", "per call, plain", "per call, gzip", "gzip costs"],
                pairs.Select(p =>
                {
                    var plainBytes = wire[p.Plain].SentPerCall + wire[p.Plain].ReceivedPerCall;
                    var gzipBytes = wire[p.Gzip].SentPerCall + wire[p.Gzip].ReceivedPerCall;
                    var plain = timed.FirstOrDefault(b => b.Method == p.Plain);
                    var gzip = timed.FirstOrDefault(b => b.Method == p.Gzip);
                    return (IReadOnlyList<string>)
                    [
                        p.Operation, Arms.Describe(p.Gzip), Units.Bytes(plainBytes), Units.Bytes(gzipBytes), Units.Percent(1 - (gzipBytes / plainBytes)),
                        plain is null ? "not run" : Units.Time(plain.NanosecondsPerCall),
                        gzip is null ? "not run" : Units.Time(gzip.NanosecondsPerCall),
                        plain is null || gzip is null ? "" : $"{Units.Ratio(gzip.NanosecondsPerCall / plain.NanosecondsPerCall)} the time",
                    ];
                }),
                2, 3, 4, 5, 6, 7);
    }

    private static void AddStreaming(ReportDocument document, List<(string File, string Svg)> charts, IReadOnlyList<StreamingResult> streaming)
    {
        if (streaming.Count == 0)
        {
            return;
        }

        var records = streaming[0].Records;
        document.AddHeading(2, $"Streaming: when it pays ({records.ToString("#,0", CultureInfo.InvariantCulture)} records)")
            .AddParagraph($"Medians of {Benchmarks.StreamingProbe.Repetitions} calls after {Benchmarks.StreamingProbe.WarmUps} untimed ones, outside the benchmarks. A stream's consumer handles each record as it comes and drops it; "
                + "a list's consumer gets every record at once. Live memory is what the client holds after a full collection, read every "
                + $"{Benchmarks.StreamingProbe.MemorySampleEvery} records in a separate pass.")
            .AddTable(["arm", "shape", "first record", "all records", "live memory at most"],
                streaming.Select(s => (IReadOnlyList<string>)[s.Arm, s.Shape, Units.Time(s.FirstRecordNanoseconds), Units.Time(s.TotalNanoseconds), Units.Bytes(s.PeakLiveBytes)]),
                2, 3, 4);
        var verdicts = new List<string>();
        foreach (var (list, streams) in new[] { ("REST + JSON list", "REST + JSON stream"), ("gRPC list", "gRPC stream") })
        {
            var whole = streaming.FirstOrDefault(s => s.Arm == list);
            foreach (var stream in streaming.Where(s => s.Arm.StartsWith(streams, StringComparison.Ordinal)))
            {
                if (whole is null)
                {
                    continue;
                }

                var first = whole.FirstRecordNanoseconds / stream.FirstRecordNanoseconds;
                var total = stream.TotalNanoseconds / whole.TotalNanoseconds;
                verdicts.Add($"{stream.Arm}: first record {Units.Ratio(first)} sooner than {list}'s, last record {(total >= 1 ? $"{Units.Ratio(total)} later" : $"{Units.Ratio(1 / total)} sooner")}, "
                    + $"holding {Units.Bytes(stream.PeakLiveBytes)} at most against {Units.Bytes(whole.PeakLiveBytes)}.");
            }
        }

        document.AddBullets(verdicts);
        charts.Add(("streaming.svg", SvgChart.GroupedBars(
            $"Time to the first and to the last of {records.ToString("#,0", CultureInfo.InvariantCulture)} records", "time",
            [.. streaming.Select(s => new SvgChart.Group(s.Arm, [new("first record", s.FirstRecordNanoseconds / 1e6), new("all records", s.TotalNanoseconds / 1e6)]))],
            logScale: true, milliseconds => Units.Time(milliseconds * 1e6))));
        document.AddImage("streaming.svg", "Time to the first record and to all records, per way of getting them");
    }

    private static string PairedHeadline(PairedOperation operation)
    {
        var ratios = operation.Compared.Select(arm => (Arm: arm, Ratio: operation.RatioOf(arm))).Where(r => r.Ratio is not null).ToList();
        var comparisons = ratios.Select(r => $"{Arms.Describe(r.Arm.Method)} {PairedCompared(r.Ratio!)}");
        var verdict = ratios.All(r => r.Ratio!.Contains(1)) ? " No arm differs from REST + JSON beyond its interval." : "";
        return $"**{operation.Operation}**: against REST + JSON ({Units.Time(operation.Baseline.MedianNanosecondsPerCall)} per call in these rounds), "
            + $"{string.Join("; ", comparisons)} ({operation.Rounds} rounds).{verdict}";
    }

    /// <summary>"2.61× faster [2.55×, 2.68×]", with ≈ where the interval holds 1.</summary>
    internal static string PairedCompared(MedianInterval ratio)
    {
        var text = ratio.Median >= 1
            ? $"{Units.Ratio(ratio.Median)} faster [{Units.Ratio(ratio.Lower)}, {Units.Ratio(ratio.Upper)}]"
            : $"{Units.Ratio(1 / ratio.Median)} slower [{Units.Ratio(1 / ratio.Upper)}, {Units.Ratio(1 / ratio.Lower)}]";
        return ratio.Contains(1) ? "≈ " + text : text;
    }

    /// <summary>The paired rounds in full: every ratio with its interval, why each operation stopped, the transport floor, and the previous run's ratios.</summary>
    private static void AddPaired(ReportDocument document, IReadOnlyList<PairedOperation> paired, RunToRun? previous)
    {
        document.AddHeading(3, "Every paired ratio")
            .AddParagraph("By thirds: the median ratio in the first, second and last third of the rounds, in the order they ran; "
                + "a ratio that drifts within the run shows there.")
            .AddTable(["operation", "arm", "per call (median)", "REST + JSON's time / arm's", "95 % interval", "by thirds", "rounds", "stopped by"],
                paired.SelectMany(o => o.Arms.Where(a => a.Role != PairedArm.FloorRole).Select(a => (IReadOnlyList<string>)
                [
                    o.Operation, Arms.Describe(a.Method), Units.Time(a.MedianNanosecondsPerCall),
                    a.Role == PairedArm.BaselineRole ? "baseline" : o.RatioOf(a) is { } r ? Units.Ratio(r.Median) : "",
                    a.Role == PairedArm.BaselineRole ? "" : o.RatioOf(a) is { } i ? $"{Units.Ratio(i.Lower)} – {Units.Ratio(i.Upper)}" : "",
                    a.Role == PairedArm.BaselineRole ? "" : string.Join(" / ", o.RatioByThirds(a).Select(Units.Ratio)),
                    o.Rounds.ToString(CultureInfo.InvariantCulture), $"{o.StoppedBy} after {o.Seconds.ToString("0.0", CultureInfo.InvariantCulture)} s",
                ])),
                2, 3, 4, 5, 6);

        var floors = paired.SelectMany(o => o.Floors.Select(f => (Operation: o, Floor: f, Call: o.Arms.First(a => a.Method == f.Method && a.Role != PairedArm.FloorRole)))).ToList();
        if (floors.Count > 0)
        {
            document.AddHeading(3, "Transport floor")
                .AddParagraph("The same byte counts as each call, both ways, exchanged over loopback TCP between this process and a bare echo process "
                    + "(Nagle off at both ends, no HTTP, no framework), timed in the same rounds. Its share is the per-round floor time over the call's, median and 95 % interval: "
                    + "what of a call the operating system and the two processes' wake-ups cost, whatever the protocol.")
                .AddTable(["call", "bytes sent / received", "per call", "floor per exchange", "floor share", "95 % interval"],
                    floors.Select(f =>
                    {
                        var share = PairedOperation.Quotients(f.Floor, f.Call);
                        return (IReadOnlyList<string>)
                        [
                            $"{Short(f.Operation.Operation)}: {Arms.Describe(f.Call.Method)}",
                            $"{Units.Bytes(f.Floor.RequestBytes ?? 0)} / {Units.Bytes(f.Floor.ResponseBytes ?? 0)}",
                            Units.Time(f.Call.MedianNanosecondsPerCall), Units.Time(f.Floor.MedianNanosecondsPerCall),
                            share is null ? "" : Units.Percent(share.Median), share is null ? "" : $"{Units.Percent(share.Lower)} – {Units.Percent(share.Upper)}",
                        ];
                    }),
                    2, 3, 4, 5);
        }

        var costs = paired.SelectMany(o => o.Arms.Where(a => a.BackToBack is not null).Select(a => (Operation: o, Arm: a))).ToList();
        if (costs.Count > 0)
        {
            document.AddHeading(3, "Where a small call's time goes")
                .AddParagraph($"After the rounds, each arm made {Paired.PairedMeasurement.CostCalls} calls back to back while the OS counted the CPU time (user and kernel, "
                    + "all threads) of the client process and of the arm's server (for a floor, the echo process). "
                    + "Waiting is what is left: time in which neither side ran, one waiting for the other to be woken and scheduled. "
                    + "CPU time includes .NET's thread pool spinning for the next work item before it sleeps: where client and server CPU add up to the "
                    + "time per call, both sides spun through the other's turn rather than sleep, and the CPU columns bound the work from above.")
                .AddTable(["arm", "per call", "client CPU", "server CPU", "waiting"],
                    costs.Select(c => (IReadOnlyList<string>)
                    [
                        c.Arm.Role == PairedArm.FloorRole ? $"transport floor, {Arms.Describe(c.Arm.Method)}'s bytes" : $"{Short(c.Operation.Operation)}: {Arms.Describe(c.Arm.Method)}",
                        Units.Time(c.Arm.BackToBack!.NanosecondsPerCall), Units.Time(c.Arm.BackToBack.ClientCpuNanosecondsPerCall),
                        Units.Time(c.Arm.BackToBack.ServerCpuNanosecondsPerCall), Units.Time(c.Arm.BackToBack.WaitingNanosecondsPerCall),
                    ]),
                    1, 2, 3, 4);
        }

        if (previous?.Paired is { Count: > 0 } changes)
        {
            document.AddHeading(3, "Against the previous run")
                .AddParagraph($"The same ratios in the previous run in this folder; a ratio holds when the two medians differ by at most {PairedChange.Tolerance:0%} and each lies inside the other run's interval.")
                .AddTable(["operation", "arm", "previous run", "this run", "difference", "holds"],
                    changes.Select(c => (IReadOnlyList<string>)
                    [
                        c.Operation, Arms.Describe(c.Method),
                        $"{Units.Ratio(c.Previous.Median)} [{Units.Ratio(c.Previous.Lower)}, {Units.Ratio(c.Previous.Upper)}]",
                        $"{Units.Ratio(c.Current.Median)} [{Units.Ratio(c.Current.Lower)}, {Units.Ratio(c.Current.Upper)}]",
                        Units.Percent(c.Spread), c.Holds ? "yes" : "no",
                    ]),
                    4);
        }
    }

    private static IEnumerable<string> Headlines(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var operation in Ordered(rows.Select(b => b.Operation)))
        {
            var inOperation = rows.Where(b => b.Operation == operation).ToList();
            if (inOperation.FirstOrDefault(b => b.Baseline) is not { } baseline)
            {
                continue;
            }

            var others = inOperation.Where(b => !b.Baseline).ToList();
            var comparisons = others.Select(b => $"{Arms.Describe(b.Method)} {Compared(baseline, b)}");
            if (others.Count > 0 && others.All(baseline.WithinErrorOf))
            {
                yield return $"**{operation}**: no difference beyond this run's error; nothing here tells the arms apart (REST + JSON {Units.Time(baseline.NanosecondsPerCall)} per call; {string.Join("; ", comparisons)}).";
                continue;
            }

            yield return $"**{operation}**: against REST + JSON ({Units.Time(baseline.NanosecondsPerCall)} per call), {string.Join("; ", comparisons)}.";
        }
    }

    /// <summary>"3.95× faster", "1.20× slower", or "≈ 1.02× faster" where the difference lies within the two results' errors.</summary>
    internal static string Compared(BenchmarkResult baseline, BenchmarkResult other)
    {
        var ratio = baseline.NanosecondsPerCall / other.NanosecondsPerCall;
        var within = baseline.WithinErrorOf(other);
        var text = ratio >= 1 ? $"{Units.Ratio(ratio)} faster" : $"{Units.Ratio(1 / ratio)} slower";
        return within ? "≈ " + text : text;
    }

    private static IReadOnlyList<string> Row(BenchmarkResult b, IReadOnlyList<BenchmarkResult> operation, IReadOnlyList<BenchmarkResult> all, IReadOnlyDictionary<string, WireBytes> wire)
    {
        var baseline = operation.FirstOrDefault(o => o.Baseline && o.Calls == b.Calls && o.Records == b.Records);
        var floor = Floor(b, all);
        wire.TryGetValue(b.Method, out var bytes);
        return
        [
            Arms.Describe(b.Method),
            b.Calls.ToString(CultureInfo.InvariantCulture),
            Units.Time(b.NanosecondsPerCall),
            Units.Time(b.ErrorNanosecondsPerCall),
            baseline is null ? "" : b == baseline ? "baseline" : Compared(baseline, b),
            floor is null ? "" : Units.Percent(floor.NanosecondsPerCall / b.NanosecondsPerCall),
            Bytes(b.AllocatedBytesPerCall),
            bytes is null ? "" : Units.Bytes(bytes.SentPerCall),
            bytes is null ? "" : Units.Bytes(bytes.ReceivedPerCall),
            bytes?.HttpVersion ?? "",
            b.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "",
            Bytes(b.ServerPeakWorkingSetBytes),
        ];
    }

    private static string CodecStep(string method) =>
        method.Contains("Serialize", StringComparison.Ordinal) ? "serialize" : method.Contains("Parse", StringComparison.Ordinal) ? "parse" : "serialize then parse";

    /// <summary>The codec round trip of the payload the call moves: the large payload's for the large GET and the POST.</summary>
    private static BenchmarkResult? Floor(BenchmarkResult call, IReadOnlyList<BenchmarkResult> all)
    {
        var payload = call.Operation == "GetSmallPayload" ? "SmallPayload" : "LargePayload";
        var codec = (Arms.IsProtobuf(call.Method) ? "Protobuf" : "Json") + payload;
        return all.FirstOrDefault(b => b.Class == Codec && b.Method == codec);
    }

    private static IEnumerable<string> FloorContradictions(IReadOnlyList<BenchmarkResult> rows, IReadOnlyList<BenchmarkResult> all)
    {
        foreach (var call in rows)
        {
            if (Floor(call, all) is { } floor && floor.NanosecondsPerCall - floor.Error > call.NanosecondsPerCall + call.Error)
            {
                yield return $"{call.Operation} {Arms.Describe(call.Method)} ×{call.Calls} {Units.Time(call.NanosecondsPerCall)} < {Units.Time(floor.NanosecondsPerCall)}";
            }
        }
    }

    private static IEnumerable<string> BatchDisagreements(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var method in rows.GroupBy(b => b.Method).Where(g => g.Count() > 1))
        {
            var fastest = method.MinBy(b => b.NanosecondsPerCall)!;
            var slowest = method.MaxBy(b => b.NanosecondsPerCall)!;
            if (!slowest.WithinErrorOf(fastest)
                && slowest.NanosecondsPerCall > fastest.NanosecondsPerCall * 1.10)
            {
                yield return $"{slowest.Operation} {Arms.Describe(method.Key)} {Units.Time(fastest.NanosecondsPerCall)} (×{fastest.Calls}) against {Units.Time(slowest.NanosecondsPerCall)} (×{slowest.Calls})";
            }
        }
    }

    /// <summary>A chart value in μs, written in the unit that suits it (three significant digits).</summary>
    private static string Microseconds(double microseconds) => Units.Time(microseconds * 1e3);

    private static IEnumerable<SvgChart.Group> OperationGroups(IReadOnlyList<BenchmarkResult> rows, Func<BenchmarkResult, double> value, Func<BenchmarkResult, double?> error) =>
        Ordered(rows.Select(b => b.Operation)).Select(operation => new SvgChart.Group(
            operation,
            [.. rows.Where(b => b.Operation == operation).Select(b => new SvgChart.Bar(Arms.Describe(b.Method), value(b), error(b)))]));

    private static void AddProvenance(ReportDocument document, Provenance p, RunToRun? previous)
    {
        var spread = previous is null
            ? "no earlier run of this machine, job and data in this results folder: run the same command again to see how far two runs differ"
            : $"against the previous run in this folder ({previous.PreviousDate.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC, commit {previous.PreviousCommit[..Math.Min(12, previous.PreviousCommit.Length)]}), "
                + $"per-call times of {previous.Cases} cases differ by {Units.Percent(previous.MedianTimeSpread)} (median), {Units.Percent(previous.MaxTimeSpread)} at most ({previous.MaxTimeSpreadCase}); "
                + $"REST + JSON / gRPC ratios by {Units.Percent(previous.MaxRatioSpread)} at most ({previous.MaxRatioSpreadCase})";
        document.AddHeading(2, "Provenance").AddTable(["", ""], [.. ProvenanceRows(p), ["run to run", spread]]);
    }

    /// <summary>Where, when and how a run was made, as table rows: shared by the benchmark and load summaries.</summary>
    public static IEnumerable<IReadOnlyList<string>> ProvenanceRows(Provenance p) =>
        [
            ["commit", p.Commit + (p.Dirty ? " (work tree differs from it)" : "")],
            ["date (UTC)", p.Date.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)],
            ["command line", $"`{p.CommandLine}`"],
            ["job", p.Job],
            ["toolchain", p.Toolchain ?? "not recorded"],
            ["CPU placement", p.CpuPlacement ?? "not recorded"],
            ["OS", p.Os],
            ["CPU", $"{p.Cpu}, {p.LogicalCores} logical cores"],
            [".NET runtime / SDK", $"{p.Runtime} / {p.Sdk}"],
            ["GC", p.GcMode],
            ["BenchmarkDotNet", p.BenchmarkDotNetVersion],
            ["packages", string.Join(", ", p.Packages.Select(kv => $"{kv.Key} {kv.Value}"))],
            ["data file", $"{p.DataFile} (SHA-256 of its records {p.DataSha256})"],
            ["servers", string.Join("; ", p.Servers)],
        ];

    internal static IEnumerable<string> Ordered(IEnumerable<string> operations) =>
        operations.Distinct().OrderBy(o => Array.IndexOf(OperationOrder, o) is var i and >= 0 ? i : int.MaxValue).ThenBy(o => o, StringComparer.Ordinal);

    private static string Short(string operation) => operation switch
    {
        "GetSmallPayload" => "small GET",
        "GetLargePayload" => "large GET",
        "PostLargePayload" => "POST",
        _ => operation,
    };

    private static string Bytes(double? bytes) => bytes is { } b ? Units.Bytes(b) : "";

    private static double Spread(IEnumerable<double> values)
    {
        var positive = values.Where(v => v > 0).ToList();
        return positive.Count == 0 ? 1 : positive.Max() / positive.Min();
    }
}
