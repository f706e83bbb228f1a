using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The answer a run gives, built only from its <see cref="RunResults"/>: headline ratios in the reference
/// benchmark's form, per operation each arm's time per call with its error, ratio to REST + JSON, codec floor
/// share, allocations, bytes on the wire, HTTP version and server cost; the API styles, HTTP-version and scaling
/// suites where they ran; notes where results contradict each other; provenance; SVG charts beside it.
/// </summary>
public sealed class RunSummary
{
    public const string MarkdownFile = "summary.md";
    public const string HtmlFile = "summary.html";

    private static readonly string[] OperationOrder = ["GetSmallPayload", "GetLargePayload", "PostLargePayload"];

    private readonly RunResults _run;
    private readonly ReportDocument _document = new ReportDocument().AddHeading(1, "RESTvsGRPC run summary");
    private readonly List<(string File, string Svg)> _charts = [];
    private readonly List<string> _notes = [];
    private readonly List<string> _floorContradictions = [];
    private readonly List<string> _batchDisagreements = [];
    private readonly IReadOnlyDictionary<string, WireBytes> _wire;

    private RunSummary(RunResults run)
    {
        _run = run;
        _wire = run.WireBytes.GroupBy(w => w.Benchmark).ToDictionary(g => g.Key, g => g.First());
    }

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

    /// <summary>The summary command: writes a run's summary again from its summary.json, as the run wrote it; 1 when the folder holds none.</summary>
    public static int Rewrite(string folder, TextWriter output, TextWriter error)
    {
        try
        {
            var run = RunResults.Load(folder);
            output.WriteLine($"// summary (Markdown, HTML, SVG charts): {Write(run, Directory.Exists(folder) ? folder : Path.GetDirectoryName(Path.GetFullPath(folder))!)}");
            return 0;
        }
        catch (Exception e) when (e is IOException or InvalidDataException or UnauthorizedAccessException)
        {
            error.WriteLine($"summary: {e.Message}");
            return 1;
        }
    }

    /// <summary>The summary document and its charts (file name, SVG text).</summary>
    public static (ReportDocument Document, IReadOnlyList<(string File, string Svg)> Charts) Build(RunResults run)
    {
        var summary = new RunSummary(run);
        summary.AddHeadline();
        summary.AddTransport();
        StylesSection.Add(summary._document, summary._charts, run, summary._wire);
        summary.AddStreaming();
        summary.AddCompression();
        summary.AddHttpVersions();
        summary.AddCodec();
        summary.AddScaling();
        summary.AddNotes();
        AddProvenance(summary._document, run.Provenance, run.PreviousRun);
        return (summary._document, summary._charts);
    }

    private IReadOnlyList<BenchmarkResult> InSuite(string suite) => [.. _run.Benchmarks.Where(b => b.Suite == suite)];

    private string NameOf(BenchmarkResult result) => _run.ArmOf(result).Name;

    /// <summary>The arm's name with its transport, where the name does not already say it: the HTTP versions section sets transports side by side.</summary>
    private string NameWithTransport(BenchmarkResult result) =>
        _run.ArmOf(result) is var arm && arm.Name.EndsWith(", " + arm.Transport, StringComparison.Ordinal) ? arm.Name : $"{arm.Name}, {arm.Transport}";

    private void AddHeadline()
    {
        if (_run.Provenance.Job.Contains("Dry", StringComparison.OrdinalIgnoreCase))
        {
            _document.AddParagraph("**A dry run**: one cold iteration per benchmark (and two trials of 50 ms segments, too few for an interval), JIT compilation included. It proves the pipeline; its times are not results.");
        }

        if (_run.Trials is { } trials)
        {
            HeadlineSection.Add(_document, _charts, trials, _run.Benchmarks, _run.PreviousRun);
            if (InSuite(Suites.Transport).Count == 0)
            {
                _document.AddParagraph("This run measured only the headline (`--headline`): BenchmarkDotNet did not run.");
            }
        }

        if (_run.Paired is { Count: > 0 } paired)
        {
            _document.AddHeading(2, $"Paired rounds, a diagnostic ({paired[0].CallsPerBatch} calls per arm per round)")
                .AddBullets(paired.Select(PairedHeadline))
                .AddParagraph("Each ratio is REST + JSON's time per call over the arm's, the median over rounds in which the arms took turns call by call "
                    + "in a shuffled order, with its 95 % confidence interval in brackets; ≈ marks an interval that holds 1. Not the headline: taking turns call by call "
                    + "changes what a call costs (each call meets another arm's connection and server state), and the intervals hold one process's noise, not the spread between processes (docs/benchmark.md).");
            AddPaired(paired);
        }
    }

