using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The latency check over the pooled runs: both methods' time per call over every run of the folder's pool.</summary>
internal static partial class HeadlineSection
{
    /// <summary>Each arm's two latencies over the pooled runs that timed it by both methods (two or more); empty where this run is not pooled.</summary>
    private static List<PooledLatency> PooledLatencies(RunResults run, TrialsRun trials) => [.. RunPool.Latency(run, trials).Where(l => l.Runs >= 2)];

    /// <summary>True where BenchmarkDotNet's pooled time per call lies within <see cref="MethodTolerance"/> of the trials' pooled median.</summary>
    private static bool PooledLatencyAgrees(PooledLatency pooled) => Math.Abs((pooled.BenchmarkNanosecondsPerCall / pooled.TrialsNanosecondsPerCall) - 1) <= MethodTolerance;

    /// <summary>
    /// BenchmarkDotNet's time per call over every pooled run beside the trials' over the same runs: its figure is one
    /// process's in one minute of a run, so the pool sets one such process from each run against all their trials.
    /// </summary>
    private static void AddPooledLatency(SummaryContext summary, TrialsRun trials)
    {
        var pooled = PooledLatencies(summary.Run, trials);
        if (pooled.Count == 0)
        {
            return;
        }

        var sampling = LatencySampling.Of(trials);
        double? Allowance(PooledLatency p) => sampling.Spreads.TryGetValue(p.Operation, out var spread)
            ? SamplingAllowance.Allowance(SamplingAllowance.MedianError(spread, p.Runs), SamplingAllowance.MedianError(spread, p.Trials)) : null;
        bool Sampled(PooledLatency p) => Allowance(p) is { } share && SamplingAllowance.Within(p.BenchmarkNanosecondsPerCall, p.TrialsNanosecondsPerCall, share);
        string Verdict(PooledLatency p) => PooledLatencyAgrees(p) ? "yes"
            : Allowance(p) is not { } share ? "**no**"
            : Sampled(p) ? $"**no**: within sampling (±{Units.Percent(share)})" : $"**no** (sampling allows ±{Units.Percent(share)})";
        summary.Document.AddHeading(3, $"Latency, two methods, pooled over {pooled.Max(p => p.Runs)} runs")
            .AddParagraph("BenchmarkDotNet's figure for an arm is one process's, in one minute of its run, and the trial beside it one more process in the next: neither shows what that minute adds. "
                + "Pooled, BenchmarkDotNet's time per call is the median of every pooled run's figure for the arm (one process each) and the trials' the median of every pooled trial's, over the same runs. "
                + $"A difference over {MethodTolerance:0%} is flagged, with what one process's spread in this run allows for that many processes in brackets.")
            .AddTable(["operation", "arm", "BenchmarkDotNet / trials, this run", "trials, pooled", "BenchmarkDotNet, pooled", "BenchmarkDotNet / trials, pooled", "runs", "trials", "agree"],
                pooled.Select(p => (IReadOnlyList<string>)
                [
                    p.Operation, trials.NameOf(p.Arm), OwnRatio(summary.Run, trials, p), Units.Time(p.TrialsNanosecondsPerCall), Units.Time(p.BenchmarkNanosecondsPerCall),
                    Units.Ratio(p.BenchmarkNanosecondsPerCall / p.TrialsNanosecondsPerCall), p.Runs.ToString(CultureInfo.InvariantCulture), p.Trials.ToString(CultureInfo.InvariantCulture), Verdict(p),
                ]),
                2, 3, 4, 5, 6, 7);
        var flagged = pooled.Where(p => !PooledLatencyAgrees(p)).ToList();
        NoteFlags(summary, "Latency, two methods, pooled", [.. flagged.Select(p => $"{p.Operation} {trials.NameOf(p.Arm)}")], pooled.Count,
            flagged.All(Sampled)
                ? "each within what that many processes' sampling allows; more runs in this folder narrow that allowance"
                : "over the same runs the two methods still differ, beyond what that many processes' sampling allows where it is known; no experiment has shown the cause");
    }

    /// <summary>BenchmarkDotNet's time over the trials' median in this run alone, for the arm of <paramref name="pooled"/>.</summary>
    private static string OwnRatio(RunResults run, TrialsRun trials, PooledLatency pooled) =>
        run.LatencyCase(pooled.Operation, pooled.Arm) is { } own
            ? Units.Ratio(own.NanosecondsPerCall / MedianInterval.MedianOf(TrialStatistics.Values(trials.Trials, pooled.Operation, pooled.Arm, s => s.LatencyNanosecondsPerCall)))
            : "";

    /// <summary>What a latency flag explained by the run's minutes says, and the experiment behind it.</summary>
    private const string LatencyRunMinutesCause = "**the run's minutes**: beyond what one process's sampling allows and the trial beside the case, but pooled over the runs in this folder (three or more) the two agree. "
        + "BenchmarkDotNet times each arm in one process, in one minute of the run, and the trial beside it in the next: pooling runs switches that minute for several. "
        + "Three default runs (2026-11-29, `c6007fe`, client CPU 0, servers CPU 1, loopback): the first read gRPC's large GET as a server stream at 991 against the trials' 864 μs (1.15×), "
        + "beyond its allowance (±13%), the trial beside it 879 μs; pooled over the three, 937 against 875 μs (1.07×) (docs/results.md, \"Why the methods differ\").";
}
