using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The summary's headline, from the trials alone: per operation and arm, latency (one call in flight) and throughput
/// with CPU per call (calls/s at saturation), each ratio with its interval over fresh-process trials and its
/// placement; where the two quantities point different ways, why, in one sentence; then the same arms as
/// BenchmarkDotNet and h2load measured them, with every difference beyond tolerance named.
/// </summary>
internal static class HeadlineSection
{
    /// <summary>How far BenchmarkDotNet's time per call may lie from the trials' before the summary flags it.</summary>
    public const double MethodTolerance = 0.10;

    /// <summary>Adds the headline, its chart, the methods side by side and h2load's check.</summary>
    public static void Add(SummaryContext summary, TrialsRun trials)
    {
        var (document, charts, benchmarks, previous) = (summary.Document, summary.Charts, summary.Run.Benchmarks, summary.Run.PreviousRun);
        var rows = Rows(trials).ToList();
        document.AddHeading(2, $"Headline: latency and throughput ({trials.Completed} trials in fresh processes)")
            .AddParagraph("Two quantities, never mixed. **Latency**: one call in flight, time per call; its ratio is REST + JSON's time over the arm's. "
                + "**Throughput**: calls kept in flight at the arm's saturating concurrency (the fewest calls in flight at which it reached 95 % of its best calls/s in the calibration), calls/s, and the CPU time the client process and the arm's server "
                + "used per call over the same window (from the OS, all threads); its ratio is the arm's calls/s over REST + JSON's. Above 1 the arm is better. "
                + "Each ratio is the median of one ratio per trial, with its exact 95 % interval over the trials in brackets (≈ where it holds 1); "
                + "each trial is a fresh client process that measured every arm once, in an order of its own, so the interval covers the state a process settles into.")
            .AddParagraph($"**Placement**: {trials.Placement}. **Method**: {trials.Plan}.")
            .AddTable(
                ["operation", "arm", "latency per call", "latency ratio", "calls/s", "throughput ratio", "client CPU per call", "server CPU per call", "both"],
                rows.Select(r => r.Cells), 2, 3, 4, 5, 6, 7, 8);
        foreach (var failure in trials.Failures)
        {
            document.AddParagraph($"**Trial {failure.Index} failed**: {failure.Reason}. The headline is over the other {trials.Completed} trials.");
        }

        if (trials.Completed < MedianInterval.MinimumSamples)
        {
            document.AddParagraph($"With {trials.Completed} trials there is no 95 % interval (it needs {MedianInterval.MinimumSamples}): the ratios are medians only, not results to publish.");
        }

        var disagreements = rows.Select(row => Disagreement(trials, row)).OfType<string>().ToList();
        if (disagreements.Count > 0)
        {
            document.AddParagraph("**Where latency and throughput point different ways**:").AddBullets(disagreements);
        }

        charts.Add(("headline.svg", Chart(trials)));
        document.AddImage("headline.svg", "Headline ratios against REST + JSON, latency and throughput, with 95 % intervals over trials");
        AddMethods(document, trials, benchmarks);
        AddLoad(document, trials);
        AddH2load(document, trials);
        AddPrevious(document, trials, previous);
    }

    /// <summary>"2.53× [2.40×, 2.61×]", ≈ in front where the interval holds 1; without an interval, the median and the trial count.</summary>
    public static string Ratio(HeadlineRatio ratio) => !ratio.HasInterval
        ? $"{Units.Ratio(ratio.Median)} ({ratio.Trials} trials, no interval)"
        : (ratio.Low <= 1 && ratio.High >= 1 ? "≈ " : "") + $"{Units.Ratio(ratio.Median)} [{Units.Ratio(ratio.Low)}, {Units.Ratio(ratio.High)}]";

    private sealed record Row(string Operation, string Arm, HeadlineRatio? Latency, HeadlineRatio? Throughput, double LatencyNs, double CallsPerSecond, double ClientCpuNs, double? ServerCpuNs, double BaselineLatencyNs, double BaselineCpuNs, IReadOnlyList<string> Cells);