    private void AddTransport()
    {
        var transport = InSuite(Suites.Transport);
        if (transport.Count == 0)
        {
            return;
        }

        var calls = transport.Max(b => b.CallsPerBatch);
        var atCalls = transport.Where(b => b.CallsPerBatch == calls).ToList();
        if (_run.Trials is null)
        {
            _document.AddHeading(2, $"Time per call (batches of {calls} calls)")
                .AddBullets(Headlines(atCalls))
                .AddParagraph("Ratios are per-call times divided, REST + JSON over HTTP/1.1 against each other arm; ≈ marks a difference within the two results' own error (99.9 % confidence intervals).");
        }

        _charts.Add(("operations.svg", SvgChart.GroupedBars(
            $"Time per call, batches of {calls} calls", "time per call", [.. OperationGroups(atCalls, b => b.NanosecondsPerCall / 1e3, b => b.ErrorNanosecondsPerCall / 1e3)],
            logScale: Spread(atCalls.Select(b => b.NanosecondsPerCall)) > 20, Microseconds)));
        _document.AddImage("operations.svg", "Time per call by operation and arm");

        _document.AddHeading(2, "Per operation");
        foreach (var operation in Ordered(transport.Select(b => b.Operation)))
        {
            _document.AddHeading(3, operation);
            var rows = transport.Where(b => b.Operation == operation).OrderBy(b => b.CallsPerBatch).ToList();
            AddCallTable(rows, "vs REST + JSON");
            _floorContradictions.AddRange(FloorContradictions(rows));
            _batchDisagreements.AddRange(BatchDisagreements(rows));
        }

        AddTransportCharts(atCalls);
    }

    private void AddCallTable(IReadOnlyList<BenchmarkResult> rows, string against, Func<BenchmarkResult, string>? name = null) =>
        _document.AddTable(
            ["arm", "calls", "per call", "± error", against, "codec floor share", "allocated/call", "sent/call", "received/call", "HTTP", "server CPU/call", "server peak WS"],
            rows.Select(b => Row(b, rows, name ?? NameOf)),
            1, 2, 3, 4, 5, 6, 7, 8, 10, 11);

    private void AddTransportCharts(IReadOnlyList<BenchmarkResult> atCalls)
    {
        double Bytes(BenchmarkResult b) => _wire[b.Method].SentPerCall + _wire[b.Method].ReceivedPerCall;
        var withBytes = atCalls.Where(b => _wire.ContainsKey(b.Method)).ToList();
        if (withBytes.Count > 0)
        {
            _charts.Add(("bytes.svg", SvgChart.GroupedBars(
                "Bytes on the wire per call (sent + received, on the client's sockets)", "bytes per call",
                [.. OperationGroups(withBytes, Bytes, _ => null)],
                logScale: Spread(withBytes.Select(Bytes)) > 20, v => Units.Bytes(v))));
            _document.AddImage("bytes.svg", "Bytes on the wire per call");
        }

        var withServer = atCalls.Where(b => b.ServerCpuNanosecondsPerCall is not null).OrderBy(b => Array.IndexOf(OperationOrder, b.Operation)).ToList();
        if (withServer.Count > 0)
        {
            _charts.Add(("client-server.svg", SvgChart.GroupedBars(
                "Client time per call beside the servers' CPU time per call", "time per call",
                [.. withServer.Select(b => new SvgChart.Group($"{Short(b.Operation)}: {NameOf(b)}",
                    [new("client: time per call", b.NanosecondsPerCall / 1e3, b.ErrorNanosecondsPerCall / 1e3), new("servers: CPU per call", b.ServerCpuNanosecondsPerCall!.Value / 1e3)]))],
                logScale: true, Microseconds)));
            _document.AddImage("client-server.svg", "What a call costs the client (elapsed) and the server (CPU)");
        }
    }

