using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The summary's headline, from the trials alone: per operation and arm, latency (one call in flight) and throughput
/// with CPU per call (calls/s at saturation), each ratio with its interval over fresh-process trials and its
/// placement; where the two quantities point different ways, why, in one sentence; then the same arms as
/// BenchmarkDotNet and h2load measured them, with every difference beyond tolerance named.
/// </summary>
internal static partial class HeadlineSection
{
    /// <summary>How far BenchmarkDotNet's time per call may lie from the trials' before the summary flags it.</summary>
    public const double MethodTolerance = 0.10;

    /// <summary>
    /// The fewest pooled runs over which a method's agreement labels this run's flag "the run's minutes": over two, one
    /// run's minute still weighs half (docs/method.md).
    /// </summary>
    public const int MinutesLabelRuns = 3;

    /// <summary>Adds the headline, its chart, the methods side by side and h2load's check.</summary>
    public static void Add(SummaryContext summary, TrialsRun trials)
    {
        var (document, charts, benchmarks, previous) = (summary.Document, summary.Charts, summary.Run.Benchmarks, summary.Previous);
        var rows = Rows(trials).ToList();
        document.AddHeading(2, $"Headline: latency and throughput ({trials.Completed} trials in fresh processes)")
            .AddParagraph("Two quantities, never mixed. **Latency**: one call in flight, time per call; its ratio is REST + JSON's time over the arm's. "
                + "**Throughput**: calls/s at saturation, "
                + (trials.PeakChosenOnOtherTrials == true ? "each arm at its own peak among its operation's levels of calls in flight, the level chosen on the other trials (the calls/s column says which in most trials), "
                    : "the better of the operation's fixed concurrencies for every arm (the calls/s column says which won in most trials), ")
                + "and the CPU time the client process and the arm's server used per call over the same windows (from the OS, all threads); its ratio is the arm's calls/s over REST + JSON's. Above 1 the arm is better. "
                + "Each ratio is the median of one ratio per trial, with its exact 95 % interval over the trials in brackets (≈ where it holds 1); "
                + "each trial is a fresh client process that measured every arm, an operation's arms taking turns slice by slice, so a slow moment of the machine falls on all of them.")
            .AddParagraph($"**Placement**: {SettingsText.Of(trials.Placement)}. **Method**: {SettingsText.Of(trials.Plan)}.")
            .AddParagraph(Covers(trials))
            .AddTable(
                ["operation", "arm", "latency per call", "latency ratio", "calls/s", "throughput ratio", "client CPU per call", "server CPU per call", "both"],
                rows.Select(r => r.Cells), 2, 3, 4, 5, 6, 7, 8);
        foreach (var failure in trials.Failures)
        {
            document.AddParagraph($"**Trial {failure.Index} failed**: {FaultText.Of(failure)}. The headline is over the other {trials.Completed} trials.");
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
        AddPool(document, trials);
        ThroughputCurveSection.Add(summary, trials, "curve.svg");
        AddPooledLatency(summary, trials, AddMethods(summary, trials));
        AddLoad(summary, trials);
        AddPooledLoad(summary, trials);
        AddH2load(summary, trials);
        AddPrevious(document, trials, previous);
    }

    /// <summary>What this run's intervals cover and what they leave out, in one paragraph.</summary>
    public static string Covers(TrialsRun trials)
    {
        var span = trials.TrialsSeconds is { } seconds ? $" over {Units.Time(seconds * 1e9)}" : "";
        var pooled = trials.Pool.Count >= 2
            ? $"; the pooled table below covers those too, over the {trials.Pool.Count} runs of this build in this folder"
            : "; to cover those, run again into the same folder: runs of one clean build on one machine with the same job and placement are pooled";
        return $"**What the interval covers**: what varies between this run's {trials.Completed} trials{span} (client processes, the order of arms, the machine's moments "
            + $"within that time). Not what every trial of the run shared: the server processes and the hours of the machine around it{pooled}. "
            + "Nothing is drawn once per run: the levels of calls in flight are fixed per operation, not calibrated.";
    }

    /// <summary>The ratios over every pooled run, with how often one run's median fell inside another's interval.</summary>
    private static void AddPool(ReportDocument document, TrialsRun trials)
    {
        if (trials.Pool.Count < 2)
        {
            return;
        }

        var pooled = RunPool.Headline(trials.Pool);
        var earliest = trials.EarlierRuns![0].Date;
        document.AddHeading(3, $"Pooled over {trials.Pool.Count} runs")
            .AddParagraph($"This run and the {trials.Pool.Count - 1} before it in this folder (the same clean build, machine, job, data, plan and placement; the first on "
                + $"{earliest.UtcDateTime.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC), {trials.Pool.Sum(r => r.Count)} trials in all. "
                + $"Each ratio is the median of every trial's, with the range one run's median falls in 95 % of the time ({RunPool.Resamples:#,0} draws of a run, then of that run's trials), "
                + "so it covers what differs between runs as well as between trials: the range a rerun here should land in.")
            .AddTable(["quantity", "operation", "arm", "this run", "pooled", "runs", "trials"],
                pooled.Select(p => (IReadOnlyList<string>)
                [
                    p.Quantity, p.Operation, trials.NameOf(p.Arm),
                    trials.Headline.FirstOrDefault(h => (h.Quantity, h.Operation, h.Arm) == (p.Quantity, p.Operation, p.Arm)) is { } own ? Ratio(own) : "",
                    Range(p),
                    p.Runs.ToString(CultureInfo.InvariantCulture), p.Trials.ToString(CultureInfo.InvariantCulture),
                ]),
                3, 4, 5, 6);
        document.AddParagraph(Coverage(trials.Pool));
    }

    /// <summary>How often one run's median fell inside another run's interval, and inside the pool of the other runs (with three runs or more); the ratios against REST + JSON, or <paramref name="pairs"/>'.</summary>
    public static string Coverage(IReadOnlyList<IReadOnlyList<Trial>> pool, IReadOnlyList<(string Arm, string Baseline)>? pairs = null)
    {
        var cross = RunPool.CrossCoverage(pool, pairs);
        var coverage = $"**Coverage**: of {cross.Checks} checks (a ratio of one run against another run's interval over its trials), {Units.Percent(cross.Share)} "
            + $"found the other run's median inside; about {Units.Percent(RunPool.ExpectedCrossCoverage)} would if runs differed no more than their trials do.";
        return RunPool.LeaveOneOutCoverage(pool, pairs) is { Checks: > 0 } left
            ? coverage + $" Of {left.Checks} run medians, {Units.Percent(left.Share)} fell inside the range the pool of the other runs gives (it claims 95 %)."
            : coverage;
    }

    /// <summary>"2.53× [2.40×, 2.61×]" for a pooled ratio, ≈ in front where its range holds 1.</summary>
    public static string Range(PooledRatio ratio) =>
        (ratio.Low <= 1 && ratio.High >= 1 ? "≈ " : "") + $"{Units.Ratio(ratio.Median)} [{Units.Ratio(ratio.Low)}, {Units.Ratio(ratio.High)}]";

    /// <summary>"2.53× [2.40×, 2.61×]", ≈ in front where the interval holds 1; without an interval, the median and the trial count.</summary>
    public static string Ratio(HeadlineRatio ratio) => !ratio.HasInterval
        ? $"{Units.Ratio(ratio.Median)} ({ratio.Trials} trials, no interval)"
        : (ratio.Low <= 1 && ratio.High >= 1 ? "≈ " : "") + $"{Units.Ratio(ratio.Median)} [{Units.Ratio(ratio.Low)}, {Units.Ratio(ratio.High)}]";

    /// <summary>The ratio cell of an arm without a ratio: the baseline's, or an arm of a run that measured no baseline.</summary>
    private static string Unrated(string arm) => arm == TrialStatistics.Baseline ? "baseline" : "no baseline measured";

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
            var baseline = trials.Headline.FirstOrDefault(h => h.Operation == operation)?.Baseline ?? arm;
            var baselineCpu = Median(s => s.ClientCpuNanosecondsPerCall, baseline) + Median(s => s.ServerCpuNanosecondsPerCall ?? 0, baseline);
            yield return new Row(operation, arm, latency, throughput, latencyNs, callsPerSecond, clientCpu, serverCpu, Median(s => s.LatencyNanosecondsPerCall, baseline), baselineCpu,
            [
                operation, trials.NameOf(arm), Units.Time(latencyNs), latency is null ? Unrated(arm) : Ratio(latency),
                $"{callsPerSecond.ToString("#,0", CultureInfo.InvariantCulture)} ({InFlight(trials, operation, arm)})", throughput is null ? Unrated(arm) : Ratio(throughput),
                Units.Time(clientCpu), serverCpu is { } s ? Units.Time(s) : "not measured", serverCpu is { } both ? Units.Time(clientCpu + both) : "",
            ]);
        }
    }

    /// <summary>"32 in flight", or where the trials measured at several levels "at 32 of 16/32/64/128" (the one taken in most trials).</summary>
    private static string InFlight(TrialsRun trials, string operation, string arm)
    {
        var concurrency = trials.Concurrency.FirstOrDefault(c => c.Operation == operation && c.Arm == arm);
        return concurrency?.Levels is { Count: > 1 } levels
            ? $"at {concurrency.Concurrency} of {string.Join("/", levels)} in flight"
            : $"{trials.ConcurrencyOf(operation, arm)} in flight";
    }

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

    /// <summary>One arm's two latencies: the trials' median, BenchmarkDotNet's processes, how far sampling lets them differ, the pool over runs and the verdict.</summary>
    private sealed record LatencyPair(string Operation, string Arm, double Trials, BenchmarkLatencyTime Timed, double? Allowance, PooledLatency? Pooled, LatencyVerdict Verdict)
    {
        /// <summary>The case of the largest batch.</summary>
        public BenchmarkResult Benchmark => Timed.Case;
    }

    private static List<LatencyPair> LatencyPairs(RunResults run, TrialsRun trials, LatencySampling sampling)
    {
        // Each arm's two latencies over the pooled runs that timed it by both methods, two runs or more.
        var pooled = RunPool.Latency(run, trials).Where(l => l.Runs >= 2).ToList();
        return [.. TrialStatistics.Arms(trials.Trials)
            .Select(a => (a.Operation, a.Arm, Times: TrialStatistics.Values(trials.Trials, a.Operation, a.Arm, s => s.LatencyNanosecondsPerCall), Timed: run.LatencyTime(a.Operation, a.Arm)))
            .Where(p => p.Timed is not null)
            .Select(p =>
            {
                var (median, allowance) = (MedianInterval.MedianOf(p.Times), sampling.AllowanceFor(p.Operation, p.Times.Count, p.Timed!.Processes));
                var pool = pooled.FirstOrDefault(l => (l.Operation, l.Arm) == (p.Operation, p.Arm));
                return new LatencyPair(p.Operation, p.Arm, median, p.Timed!, allowance, pool, LatencyVerdictOf(median, p.Timed!, allowance, pool));
            })];
    }

    /// <summary>Adds the latency table, trials beside BenchmarkDotNet, and returns its rows for the pooled table.</summary>
    private static List<LatencyPair> AddMethods(SummaryContext summary, TrialsRun trials)
    {
        var document = summary.Document;
        var sampling = LatencySampling.Of(trials);
        var pairs = LatencyPairs(summary.Run, trials, sampling);
        if (pairs.Count == 0)
        {
            return pairs;
        }

        document.AddHeading(3, "Latency, two methods")
            .AddParagraph($"Each arm's time per call from the trials (median over trials; calls one at a time, after other arms in the same process) beside BenchmarkDotNet's "
                + $"(a process of its own for each arm and batch size, back-to-back calls in batches of {BatchSizesText(pairs)} calls, the mean of those processes' times per call{CollectionsText(pairs.Select(p => p.Benchmark), trials.Plan.CollectsAfterSlices == true)}{SettlingText(pairs.Select(p => p.Benchmark))}), in the same placement. A difference over {MethodTolerance:0%} is flagged. "
                + $"In this run an arm's time per call varied {Units.Percent(Spread(trials, s => s.LatencyNanosecondsPerCall))} between trials (the median over the arms of their coefficient of variation)"
                + (sampling.Said is { } said ? $"; {said}" : "")
                + ": a flag here asks for a rerun first.")
            .AddTable(
                [
                    "operation", "arm", "trials", "BenchmarkDotNet", "BenchmarkDotNet / trials", "agree",
                ],
                pairs.Select(p => (IReadOnlyList<string>)[p.Operation, trials.NameOf(p.Arm), Units.Time(p.Trials), Units.Time(p.Timed.NanosecondsPerCall),
                    Units.Ratio(p.Timed.NanosecondsPerCall / p.Trials), VerdictText(p.Verdict, p.Allowance, p.Pooled?.Runs)]),
                [2, 3, 4]);
        var flagged = pairs.Where(p => p.Verdict != LatencyVerdict.Agree).ToList();
        foreach (var verdict in flagged.Select(p => p.Verdict).Where(v => v != LatencyVerdict.Disagree).Distinct().Order())
        {
            document.AddParagraph(CauseOf(verdict));
        }

        NoteFlags(summary, "Latency, two methods", [.. flagged.Select(p => $"{p.Operation} {trials.NameOf(p.Arm)}")], pairs.Count,
            flagged.All(p => p.Verdict != LatencyVerdict.Disagree) ? $"each labelled beside that table ({string.Join(", ", flagged.Select(p => p.Verdict).Distinct().Order().Select(LabelOf))}), as the paragraphs under it explain"
                : $"beyond {Checked(pairs.Any(p => p.Pooled is { Runs: >= MinutesLabelRuns }))} no cause is known");
        return pairs;
    }

    /// <summary>What the latency check weighed before it called two times apart: always the processes' sampling and BenchmarkDotNet's batches; the pooled runs where the run has them.</summary>
    private static string Checked(bool pooled)
    {
        List<string> checks = ["the processes' sampling", .. pooled ? (string[])["the runs pooled in this folder"] : [], "BenchmarkDotNet's own batches"];
        return $"{string.Join(", ", checks[..^1])} and {checks[^1]}";
    }

    /// <summary>The paragraph under the latency table that explains the flags labelled <paramref name="verdict"/>.</summary>
    private static string CauseOf(LatencyVerdict verdict) => verdict switch
    {
        LatencyVerdict.WithinSampling => LatencyWithinSamplingCause,
        LatencyVerdict.RunMinutes => LatencyRunMinutesCause,
        LatencyVerdict.WithinBatches => WithinBatchesCause,
        _ => throw new ArgumentOutOfRangeException(nameof(verdict), verdict, "only a flag explained beside the table has a cause"),
    };

    /// <summary>The batch sizes BenchmarkDotNet timed the compared arms at, "100 and 200" or "100".</summary>
    private static string BatchSizesText(IReadOnlyList<LatencyPair> pairs)
    {
        var sizes = pairs.SelectMany(p => p.Timed.Batches).Select(b => b.CallsPerBatch).Distinct().Order().ToList();
        return sizes.Count == 1 ? $"{sizes[0]}" : $"{string.Join(", ", sizes[..^1])} and {sizes[^1]}";
    }

    /// <summary>The latency table's "agree" cell: a flag within sampling or beyond it says how far sampling allows (<paramref name="allowance"/>, a share).</summary>
    private static string VerdictText(LatencyVerdict verdict, double? allowance, int? pooledRuns) => verdict switch
    {
        LatencyVerdict.Agree => "yes",
        LatencyVerdict.RunMinutes => $"**no**: the run's minutes (pooled over {pooledRuns} runs, it agrees)",
        LatencyVerdict.WithinSampling => $"**no**: within sampling (±{Units.Percent(allowance!.Value)})",
        LatencyVerdict.Disagree => allowance is { } share ? $"**no** (sampling allows ±{Units.Percent(share)})" : "**no**",
        _ => $"**no**: {LabelOf(verdict)}",
    };

    /// <summary>The label a flag explained beside the table carries.</summary>
    private static string LabelOf(LatencyVerdict verdict) => verdict switch
    {
        LatencyVerdict.WithinSampling => "within sampling",
        LatencyVerdict.RunMinutes => "the run's minutes",
        LatencyVerdict.WithinBatches => "within its batches",
        _ => throw new ArgumentOutOfRangeException(nameof(verdict), verdict, "only a flag explained beside the table has a label"),
    };

    /// <summary>
    /// How an arm's two latencies compare: agreeing, apart by no more than the processes' sampling allows, apart by the
    /// minutes they were measured in, apart in this run but agreeing over the pooled
    /// runs, apart by no more than BenchmarkDotNet's two batch sizes, or apart.
    /// </summary>
    private enum LatencyVerdict
    {
        Agree,
        WithinSampling,
        RunMinutes,
        WithinBatches,
        Disagree,
    }

    /// <summary>
    /// Agree within <see cref="MethodTolerance"/>; else within what the processes' sampling allows (<paramref name="allowance"/>);
    /// else the two within the tolerance over the pooled runs
    /// (<paramref name="pooled"/>); else the trials' time between BenchmarkDotNet's own per-call times for the same case
    /// at its batch sizes (each its own process); else apart.
    /// </summary>
    private static LatencyVerdict LatencyVerdictOf(double trials, BenchmarkLatencyTime timed, double? allowance, PooledLatency? pooled)
    {
        var benchmark = timed.NanosecondsPerCall;
        if (Math.Abs((benchmark / trials) - 1) <= MethodTolerance)
        {
            return LatencyVerdict.Agree;
        }

        if (allowance is { } share && SamplingAllowance.Within(benchmark, trials, share))
        {
            return LatencyVerdict.WithinSampling;
        }

        if (pooled is { Runs: >= MinutesLabelRuns } && PooledLatencyAgrees(pooled))
        {
            return LatencyVerdict.RunMinutes;
        }

        var processes = timed.Batches.Select(b => b.NanosecondsPerCall).ToList();
        return processes.Count > 1 && processes.Min() <= trials && trials <= processes.Max() ? LatencyVerdict.WithinBatches : LatencyVerdict.Disagree;
    }

    /// <summary>
    /// One client process's spread of time per call, per operation: the standard deviation of the logarithm of a trial's
    /// time (each trial a fresh process), pooled over the operation's arms. BenchmarkDotNet's figure is the mean of its
    /// processes' (one per batch size), the trials' the median of theirs, so the two may differ by sampling alone by
    /// <see cref="AllowanceFor"/>.
    /// </summary>
    private sealed record LatencySampling(IReadOnlyDictionary<string, double> Spreads)
    {
        public static LatencySampling Of(TrialsRun trials) => new(TrialStatistics.Arms(trials.Trials).GroupBy(a => a.Operation)
            .Select(arms => (Operation: arms.Key, Spread: SamplingAllowance.PooledLogSpread(arms.Select(a => TrialStatistics.Values(trials.Trials, a.Operation, a.Arm, s => s.LatencyNanosecondsPerCall)))))
            .Where(o => o.Spread is not null)
            .ToDictionary(o => o.Operation, o => o.Spread!.Value));

        /// <summary>How far the mean of <paramref name="processes"/> processes' times and the median of <paramref name="trials"/> processes' may lie apart by sampling alone, as a share; null where the spread is unknown.</summary>
        public double? AllowanceFor(string operation, int trials, int processes) => Spreads.TryGetValue(operation, out var spread)
            ? SamplingAllowance.Allowance(SamplingAllowance.MeanError(spread, processes), SamplingAllowance.MedianError(spread, trials)) : null;

        /// <summary>The spreads, for the paragraph above the table; null where none is known.</summary>
        public string? Said => Spreads.Count == 0 ? null
            : $"one trial process's time varied {string.Join(", ", Spreads.Select(s => $"{Units.Percent(Math.Exp(s.Value) - 1)} ({s.Key})"))} "
                + "(the standard deviation of the logarithm, pooled over the operation's arms), and BenchmarkDotNet's figure is the mean of a process per batch size, "
                + "so the two may differ by sampling alone by the share in brackets beside a flag";
    }

    /// <summary>Whether BenchmarkDotNet's processes settled the JIT on their case first, as each trial process settles its arms; empty where the results do not say.</summary>
    private static string SettlingText(IEnumerable<BenchmarkResult> benchmarks) =>
        benchmarks.Select(b => b.SettledJit).Distinct().ToList() switch
        {
            [true] => "; each process settled the JIT on its case before BenchmarkDotNet's stages, as each trial process settles its arms",
            [false] => "; no process settled the JIT on its case first, where each trial process settles its arms",
            var settled when settled.Contains(true) => "; some processes settled the JIT on their case first, as each trial process settles its arms",
            _ => "",
        };

    /// <summary>Whether BenchmarkDotNet forced full collections between iterations, beside whether the trials collected after each slice; empty where the results do not say.</summary>
    private static string CollectionsText(IEnumerable<BenchmarkResult> benchmarks, bool trialsCollect)
    {
        var forced = benchmarks.Select(b => b.ForcedCollections).Distinct().ToList();
        return (forced, trialsCollect) switch
        {
            ([false], false) => "; no forced collection between iterations, as in the trials",
            ([false], true) => "; no forced collection between iterations, where the trials collect after each slice",
            ([true], false) => "; a forced full collection before each iteration, which the trials do not make",
            ([true], true) => "; a forced full collection before each iteration, as the trials make one after each slice",
            (_, false) when forced.Contains(true) => "; a forced full collection before each iteration in some cases, which the trials do not make",
            (_, true) when forced.Contains(true) => "; a forced full collection before each iteration in some cases, as the trials make one after each slice",
            _ => "",
        };
    }

    /// <summary>What a latency flag within the processes' sampling says.</summary>
    private const string LatencyWithinSamplingCause = "**within sampling**: the two times differ by less than twice their combined standard error: "
        + "BenchmarkDotNet's figure is the mean of a process per batch size, and one client process's time per call moves from the next by the spread above, the same method each time. "
        + "A process's level moves with how its one CPU is shared, when an answer arrives, between the socket engine's thread and the thread pool's spinning workers; "
        + "the gap narrows with the number of processes each side rests on (docs/method.md).";

    /// <summary>What a flag within BenchmarkDotNet's batches says, and what it does not.</summary>
    private const string WithinBatchesCause = "**within its batches**: BenchmarkDotNet timed the same call in a process per batch size, minutes apart, and the trials' time lies "
        + "between those two per-call times: the two methods differ by no more than BenchmarkDotNet differs from itself in this run; no cause beyond that is shown.";

    /// <summary>Leaves a note for each table that flags a disagreement, so the notes never read as if the methods agreed.</summary>
    private static void NoteFlags(SummaryContext summary, string table, IReadOnlyList<string> flagged, int checkedCount, string cause)
    {
        if (flagged.Count > 0)
        {
            summary.Notes.Add($"\"{table}\" flags {flagged.Count} of {checkedCount} arms beyond its tolerance ({string.Join("; ", flagged)}): {cause}.");
        }
    }

    private static void AddLoad(SummaryContext summary, TrialsRun trials)
    {
        if (trials.Load is not { Count: > 0 } checks)
        {
            return;
        }

        var pairs = checks.Select(c => (Check: c, Trials: trials.Headline.FirstOrDefault(h => h.Quantity == HeadlineRatio.Throughput && h.Operation == c.Operation && h.Arm == c.Arm))).ToList();
        var sampling = LoadSampling.Of(trials, checks);
        var pooled = PooledLoadPairs(trials);
        LoadVerdict VerdictOf(LoadCheck check, HeadlineRatio ratio) => sampling.VerdictOf(check, ratio) with
        {
            PooledRuns = pooled.FirstOrDefault(p => (p.Load.Operation, p.Load.Arm) == (check.Operation, check.Arm)) is { Load: { } load, Trials: { } over } ? (load.Runs, PooledLoadAgrees(load, over)) : null,
        };
        summary.Document.AddHeading(3, "Throughput, two methods")
            .AddParagraph($"{LoadEngine} at each arm's concurrency in the trials, "
                + $"{Windows(checks)}: its calls/s ratio to REST + JSON beside the trials' median. A difference over {LoadCheck.Tolerance:0%} is flagged. "
                + $"In this run an arm's calls/s varied {Units.Percent(Spread(trials, s => s.CallsPerSecond))} between trials (the median over the arms of their coefficient of variation)"
                + (sampling.Said is { } said ? $"; {said}" : "")
                + ": a flag here asks for a rerun first.")
            .AddTable(["operation", "arm", "in flight", "load mode calls/s", "load mode ratio", "load mode's rounds", "trials' ratio", "agree"],
                pairs.Select(p => (IReadOnlyList<string>)
                [
                    p.Check.Operation, trials.NameOf(p.Check.Arm), p.Check.Concurrency.ToString(CultureInfo.InvariantCulture), p.Check.CallsPerSecond.ToString("#,0", CultureInfo.InvariantCulture),
                    p.Check.Ratio is { } r ? Units.Ratio(r) : Unrated(p.Check.Arm), p.Check.RoundRatios is { Count: > 1 } rounds ? $"{Units.Ratio(rounds.Min())} – {Units.Ratio(rounds.Max())}" : "",
                    p.Trials is null ? "" : Ratio(p.Trials), p.Check.Ratio is null || p.Trials is null ? "" : LoadLabel(VerdictOf(p.Check, p.Trials)),
                ]),
                2, 3, 4, 5, 6);
        var flagged = pairs.Where(p => p.Trials is not null && LoadDisagrees(p.Check, p.Trials)).Select(p => (p.Check, Verdict: VerdictOf(p.Check, p.Trials!))).ToList();
        if (flagged.Any(f => f.Verdict.WithinSampling))
        {
            summary.Document.AddParagraph(WithinSamplingCause);
        }

        if (flagged.Any(f => f.Verdict.RunMinutes))
        {
            summary.Document.AddParagraph(RunMinutesCause);
        }

        NoteFlags(summary, "Throughput, two methods", [.. flagged.Select(f => $"{f.Check.Operation} {trials.NameOf(f.Check.Arm)}")], pairs.Count(p => p.Check.Ratio is not null && p.Trials is not null),
            flagged.All(f => f.Verdict.WithinSampling)
                ? "each within what the two methods' own sampling allows, as the paragraph under that table explains; more runs pooled in this folder narrow that allowance"
                : flagged.All(f => f.Verdict.WithinSampling || f.Verdict.RunMinutes)
                ? "each labelled beside that table (within sampling, or the run's minutes: pooled over this folder's runs the two agree), as the paragraphs under it explain"
                : (flagged.All(f => f.Verdict.Allowance is not null) ? "beyond what the two methods' own sampling allows " : "beyond the sampling allowance where one is known (it needs two windows per arm or more), ")
                    + "no cause is known (docs/method.md lists what was tried); rerun before reading either figure");
    }

    /// <summary>
    /// Load mode's ratio over every pooled run beside the trials' over the same runs: one run's check shares that run's
    /// minutes in all its rounds, as one run's trials share theirs, so the pool sets both methods over the same runs.
    /// </summary>
    private static void AddPooledLoad(SummaryContext summary, TrialsRun trials)
    {
        var pairs = PooledLoadPairs(trials);
        if (pairs.Count == 0)
        {
            return;
        }

        summary.Document.AddHeading(3, $"Throughput, two methods, pooled over {pairs.Max(p => p.Load.Runs)} runs")
            .AddParagraph("Each run's load-mode check runs in a minute or two after its trials, so all its rounds share those minutes, which its own rounds cannot show. "
                + "Pooled, load mode's ratio is the median of every pooled run's rounds, each run at its own trials' concurrency, and the trials' the pooled median above, "
                + $"with the range one run's median falls in. A difference over {LoadCheck.Tolerance:0%} is flagged.")
            .AddTable(["operation", "arm", "load mode, this run", "load mode, pooled", "runs", "rounds", "trials, pooled", "agree"],
                pairs.Select(p => (IReadOnlyList<string>)
                [
                    p.Load.Operation, trials.NameOf(p.Load.Arm), trials.Load!.First(c => (c.Operation, c.Arm) == (p.Load.Operation, p.Load.Arm)).Ratio is { } own ? Units.Ratio(own) : "",
                    Units.Ratio(p.Load.Ratio), p.Load.Runs.ToString(CultureInfo.InvariantCulture), p.Load.Rounds.ToString(CultureInfo.InvariantCulture), Range(p.Trials),
                    PooledLoadAgrees(p.Load, p.Trials) ? "yes" : "**no**",
                ]),
                2, 3, 4, 5, 6);
        NoteFlags(summary, "Throughput, two methods, pooled", [.. pairs.Where(p => !PooledLoadAgrees(p.Load, p.Trials)).Select(p => $"{p.Load.Operation} {trials.NameOf(p.Load.Arm)}")], pairs.Count,
            "over the same runs the two methods still differ; no cause is known");
    }

    /// <summary>Each arm's load-mode ratio over the pooled runs (two or more that checked it) beside the trials' pooled throughput ratio; empty where this run is not pooled.</summary>
    private static List<(PooledLoadRatio Load, PooledRatio Trials)> PooledLoadPairs(TrialsRun trials)
    {
        var pooledTrials = RunPool.Headline(trials.Pool);
        return [.. RunPool.Load(trials).Where(load => load.Runs >= 2)
            .Select(load => (Load: load, Trials: pooledTrials.FirstOrDefault(p => (p.Quantity, p.Operation, p.Arm) == (HeadlineRatio.Throughput, load.Operation, load.Arm))))
            .Where(p => p.Trials is not null).Select(p => (p.Load, p.Trials!))];
    }

    /// <summary>True where load mode's pooled ratio lies within <see cref="LoadCheck.Tolerance"/> of the trials' pooled median.</summary>
    private static bool PooledLoadAgrees(PooledLoadRatio load, PooledRatio trials) => Math.Abs((load.Ratio / trials.Median) - 1) <= LoadCheck.Tolerance;

    /// <summary>How load mode's ratio for an arm compares with the trials': within the tolerance, or apart by no more than <paramref name="Allowance"/> (null: none known), or apart.</summary>
    private sealed record LoadVerdict(bool Agrees, double? Allowance, bool InsideAllowance)
    {
        /// <summary>Apart beyond the tolerance, but by no more than the two methods' sampling allows.</summary>
        public bool WithinSampling => !Agrees && InsideAllowance;

        /// <summary>How many pooled runs checked the arm and whether the two methods agree over them; null where this run is not pooled.</summary>
        public (int Runs, bool Agrees)? PooledRuns { get; init; }

        /// <summary>Apart in this run beyond its sampling, but in agreement over the pooled runs: this run's minutes, which all its rounds share.</summary>
        public bool RunMinutes => !Agrees && !InsideAllowance && PooledRuns is { Agrees: true, Runs: >= MinutesLabelRuns };
    }

    /// <summary>
    /// Each method's spread in this run, pooled over the arms (<see cref="SamplingAllowance"/>): load mode's from one
    /// round's ratio to the next, the trials' from one trial's ratio to the next; null where a method has too few.
    /// </summary>
    private sealed record LoadSampling(double? RoundSpread, double? TrialSpread)
    {
        public static LoadSampling Of(TrialsRun trials, IReadOnlyList<LoadCheck> checks) => new(
            SamplingAllowance.PooledLogSpread(checks.Select(c => c.RoundRatios).OfType<IReadOnlyList<double>>()),
            SamplingAllowance.PooledLogSpread(checks.Where(c => c.Ratio is not null).Select(c =>
                TrialStatistics.PerTrial(trials.Trials, c.Operation, c.Arm, TrialStatistics.Baseline, HeadlineRatio.Throughput))));

        /// <summary>How far an arm's two ratios may lie apart by sampling alone, as a share; null where either spread is unknown.</summary>
        public double? AllowanceFor(LoadCheck check, HeadlineRatio ratio) => (RoundSpread, TrialSpread, check.RoundRatios) is ({ } rounds, { } perTrial, { Count: > 1 } own)
            ? SamplingAllowance.Allowance(SamplingAllowance.MedianError(rounds, own.Count), SamplingAllowance.MedianError(perTrial, ratio.Trials)) : null;

        public LoadVerdict VerdictOf(LoadCheck check, HeadlineRatio ratio) => AllowanceFor(check, ratio) is { } allowance
            ? new(!LoadDisagrees(check, ratio), allowance, check.Ratio is { } load && SamplingAllowance.Within(load, ratio.Median, allowance))
            : new(!LoadDisagrees(check, ratio), null, false);

        /// <summary>The two spreads, for the paragraph above the table; null where either is unknown.</summary>
        public string? Said => (RoundSpread, TrialSpread) is ({ } rounds, { } perTrial)
            ? $"one round of load mode's ratio varied {Units.Percent(Math.Exp(rounds) - 1)} and one trial's {Units.Percent(Math.Exp(perTrial) - 1)} "
                + "(the standard deviation of their logarithms, pooled over the arms), so the two medians may differ by sampling alone by the share in brackets beside a flag"
            : null;
    }

    /// <summary>The load table's "agree" cell for <paramref name="verdict"/>.</summary>
    private static string LoadLabel(LoadVerdict verdict) => verdict switch
    {
        { Agrees: true } => "yes",
        { WithinSampling: true } => $"**no**: within sampling (±{Units.Percent(verdict.Allowance!.Value)})",
        { RunMinutes: true } => $"**no**: the run's minutes (pooled over {verdict.PooledRuns!.Value.Runs} runs, it agrees)",
        _ => verdict.Allowance is { } allowance ? $"**no** (sampling allows ±{Units.Percent(allowance)})" : "**no**",
    };

    /// <summary>True where load mode's ratio lies over <see cref="LoadCheck.Tolerance"/> from the trials' median.</summary>
    private static bool LoadDisagrees(LoadCheck check, HeadlineRatio trials) => check.Ratio is { } load && Math.Abs((load / trials.Median) - 1) > LoadCheck.Tolerance;

    /// <summary>What a flag explained by the run's minutes says.</summary>
    private const string RunMinutesCause = "**the run's minutes**: beyond what this run's rounds and trials allow, but pooled over the runs in this folder (three or more) the two agree. "
        + "A run's load-mode check runs in the minute or two after its trials, so every round of it shares those minutes and its own rounds cannot show what they add; "
        + "pooling runs switches one run's minutes for several (docs/method.md).";

    /// <summary>What a flag within the two methods' sampling says.</summary>
    private const string WithinSamplingCause = "**within sampling**: the two ratios differ by less than twice their combined standard error (each method's spread above, "
        + "over this arm's rounds and trials): with so few windows the check cannot tell a difference this size from its own sampling; the gap narrows as the windows grow (docs/method.md).";

    /// <summary>What timed the load check's windows, on which clients.</summary>
    private const string LoadEngine = "Load mode's closed loop (its own shared client per arm, made for each window, every answer checked)";

    /// <summary>Where and how load mode's figures were made: in one process or several, one window per arm, or the median of rounds with the arms in turns.</summary>
    private static string Windows(IReadOnlyList<LoadCheck> checks)
    {
        var processes = checks.Max(c => c.Processes ?? 1);
        var rounds = checks.Max(c => c.Windows ?? 1);
        var where = processes > 1 ? $"in {processes} fresh client processes one after another, each placed and warmed as a trial's" : "in a fresh client process placed and warmed as a trial's";
        return rounds <= 1 ? $"{where}, one arm after another, one window each"
            : $"{where}, an operation's arms in turns for {rounds} rounds of one window each{(processes > 1 ? $" ({rounds / processes} in each process)" : "")}, each round starting with the next arm, "
                + $"the ratio the median of the rounds' ratios to REST + JSON's window of the same round, calls/s the median of {(processes > 1 ? "the processes' medians of their windows" : "the windows")}";
    }

    /// <summary>How much an arm's <paramref name="figure"/> varies between trials: the median over the arms of their coefficient of variation.</summary>
    private static double Spread(TrialsRun trials, Func<TrialSegment, double?> figure) => MedianInterval.MedianOf(TrialStatistics.Arms(trials.Trials).Select(a =>
    {
        var values = TrialStatistics.Values(trials.Trials, a.Operation, a.Arm, figure);
        var mean = values.Average();
        return Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / values.Count) / mean;
    }));

    private static void AddH2load(SummaryContext summary, TrialsRun trials)
    {
        var document = summary.Document;
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
                + $"so its CPU per request must match the trials' (a difference over {H2loadCheck.Tolerance:0%} is flagged: it would be a fault of a method; "
                + $"where h2load fell over {H2loadCheck.PaceTolerance:0%} short of that pace from the client's CPUs, the server ran at another pace and nothing is compared), and unthrottled, where h2load "
                + "saturates the server itself: what one server CPU can serve when the client costs next to nothing, and what its CPU per request becomes at full load.")
            .AddTable(["operation", "arm", "in flight", "pace", "h2load requests/s", "server CPU per call, h2load", "server CPU per call, trials", "difference", "agree"],
                checks.Select(c => (IReadOnlyList<string>)
                [
                    c.Operation, trials.NameOf(c.Arm), c.Concurrency.ToString(CultureInfo.InvariantCulture), c.AtTrialsRate ? "the trials' calls/s" : "unthrottled",
                    c.RequestsPerSecond.ToString("#,0", CultureInfo.InvariantCulture),
                    c.ServerCpuNanosecondsPerCall is { } own ? Units.Time(own) : (c.Problem is { } problem ? FaultText.Of(problem) : ""), c.TrialsServerCpuNanosecondsPerCall is { } t ? Units.Time(t) : "",
                    c.Difference is { } d ? d.ToString("+0%;-0%", CultureInfo.InvariantCulture) : "",
                    !c.AtTrialsRate ? "" : c.ShortOfPace ? "short of the pace" : c.Difference is { } e ? (Math.Abs(e) <= H2loadCheck.Tolerance ? "yes" : e < 0 ? $"**no**: h2load lower{(LowerCause(c) is { } cause ? $" ({cause})" : "")}" : "**no**") : "",
                ]),
                2, 4, 5, 6, 7);
        var flagged = checks.Where(c => c.Compared && Math.Abs(c.Difference!.Value) > H2loadCheck.Tolerance).ToList();
        if (flagged.Any(c => c.Difference < 0))
        {
            document.AddParagraph(H2loadLowerCause);
        }

        NoteFlags(summary, "Server CPU per call, checked with h2load", [.. flagged.Select(c => $"{c.Operation} {trials.NameOf(c.Arm)}, {c.Difference:+0%;-0%}")],
            checks.Count(c => c.Compared), flagged.All(c => c.Difference < 0 && LowerCause(c) is not null) ? "h2load lower, by the cause its flag names, as the paragraph beside that table says"
                : "where a flag names no cause, none is known");
        if (checks.Where(c => c.ShortOfPace).Select(c => $"{c.Operation} {trials.NameOf(c.Arm)}, {c.RequestsPerSecond / c.TargetRequestsPerSecond!.Value:0%}").ToList() is { Count: > 0 } shortOfPace)
        {
            summary.Notes.Add($"h2load could not hold the trials' calls/s ({string.Join("; ", shortOfPace)} of it): that server CPU per call is not compared.");
        }
    }

    /// <summary>
    /// The known cause of h2load's lower figure on <paramref name="check"/>'s arm (docs/method.md), or null where none is: the client's socket completions for REST's small calls over
    /// HTTP/1.1, the servers' spin-wait for gRPC's small call and REST + JSON's large GET.
    /// </summary>
    private static string? LowerCause(H2loadCheck check) => (check.Operation, ArmCatalogue.Clients.GetValueOrDefault(check.Arm)) switch
    {
        (OperationNames.Small, { Protocol: Arm.Rest, Transport: "HTTP/1.1" }) => "client's completions",
        (OperationNames.Small, { Protocol: Arm.Grpc }) or (OperationNames.Large, { Protocol: Arm.Rest, Transport: "HTTP/1.1", IsProtobuf: false }) => "spin",
        _ => null,
    };

    /// <summary>Why h2load's server CPU per call is lower, by the causes <see cref="LowerCause"/> names.</summary>
    private const string H2loadLowerCause = "**h2load lower**: at the same calls/s h2load's requests cost the server less than the .NET client's, for two known causes (docs/method.md). "
        + "**spin**: the server's thread pool spins a while before it sleeps when it runs out of requests, for as long as how the requests arrive decides, and that CPU counts per call; "
        + "with the spinning off in every process (`DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=0`) the two agree within 15 %. "
        + "**client's completions**: the .NET client hands each socket completion from its socket thread to its thread pool; run inline on the socket thread in the client "
        + "processes alone (`DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1`), REST's small calls over HTTP/1.1 come closer to h2load's figure, while gRPC's small call does not: "
        + "how the client's threads wait for their answers moves what each call costs the server. "
        + "The trials' figure is the server's CPU per call for the .NET client as it ships; h2load's, for a client that wakes it less.";

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