    private static IEnumerable<Row> Rows(TrialsRun trials)
    {
        foreach (var (operation, arm) in TrialStatistics.Arms(trials.Trials))
        {
            double Median(Func<TrialSegment, double?> figure, string of) => MedianInterval.MedianOf(TrialStatistics.Values(trials.Trials, operation, of, figure));
            var latency = trials.Headline.FirstOrDefault(h => h.Operation == operation && h.Arm == arm && h.Quantity == HeadlineRatio.Latency);
            var throughput = trials.Headline.FirstOrDefault(h => h.Operation == operation && h.Arm == arm && h.Quantity == HeadlineRatio.Throughput);
            var (latencyNs, callsPerSecond, clientCpu) = (Median(s => s.LatencyNanosecondsPerCall, arm), Median(s => s.CallsPerSecond, arm), Median(s => s.ClientCpuNanosecondsPerCall, arm));
            double? serverCpu = TrialStatistics.Values(trials.Trials, operation, arm, s => s.ServerCpuNanosecondsPerCall).Count > 0 ? Median(s => s.ServerCpuNanosecondsPerCall, arm) : null;
            var baselineCpu = Median(s => s.ClientCpuNanosecondsPerCall, TrialArmBaseline) + Median(s => s.ServerCpuNanosecondsPerCall ?? 0, TrialArmBaseline);
            var concurrency = trials.ConcurrencyOf(operation, arm);
            yield return new Row(operation, arm, latency, throughput, latencyNs, callsPerSecond, clientCpu, serverCpu, Median(s => s.LatencyNanosecondsPerCall, TrialArmBaseline), baselineCpu,
            [
                operation, trials.NameOf(arm), Units.Time(latencyNs), latency is null ? "baseline" : Ratio(latency),
                $"{callsPerSecond.ToString("#,0", CultureInfo.InvariantCulture)} ({concurrency} in flight)", throughput is null ? "baseline" : Ratio(throughput),
                Units.Time(clientCpu), serverCpu is { } s ? Units.Time(s) : "not measured", serverCpu is { } both ? Units.Time(clientCpu + both) : "",
            ]);
        }
    }

    private const string TrialArmBaseline = "rest-json";

    /// <summary>One sentence where both ratios show a difference, in opposite directions, with the measured reason.</summary>
    private static string? Disagreement(TrialsRun trials, Row row)
    {
        if (row is not { Latency: { Differs: true } latency, Throughput: { Differs: true } throughput, ServerCpuNs: { } serverCpu } || (latency.Median > 1) == (throughput.Median > 1))
        {
            return null;
        }

        return $"{row.Operation}, {trials.NameOf(row.Arm)}: one call at a time it is {(latency.Median > 1 ? "faster" : "slower")} than REST + JSON ({Units.Ratio(latency.Median)}: "
            + $"{Units.Time(row.LatencyNs)} against {Units.Time(row.BaselineLatencyNs)} per call), at saturation it serves {(throughput.Median > 1 ? "more" : "fewer")} calls/s ({Units.Ratio(throughput.Median)}). "
            + $"Measured reason: at saturation calls/s follow CPU per call, client and server together {Units.Time(row.ClientCpuNs + serverCpu)} against {Units.Time(row.BaselineCpuNs)}; "
            + "one call at a time a call costs less CPU than that but waits for each side to be woken, so there the time per call decides, not the CPU.";
    }

    private static string Chart(TrialsRun trials)
    {
        var groups = trials.Headline.GroupBy(h => (h.Operation, h.Quantity))
            .Select(g => new SvgChart.Group($"{g.Key.Operation}, {g.Key.Quantity}", [.. g.Select(h => new SvgChart.Bar(trials.NameOf(h.Arm), h.Median, h.HasInterval ? (h.High - h.Low) / 2 : null))]))
            .ToList();
        return SvgChart.GroupedBars($"Against REST + JSON ({trials.Completed} trials; above 1: better)", "ratio to REST + JSON", groups, logScale: false, v => Units.Ratio(v));
    }