    private void AddHttpVersions()
    {
        var httpVersions = InSuite(Suites.HttpVersions);
        if (httpVersions.Count == 0)
        {
            return;
        }

        _document.AddHeading(2, "HTTP versions and TLS");
        foreach (var operation in Ordered(httpVersions.Select(b => b.Operation)))
        {
            _document.AddHeading(3, operation);
            AddCallTable([.. httpVersions.Where(b => b.Operation == operation)], "vs REST + JSON, HTTP/1.1", NameWithTransport);
        }

        _charts.Add(("http-versions.svg", SvgChart.GroupedBars(
            "Time per call by HTTP version and TLS", "time per call",
            [.. OperationGroups(httpVersions, b => b.NanosecondsPerCall / 1e3, b => b.ErrorNanosecondsPerCall / 1e3, NameWithTransport)],
            logScale: Spread(httpVersions.Select(b => b.NanosecondsPerCall)) > 20, Microseconds)));
        _document.AddImage("http-versions.svg", "Time per call by HTTP version and TLS");
    }

    private void AddCodec()
    {
        var codec = InSuite(Suites.Codec);
        if (codec.Count == 0)
        {
            return;
        }

        _document.AddHeading(2, "Codec floor (in process)")
            .AddParagraph("Each payload serialized then parsed (the floor every call's row is set against), and the large payload's two halves alone: "
                + "serializing is what a server pays to answer a large GET (a client to send a POST), parsing what a client pays to read it. Both REST ends use the same source-generated System.Text.Json context.")
            .AddTable(["codec", "step", "payload", "time", "± error", "allocated"],
                codec.Select(b => (IReadOnlyList<string>)[NameOf(b), _run.ArmOf(b).Shape, b.Operation == "GetSmallPayload" ? "small" : "large (1000 records)",
                    Units.Time(b.NanosecondsPerCall), Units.Time(b.ErrorNanosecondsPerCall), Bytes(b.AllocatedBytesPerCall)]),
                3, 4, 5);
    }

