using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The server builds per call: REST + JSON on the minimal APIs and gRPC unary, each from the JIT servers and from their
/// Native AOT builds, measured by the headline's trials (the four arms taking turns); each build's REST/gRPC ratios and
/// each protocol's AOT/JIT ratios side by side, with their intervals over trials.
/// </summary>
internal static class AotTrialsSection
{
    private const string Chart = "aot-trials.svg";

    /// <summary>Adds the section where <paramref name="summary"/>'s run measured both builds in the trials.</summary>
    public static void Add(SummaryContext summary)
    {
        if (summary.Run.AotTrials is not { } trials)
        {
            return;
        }

        var document = summary.Document;
        document.AddHeading(2, $"Server builds per call: JIT and Native AOT ({trials.Completed} trials in fresh processes)")
            .AddParagraph("The arms both builds serve, REST + JSON on the minimal APIs and gRPC unary over h2c, each from the JIT servers and from their Native AOT builds, "
                + "all four servers running side by side on the servers' CPUs. They are measured as the headline's arms are: latency one call in flight, throughput at saturation "
                + "with each side's CPU per call; in every trial the four arms of an operation take turns slice by slice, so each ratio below compares moments a fraction of a second apart. "
                + "A ratio is the first-named arm's advantage: the other's time per call over its own (latency), its calls/s over the other's (throughput); above 1 it is better. "
                + "Medians of one ratio per trial, with the exact 95 % interval over the trials in brackets (≈ where it holds 1).")
            .AddParagraph($"**Placement**: {SettingsText.Of(trials.Placement)}. **Link**: loopback. **Method**: {SettingsText.Of(trials.Plan)}.")
            .AddParagraph(HeadlineSection.Covers(trials))
            .AddTable(["operation", "arm", "latency per call", "calls/s", "client CPU per call", "server CPU per call", "both"], Figures(trials), 2, 3, 4, 5, 6);
        foreach (var failure in trials.Failures)
        {
            document.AddParagraph($"**Trial {failure.Index} failed**: {FaultText.Of(failure)}. The ratios are over the other {trials.Completed} trials.");
        }

        if (trials.Completed < MedianInterval.MinimumSamples)
        {
            document.AddParagraph($"With {trials.Completed} trials there is no 95 % interval (it needs {MedianInterval.MinimumSamples}): the ratios are medians only, not results to publish.");
        }

        var pairs = TrialStatistics.AotPairs;
        document.AddHeading(3, "gRPC against REST under each build, AOT against JIT for each protocol")
            .AddParagraph("gRPC over REST: gRPC unary against REST + JSON on the minimal APIs, both from the same build. AOT over JIT: a protocol's Native AOT server against its JIT server.")
            .AddTable(["operation", "quantity", .. pairs.Select(p => Label(trials, p))], Ratios(trials), 2, 3, 4, 5)
            .AddImage(Chart, "gRPC against REST under JIT and under AOT, and AOT against JIT, with 95 % intervals over trials");
        var groups = trials.Headline.GroupBy(h => (h.Operation, h.Quantity))
            .Select(g => new SvgChart.Group($"{g.Key.Operation}, {g.Key.Quantity}", [.. g.Select(h => new SvgChart.Bar(Label(trials, (h.Arm, h.Baseline)), h.Median, h.HasInterval ? (h.High - h.Low) / 2 : null))]))
            .ToList();
        summary.Charts.Add((Chart, SvgChart.GroupedBars($"JIT and Native AOT ({trials.Completed} trials; above 1: the first-named is better)", "ratio", groups, logScale: false, v => Units.Ratio(v))));
        AddPool(document, trials);
        ThroughputCurveSection.Add(summary, trials, "aot-curve.svg");
    }

    /// <summary>The four ratios over every pooled run of this folder, with how often one run's median fell inside another's interval.</summary>
    private static void AddPool(ReportDocument document, TrialsRun trials)
    {
        if (trials.Pool.Count < 2)
        {
            return;
        }

        var pairs = TrialStatistics.AotPairs;
        var pooled = RunPool.PairRatios(trials.Pool, pairs);
        document.AddHeading(3, $"Pooled over {trials.Pool.Count} runs")
            .AddParagraph($"This run and the {trials.Pool.Count - 1} before it in this folder (the same clean build, machine, job, data, plan and placement), {trials.Pool.Sum(r => r.Count)} trials in all. "
                + $"Each ratio is the median of every trial's, with the range one run's median falls in 95 % of the time ({RunPool.Resamples:#,0} draws of a run, then of that run's trials): the range a rerun here should land in.")
            .AddTable(["operation", "quantity", .. pairs.Select(p => Label(trials, p))],
                pooled.Select(p => (p.Operation, p.Quantity)).Distinct().Select(key => (IReadOnlyList<string>)
                [
                    key.Operation, key.Quantity,
                    .. pairs.Select(pair => pooled.FirstOrDefault(p => (p.Operation, p.Quantity, p.Arm, p.Baseline) == (key.Operation, key.Quantity, pair.Arm, pair.Baseline)) is { } ratio ? HeadlineSection.Range(ratio) : "not measured"),
                ]),
                2, 3, 4, 5)
            .AddParagraph(HeadlineSection.Coverage(trials.Pool, pairs));
    }

    /// <summary>"gRPC over REST, AOT" for two arms of one build, "AOT over JIT, gRPC" for one protocol's two builds.</summary>
    public static string Label(TrialsRun trials, (string Arm, string Baseline) pair)
    {
        var (arm, baseline) = (trials.Arms.Single(a => a.Id == pair.Arm), trials.Arms.Single(a => a.Id == pair.Baseline));
        return arm.Build == baseline.Build ? $"{arm.Protocol} over {baseline.Protocol}, {arm.Build ?? "JIT"}" : $"{arm.Build ?? "JIT"} over {baseline.Build ?? "JIT"}, {arm.Protocol}";
    }

    private static IEnumerable<IReadOnlyList<string>> Figures(TrialsRun trials)
    {
        foreach (var (operation, arm) in TrialStatistics.Arms(trials.Trials))
        {
            double Median(Func<TrialSegment, double?> figure) => MedianInterval.MedianOf(TrialStatistics.Values(trials.Trials, operation, arm, figure));
            var (client, server) = (Median(s => s.ClientCpuNanosecondsPerCall), TrialStatistics.Values(trials.Trials, operation, arm, s => s.ServerCpuNanosecondsPerCall).Count > 0 ? Median(s => s.ServerCpuNanosecondsPerCall) : (double?)null);
            yield return
            [
                operation, trials.NameOf(arm), Units.Time(Median(s => s.LatencyNanosecondsPerCall)),
                $"{Median(s => s.CallsPerSecond).ToString("#,0", CultureInfo.InvariantCulture)} ({trials.ConcurrencyOf(operation, arm)} in flight)",
                Units.Time(client), server is { } s ? Units.Time(s) : "not measured", server is { } both ? Units.Time(client + both) : "",
            ];
        }
    }

    private static IEnumerable<IReadOnlyList<string>> Ratios(TrialsRun trials)
    {
        foreach (var (operation, quantity) in trials.Headline.Select(h => (h.Operation, h.Quantity)).Distinct())
        {
            yield return
            [
                operation, quantity,
                .. TrialStatistics.AotPairs.Select(p => trials.Headline.FirstOrDefault(h => (h.Operation, h.Quantity, h.Arm, h.Baseline) == (operation, quantity, p.Arm, p.Baseline)) is { } ratio
                    ? HeadlineSection.Ratio(ratio)
                    : "not measured"),
            ];
        }
    }
}