    /// <summary>The BenchmarkDotNet case (suite, operation, catalogue arm) that times the same arm one process per arm, back to back in batches.</summary>
    private static readonly IReadOnlyDictionary<(string Operation, string Arm), (string Suite, string Operation, string Arm)> BenchmarkOf = new Dictionary<(string, string), (string, string, string)>
    {
        [("small", "rest-json")] = (Suites.Transport, "GetSmallPayload", "rest-json"),
        [("small", "rest-json-h2c")] = (Suites.HttpVersions, "GetSmallPayload", "rest-json-h2c"),
        [("small", "rest-protobuf")] = (Suites.Transport, "GetSmallPayload", "rest-protobuf"),
        [("small", "grpc")] = (Suites.Transport, "GetSmallPayload", "grpc"),
        [("large", "rest-json")] = (Suites.Transport, "GetLargePayload", "rest-json"),
        [("large", "rest-protobuf")] = (Suites.Transport, "GetLargePayload", "rest-protobuf"),
        [("large", "grpc")] = (Suites.Transport, "GetLargePayload", "grpc-list"),
        [("large", "grpc-stream")] = (Suites.Transport, "GetLargePayload", "grpc-stream"),
        [("post", "rest-json")] = (Suites.Transport, "PostLargePayload", "rest-json"),
        [("post", "rest-protobuf")] = (Suites.Transport, "PostLargePayload", "rest-protobuf"),
        [("post", "grpc")] = (Suites.Transport, "PostLargePayload", "grpc"),
    };

    private static void AddMethods(ReportDocument document, TrialsRun trials, IReadOnlyList<BenchmarkResult> benchmarks)
    {
        var pairs = TrialStatistics.Arms(trials.Trials)
            .Select(a => (a.Operation, a.Arm, Trials: MedianInterval.MedianOf(TrialStatistics.Values(trials.Trials, a.Operation, a.Arm, s => s.LatencyNanosecondsPerCall)),
                Benchmark: BenchmarkOf.TryGetValue(a, out var b) ? benchmarks.Where(r => (r.Suite, r.Operation, r.Arm) == b).MaxBy(r => r.CallsPerBatch) : null))
            .Where(p => p.Benchmark is not null)
            .ToList();
        if (pairs.Count == 0)
        {
            return;
        }

        document.AddHeading(3, "Latency, two methods")
            .AddParagraph($"Each arm's time per call from the trials (median over trials; calls one at a time, after other arms in the same process) beside BenchmarkDotNet's "
                + $"(its own process for each arm, back-to-back calls in batches, the largest batch: {string.Join(" or ", pairs.Select(p => p.Benchmark!.CallsPerBatch).Distinct())} calls), in the same placement. A difference over {MethodTolerance:0%} is flagged.")
            .AddTable(["operation", "arm", "trials", "BenchmarkDotNet", "BenchmarkDotNet / trials", "agree"],
                pairs.Select(p =>
                {
                    var quotient = p.Benchmark!.NanosecondsPerCall / p.Trials;
                    return (IReadOnlyList<string>)[p.Operation, trials.NameOf(p.Arm), Units.Time(p.Trials), Units.Time(p.Benchmark.NanosecondsPerCall), Units.Ratio(quotient),
                        Math.Abs(quotient - 1) <= MethodTolerance ? "yes" : "**no**"];
                }),
                2, 3, 4);
    }

    private static void AddLoad(ReportDocument document, TrialsRun trials)
    {
        if (trials.Load is not { Count: > 0 } checks)
        {
            return;
        }

        document.AddHeading(3, "Throughput, two methods")
            .AddParagraph($"Load mode's closed loop (its own shared client per arm, every answer checked) at each arm's concurrency in the trials, one arm after another in a fresh client process placed and warmed as a trial's, "
                + $"one run each: its calls/s ratio to REST + JSON beside the trials' median. A difference over {LoadCheck.Tolerance:0%} is flagged. "
                + $"Load mode's figure is one window per arm, the trials' the median of {trials.Completed}; in this run an arm's calls/s varied {Units.Percent(ThroughputSpread(trials))} between trials "
                + "(the median over the arms of their coefficient of variation), so one window can miss the median by that much with no fault in either method: a flag here asks for a rerun first.")
            .AddTable(["operation", "arm", "in flight", "load mode calls/s", "load mode ratio", "trials' ratio", "agree"],
                checks.Select(c =>
                {
                    var own = trials.Headline.FirstOrDefault(h => h.Quantity == HeadlineRatio.Throughput && h.Operation == c.Operation && h.Arm == c.Arm);
                    return (IReadOnlyList<string>)
                    [
                        c.Operation, trials.NameOf(c.Arm), c.Concurrency.ToString(CultureInfo.InvariantCulture), c.CallsPerSecond.ToString("#,0", CultureInfo.InvariantCulture),
                        c.Ratio is { } r ? Units.Ratio(r) : "baseline", own is null ? "" : Ratio(own),
                        c.Ratio is { } load && own is not null ? (Math.Abs((load / own.Median) - 1) <= LoadCheck.Tolerance ? "yes" : "**no**") : "",
                    ];
                }),
                2, 3, 4, 5);
    }