    private void AddScaling()
    {
        var scaling = InSuite(Suites.Scaling).Where(b => b.Records is not null).ToList();
        if (scaling.Count == 0)
        {
            return;
        }

        _document.AddHeading(2, "Scaling: t(n) = a + b·n")
            .AddTable(["arm", "operation", "points", "fixed cost a", "per record b", "R²"],
                scaling.GroupBy(b => b.Method).Select(g =>
                {
                    var fit = LinearFit.Of([.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall))]);
                    return (IReadOnlyList<string>)[NameOf(g.First()), g.First().Operation, g.Count().ToString(CultureInfo.InvariantCulture), Units.Time(fit.A), Units.Time(fit.B), fit.RSquared.ToString("0.0000", CultureInfo.InvariantCulture)];
                }),
                2, 3, 4, 5);
        _charts.Add(("scaling.svg", SvgChart.Lines(
            "Time per call against records per call", "records per call (log scale)", "time per call",
            [.. scaling.GroupBy(b => b.Method).Select(g => new SvgChart.Line($"{Short(g.First().Operation)}: {NameOf(g.First())}", [.. g.Select(b => ((double)b.Records!.Value, b.NanosecondsPerCall / 1e3))]))],
            Microseconds)));
        _document.AddImage("scaling.svg", "Scaling with the number of records");
    }

    private void AddNotes()
    {
        if (_floorContradictions.Count > 0)
        {
            _notes.Add($"Calls shorter than their in-process codec floor: {string.Join("; ", _floorContradictions)}. Both are measured right: in a call the server "
                + "serializes and the client parses in two processes on two cores at the same time, the socket pipelining one into the other, while the floor "
                + "does both one after the other on one thread. The floor bounds the CPU work of a call, not its latency.");
        }

        if (_batchDisagreements.Count > 0)
        {
            _notes.Add($"Per-call times that differ between batch sizes by more than both errors allow: {string.Join("; ", _batchDisagreements)}. A call costs the same "
                + "whatever the batch, so this is the machine's noise (other load, CPU frequency, GC timing) beyond what the iterations captured: read these arms' ratios with that margin, or rerun.");
        }

        _document.AddHeading(2, "Notes")
            .AddBullets(_notes.Count > 0 ? _notes : ["No result contradicts another."]);
    }


    /// <summary>Each gzip arm's transport case with its wire bytes, beside the same call without compression.</summary>
    private IEnumerable<(BenchmarkResult Plain, BenchmarkResult Gzip)> GzipPairs()
    {
        var cases = _run.Benchmarks.Where(b => _wire.ContainsKey(b.Method)).DistinctBy(b => (b.Operation, b.Arm)).ToList();
        return from gzip in cases
               from plain in cases
               where plain.Operation == gzip.Operation && _run.ArmOf(gzip).IsCompressedFormOf(_run.ArmOf(plain))
               select (plain, gzip);
    }

    /// <summary>gzip's bytes (every run) beside its time (the compression suite, where it ran).</summary>
    private void AddCompression()
    {
        var pairs = GzipPairs().ToList();
        if (pairs.Count == 0)
        {
            return;
        }

        var timed = InSuite(Suites.Compression);
        _document.AddHeading(2, "gzip: bytes saved, time paid")
            .AddParagraph("Bytes per call on the client's sockets, both directions, in every run; times per call from the compression suite "
                + "(`--suite full`), where it ran. REST sends Accept-Encoding and a gzip body; gRPC asks for a gzip response per call and compresses its message; both at the fastest level.")
            .AddTable(["operation", "arm", "bytes, plain", "bytes, gzip", "saved", "per call, plain", "per call, gzip", "gzip costs"],
                pairs.Select(p =>
                {
                    var plainBytes = _wire[p.Plain.Method].SentPerCall + _wire[p.Plain.Method].ReceivedPerCall;
                    var gzipBytes = _wire[p.Gzip.Method].SentPerCall + _wire[p.Gzip.Method].ReceivedPerCall;
                    var plain = timed.FirstOrDefault(b => (b.Operation, b.Arm) == (p.Plain.Operation, p.Plain.Arm));
                    var gzip = timed.FirstOrDefault(b => (b.Operation, b.Arm) == (p.Gzip.Operation, p.Gzip.Arm));
                    return (IReadOnlyList<string>)
                    [
                        p.Gzip.Operation, NameOf(p.Gzip), Units.Bytes(plainBytes), Units.Bytes(gzipBytes), Units.Percent(1 - (gzipBytes / plainBytes)),
                        plain is null ? "not run" : Units.Time(plain.NanosecondsPerCall),
                        gzip is null ? "not run" : Units.Time(gzip.NanosecondsPerCall),
                        plain is null || gzip is null ? "" : $"{Units.Ratio(gzip.NanosecondsPerCall / plain.NanosecondsPerCall)} the time",
                    ];
                }),
                2, 3, 4, 5, 6, 7);
    }

    private void AddStreaming()
    {
        var (document, charts, streaming) = (_document, _charts, _run.Streaming);
        if (streaming.Count == 0 || _run.StreamingMethod is not { } method)
        {
            return;
        }

        var records = streaming[0].Records;
        document.AddHeading(2, $"Streaming: when it pays ({records.ToString("#,0", CultureInfo.InvariantCulture)} records)")
            .AddParagraph($"Medians of {method.Repetitions} calls after {method.WarmUps} untimed ones, outside the benchmarks. A stream's consumer handles each record as it comes and drops it; "
                + "a list's consumer gets every record at once. Live memory is what the client holds after a full collection, read every "
                + $"{method.MemorySampleEvery} records in a separate pass.")
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

    private string PairedHeadline(PairedOperation operation)
    {
        var ratios = operation.Compared.Select(arm => (Arm: arm, Ratio: operation.RatioOf(arm))).Where(r => r.Ratio is not null).ToList();
        var comparisons = ratios.Select(r => $"{_run.NameOfArm(r.Arm.Arm)} {PairedCompared(r.Ratio!)}");
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
    private void AddPaired(IReadOnlyList<PairedOperation> paired)
    {
        var document = _document;
        document.AddHeading(3, "Every paired ratio")
            .AddParagraph("By thirds: the median ratio in the first, second and last third of the rounds, in the order they ran; "
                + "a ratio that drifts within the run shows there.")
            .AddTable(["operation", "arm", "per call (median)", "REST + JSON's time / arm's", "95 % interval", "by thirds", "rounds", "stopped by"],
                paired.SelectMany(o => o.Arms.Where(a => a.Role != PairedRole.Floor).Select(a => (IReadOnlyList<string>)
                [
                    o.Operation, _run.NameOfArm(a.Arm), Units.Time(a.MedianNanosecondsPerCall),
                    a.Role == PairedRole.Baseline ? "baseline" : o.RatioOf(a) is { } r ? Units.Ratio(r.Median) : "",
                    a.Role == PairedRole.Baseline ? "" : o.RatioOf(a) is { } i ? $"{Units.Ratio(i.Lower)} – {Units.Ratio(i.Upper)}" : "",
                    a.Role == PairedRole.Baseline ? "" : string.Join(" / ", o.RatioByThirds(a).Select(Units.Ratio)),
                    o.Rounds.ToString(CultureInfo.InvariantCulture), $"{o.StoppedBy} after {o.Seconds.ToString("0.0", CultureInfo.InvariantCulture)} s",
                ])),
                2, 3, 4, 5, 6);
        AddTransportFloor(paired);
        AddBackToBack(paired);
        AddPairedChanges();
    }

    private void AddTransportFloor(IReadOnlyList<PairedOperation> paired)
    {
        var document = _document;
        var floors = paired.SelectMany(o => o.Floors.Select(f => (Operation: o, Floor: f, Call: o.Arms.First(a => a.Method == f.Method && a.Role != PairedRole.Floor)))).ToList();
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
                            $"{Short(f.Operation.Operation)}: {_run.NameOfArm(f.Call.Arm)}",
                            $"{Units.Bytes(f.Floor.RequestBytes ?? 0)} / {Units.Bytes(f.Floor.ResponseBytes ?? 0)}",
                            Units.Time(f.Call.MedianNanosecondsPerCall), Units.Time(f.Floor.MedianNanosecondsPerCall),
                            share is null ? "" : Units.Percent(share.Median), share is null ? "" : $"{Units.Percent(share.Lower)} – {Units.Percent(share.Upper)}",
                        ];
                    }),
                    2, 3, 4, 5);
        }
    }

    private void AddBackToBack(IReadOnlyList<PairedOperation> paired)
    {
        var document = _document;
        var costs = paired.SelectMany(o => o.Arms.Where(a => a.BackToBack is not null).Select(a => (Operation: o, Arm: a))).ToList();
        if (costs.Count > 0)
        {
            document.AddHeading(3, "Where a small call's time goes")
                .AddParagraph($"After the rounds, each arm made {costs[0].Operation.BackToBackCalls} calls back to back while the OS counted the CPU time (user and kernel, "
                    + "all threads) of the client process and of the arm's server (for a floor, the echo process). "
                    + "Waiting is what is left: time in which neither side ran, one waiting for the other to be woken and scheduled. "
                    + "CPU time includes .NET's thread pool spinning for the next work item before it sleeps: where client and server CPU add up to the "
                    + "time per call, both sides spun through the other's turn rather than sleep, and the CPU columns bound the work from above.")
                .AddTable(["arm", "per call", "client CPU", "server CPU", "waiting"],
                    costs.Select(c => (IReadOnlyList<string>)
                    [
                        c.Arm.Role == PairedRole.Floor ? $"transport floor, {_run.NameOfArm(c.Arm.Arm)}'s bytes" : $"{Short(c.Operation.Operation)}: {_run.NameOfArm(c.Arm.Arm)}",
                        Units.Time(c.Arm.BackToBack!.NanosecondsPerCall), Units.Time(c.Arm.BackToBack.ClientCpuNanosecondsPerCall),
                        Units.Time(c.Arm.BackToBack.ServerCpuNanosecondsPerCall), Units.Time(c.Arm.BackToBack.WaitingNanosecondsPerCall),
                    ]),
                    1, 2, 3, 4);
        }
    }

    private void AddPairedChanges()
    {
        if (_run.PreviousRun?.Paired is { Count: > 0 } changes)
        {
            _document.AddHeading(3, "Against the previous run")
                .AddParagraph($"The same ratios in the previous run in this folder; a ratio holds when the two medians differ by at most {PairedChange.Tolerance:0%} and each lies inside the other run's interval.")
                .AddTable(["operation", "arm", "previous run", "this run", "difference", "holds"],
                    changes.Select(c => (IReadOnlyList<string>)
                    [
                        c.Operation, _run.NameOfArm(c.Arm),
                        $"{Units.Ratio(c.Previous.Median)} [{Units.Ratio(c.Previous.Lower)}, {Units.Ratio(c.Previous.Upper)}]",
                        $"{Units.Ratio(c.Current.Median)} [{Units.Ratio(c.Current.Lower)}, {Units.Ratio(c.Current.Upper)}]",
                        Units.Percent(c.Spread), c.Holds ? "yes" : "no",
                    ]),
                    4);
        }
    }

    private IEnumerable<string> Headlines(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var operation in Ordered(rows.Select(b => b.Operation)))
        {
            var inOperation = rows.Where(b => b.Operation == operation).ToList();
            if (inOperation.FirstOrDefault(b => b.Baseline) is not { } baseline)
            {
                continue;
            }

            var others = inOperation.Where(b => !b.Baseline).ToList();
            var comparisons = others.Select(b => $"{NameOf(b)} {Compared(baseline, b)}");
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

    private IReadOnlyList<string> Row(BenchmarkResult b, IReadOnlyList<BenchmarkResult> operation, Func<BenchmarkResult, string> name)
    {
        var baseline = operation.FirstOrDefault(o => o.Baseline && o.CallsPerBatch == b.CallsPerBatch && o.Records == b.Records);
        var floor = Floor(b);
        _wire.TryGetValue(b.Method, out var bytes);
        return
        [
            name(b),
            b.CallsPerBatch.ToString(CultureInfo.InvariantCulture),
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

    /// <summary>The codec round trip of the payload the call moves: the large payload's for the large GET and the POST.</summary>
    private BenchmarkResult? Floor(BenchmarkResult call)
    {
        var payload = call.Operation == "GetSmallPayload" ? "GetSmallPayload" : "GetLargePayload";
        var protobuf = _run.ArmOf(call).IsProtobuf;
        return InSuite(Suites.Codec).FirstOrDefault(b => b.Operation == payload && _run.ArmOf(b) is { Shape: "serialize then parse" } codec && codec.IsProtobuf == protobuf);
    }

    private IEnumerable<string> FloorContradictions(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var call in rows)
        {
            if (Floor(call) is { } floor && floor.NanosecondsPerCall - floor.Error > call.NanosecondsPerCall + call.Error)
            {
                yield return $"{call.Operation} {NameOf(call)} ×{call.CallsPerBatch} {Units.Time(call.NanosecondsPerCall)} < {Units.Time(floor.NanosecondsPerCall)}";
            }
        }
    }

    private IEnumerable<string> BatchDisagreements(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var method in rows.GroupBy(b => b.Method).Where(g => g.Count() > 1))
        {
            var fastest = method.MinBy(b => b.NanosecondsPerCall)!;
            var slowest = method.MaxBy(b => b.NanosecondsPerCall)!;
            if (!slowest.WithinErrorOf(fastest)
                && slowest.NanosecondsPerCall > fastest.NanosecondsPerCall * 1.10)
            {
                yield return $"{slowest.Operation} {NameOf(slowest)} {Units.Time(fastest.NanosecondsPerCall)} (×{fastest.CallsPerBatch}) against {Units.Time(slowest.NanosecondsPerCall)} (×{slowest.CallsPerBatch})";
            }
        }
    }

    /// <summary>A chart value in μs, written in the unit that suits it (three significant digits).</summary>
    private static string Microseconds(double microseconds) => Units.Time(microseconds * 1e3);

    private IEnumerable<SvgChart.Group> OperationGroups(IReadOnlyList<BenchmarkResult> rows, Func<BenchmarkResult, double> value, Func<BenchmarkResult, double?> error, Func<BenchmarkResult, string>? name = null) =>
        Ordered(rows.Select(b => b.Operation)).Select(operation => new SvgChart.Group(
            operation,
            [.. rows.Where(b => b.Operation == operation).Select(b => new SvgChart.Bar((name ?? NameOf)(b), value(b), error(b)))]));

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
