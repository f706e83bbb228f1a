using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The latency check over the pooled runs: both methods' time per call over every run of the folder's pool.</summary>
internal static partial class HeadlineSection
{
    /// <summary>True where BenchmarkDotNet's pooled time per call lies within <see cref="MethodTolerance"/> of the trials' pooled median.</summary>
    private static bool PooledLatencyAgrees(PooledLatency pooled) => Math.Abs((pooled.BenchmarkNanosecondsPerCall / pooled.TrialsNanosecondsPerCall) - 1) <= MethodTolerance;

    /// <summary>
    /// BenchmarkDotNet's time per call over every pooled run beside the trials' over the same runs: its figure is the
    /// mean of a process per batch size in minutes of a run, so the pool sets one such figure from each run against all their trials.
    /// </summary>
    private static void AddPooledLatency(SummaryContext summary, TrialsRun trials, IReadOnlyList<LatencyPair> pairs)
    {
        var pooled = pairs.Where(p => p.Pooled is not null).ToList();
        if (pooled.Count == 0)
        {
            return;
        }

        var sampling = LatencySampling.Of(trials);
        var processes = pooled.Min(p => p.Timed.Processes);
        double? Allowance(PooledLatency p) => sampling.Spreads.TryGetValue(p.Operation, out var spread)
            ? SamplingAllowance.Allowance(SamplingAllowance.MedianError(SamplingAllowance.MeanError(spread, processes), p.Runs), SamplingAllowance.MedianError(spread, p.Trials)) : null;
        bool Sampled(PooledLatency p) => Allowance(p) is { } share && SamplingAllowance.Within(p.BenchmarkNanosecondsPerCall, p.TrialsNanosecondsPerCall, share);
        string Verdict(PooledLatency p) => PooledLatencyAgrees(p) ? "yes"
            : Allowance(p) is not { } share ? "**no**"
            : Sampled(p) ? $"**no**: within sampling (±{Units.Percent(share)})" : $"**no** (sampling allows ±{Units.Percent(share)})";
        summary.Document.AddHeading(3, $"Latency, two methods, pooled over {pooled.Max(p => p.Pooled!.Runs)} runs")
            .AddParagraph("BenchmarkDotNet's figure for an arm is the mean of a process per batch size, in minutes of its run: it does not show what those minutes add. "
                + "Pooled, BenchmarkDotNet's time per call is the median of every pooled run's figure for the arm and the trials' the median of every pooled trial's, over the same runs. "
                + $"A difference over {MethodTolerance:0%} is flagged, with what one process's spread in this run allows for that many processes in brackets.")
            .AddTable(["operation", "arm", "BenchmarkDotNet / trials, this run", "trials, pooled", "BenchmarkDotNet, pooled", "BenchmarkDotNet / trials, pooled", "runs", "trials", "agree"],
                pooled.Select(p => (IReadOnlyList<string>)
                [
                    p.Operation, trials.NameOf(p.Arm), Units.Ratio(p.Timed.NanosecondsPerCall / p.Trials), Units.Time(p.Pooled!.TrialsNanosecondsPerCall), Units.Time(p.Pooled.BenchmarkNanosecondsPerCall),
                    Units.Ratio(p.Pooled.BenchmarkNanosecondsPerCall / p.Pooled.TrialsNanosecondsPerCall), p.Pooled.Runs.ToString(CultureInfo.InvariantCulture), p.Pooled.Trials.ToString(CultureInfo.InvariantCulture), Verdict(p.Pooled),
                ]),
                2, 3, 4, 5, 6, 7);
        var flagged = pooled.Select(p => p.Pooled!).Where(p => !PooledLatencyAgrees(p)).ToList();
        string Name(PooledLatency p) => $"{p.Operation} {trials.NameOf(p.Arm)}";
        string Names(IEnumerable<PooledLatency> arms) => string.Join("; ", arms.Select(Name));
        var beyond = flagged.Where(p => !Sampled(p)).ToList();
        var within = flagged.Where(Sampled).ToList();
        const string Narrow = "more runs in this folder narrow that allowance";
        NoteFlags(summary, "Latency, two methods, pooled", [.. flagged.Select(Name)], pooled.Count,
            beyond.Count == 0 ? $"each within what that many processes' sampling allows; {Narrow}"
            : within.Count == 0 ? "over the same runs the two methods still differ, beyond what that many processes' sampling allows where it is known; no cause is known"
            : $"within what that many processes' sampling allows, {Names(within)} ({Narrow}); beyond it, {Names(beyond)}: over the same runs the two methods still differ, and no cause is known");
    }

    /// <summary>What a latency flag explained by the run's minutes says.</summary>
    private const string LatencyRunMinutesCause = "**the run's minutes**: beyond what the processes' sampling allows, but pooled over the runs in this folder (three or more) the two agree. "
        + "BenchmarkDotNet times each arm in a process per batch size, in minutes of the run: pooling runs switches those minutes for several (docs/method.md).";
}