    /// <summary>How much an arm's calls/s vary between trials: the median over the arms of their coefficient of variation.</summary>
    private static double ThroughputSpread(TrialsRun trials) => MedianInterval.MedianOf(TrialStatistics.Arms(trials.Trials).Select(a =>
    {
        var values = TrialStatistics.Values(trials.Trials, a.Operation, a.Arm, s => s.CallsPerSecond);
        var mean = values.Average();
        return Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / values.Count) / mean;
    }));

    private static void AddH2load(ReportDocument document, TrialsRun trials)
    {
        document.AddHeading(3, "Server CPU per call, checked with h2load");
        if (trials.H2load is not { Count: > 0 } checks)
        {
            document.AddParagraph(trials.H2load is null
                ? "Not checked: a quick run (--quick) leaves it out, h2load is not installed (Debian: nghttp2-client), or the servers were given by URL (their CPU time cannot be read)."
                : "Not checked: h2load's check did not run to the end (the console says why).");
            return;
        }

        document.AddParagraph($"h2load (nghttp2's C client; it parses no answer) sent each arm's request at the same concurrency to the same server in the same placement, "
                + "every request's status and body length checked, twice: at the trials' own calls/s, where the server does the same work at the same pace for either client, "
                + $"so its CPU per request must match the trials' (a difference over {H2loadCheck.Tolerance:0%} is flagged: it would be a fault of a method), and unthrottled, where h2load "
                + "saturates the server itself: what one server CPU can serve when the client costs next to nothing, and what its CPU per request becomes at full load.")
            .AddTable(["operation", "arm", "in flight", "pace", "h2load requests/s", "server CPU per call, h2load", "server CPU per call, trials", "difference", "agree"],
                checks.Select(c => (IReadOnlyList<string>)
                [
                    c.Operation, trials.NameOf(c.Arm), c.Concurrency.ToString(CultureInfo.InvariantCulture), c.AtTrialsRate ? "the trials' calls/s" : "unthrottled",
                    c.RequestsPerSecond.ToString("#,0", CultureInfo.InvariantCulture),
                    c.ServerCpuNanosecondsPerCall is { } own ? Units.Time(own) : c.Problem ?? "", c.TrialsServerCpuNanosecondsPerCall is { } t ? Units.Time(t) : "",
                    c.Difference is { } d ? d.ToString("+0%;-0%", CultureInfo.InvariantCulture) : "",
                    !c.AtTrialsRate ? "" : c.Difference is { } e ? (Math.Abs(e) <= H2loadCheck.Tolerance ? "yes" : "**no**") : "",
                ]),
                2, 4, 5, 6, 7);
    }

    private static void AddPrevious(ReportDocument document, TrialsRun trials, RunToRun? previous)
    {
        if (previous?.Headline is not { Count: > 0 } changes)
        {
            return;
        }

        document.AddHeading(3, "Against the previous run")
            .AddParagraph($"The same ratios in the previous run in this folder; a ratio holds when the two medians differ by at most {HeadlineChange.Tolerance:0%} and each lies inside the other run's interval.")
            .AddTable(["quantity", "operation", "arm", "previous run", "this run", "difference", "holds"],
                changes.Select(c => (IReadOnlyList<string>)
                [
                    c.Current.Quantity, c.Current.Operation, trials.NameOf(c.Current.Arm), Ratio(c.Previous), Ratio(c.Current), Units.Percent(c.Spread), c.Holds ? "yes" : "no",
                ]),
                5);
    }
}
