using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The lines the trial runner writes as it goes: each trial done or failed (with its stalls), and the progress after
/// it (the widest interval so far and the time left).
/// </summary>
public static class TrialProgress
{
    /// <summary>
    /// What became of trial <paramref name="index"/>: kept (the last of <paramref name="measured"/>), with a second
    /// line naming its stalls, or failed as <paramref name="failure"/> says.
    /// </summary>
    public static string TrialText(
        int index,
        TrialPlan plan,
        TrialRequest request,
        IReadOnlyList<Trial> measured,
        TrialFailure? failure
    )
    {
        if (failure is not null)
        {
            return $"// trial {index} of {plan.Trials} failed: {FaultText.Of(failure)}; the other trials go on";
        }

        var trial = measured[^1];
        var done =
            $"// trial {index} of {plan.Trials} done (process {trial.ProcessId}{ServersText(plan, request)}, "
            + $"order {string.Join(", ", trial.Order)})";
        return StallText(trial) is { } stalls ? $"{done}{Environment.NewLine}// trial {index}: {stalls}" : done;
    }

    /// <summary>
    /// The trial's stalled cells in one line ("2 stalls: large grpc, throughput at 32 in flight, 0.62 s longest"); null
    /// where none stalled.
    /// </summary>
    public static string? StallText(Trial trial)
    {
        var stalled = StallStatistics.Of([trial], [], [])?.Cells.Where(c => c.Stalls > 0).ToList() ?? [];
        return stalled.Count == 0
            ? null
            : $"{stalled.Sum(c => c.Stalls)} stall(s): "
                + string.Join(
                    "; ",
                    stalled.Select(c =>
                        $"{c.Operation} {c.Arm}, {c.Quantity}{(c.Level is { } l ? $" at {l}" : "")}, "
                        + $"{c.LongestMilliseconds / 1000:0.00} s longest"
                    )
                );
    }

    /// <summary>
    /// Progress after <paramref name="done"/> of <paramref name="total"/> trials: the widest interval so far and the
    /// time left at this pace, within <paramref name="stopping"/>'s cap (none once <paramref name="stopped"/>).
    /// </summary>
    public static string ProgressText(
        IReadOnlyList<HeadlineRatio> ratios,
        int done,
        int total,
        TimeSpan elapsed,
        TrialStopping? stopping = null,
        bool stopped = false
    )
    {
        var widest = ratios.Where(r => r.HasInterval).MaxBy(r => (r.High - r.Low) / 2 / r.Median);
        var width = widest is null
            ? $"no interval before {MedianInterval.MinimumSamples} trials"
            : $"widest interval ±{Units.Percent((widest.High - widest.Low) / 2 / widest.Median)} ({widest.Operation} "
                + $"{widest.Arm}, {widest.Quantity})";
        var pace = elapsed.TotalSeconds / done;
        var trialsLeft =
            stopped ? 0
            : stopping is null ? total - done
            : Math.Min(
                total - done,
                Math.Max(
                    stopping.MinTrials - done,
                    (int)Math.Ceiling((stopping.CapSeconds - elapsed.TotalSeconds) / pace)
                )
            );
        var left = TimeSpan.FromSeconds(pace * Math.Max(0, trialsLeft));
        var time = left.TotalMinutes >= 1 ? $"{(int)left.TotalMinutes} min {left.Seconds} s" : $"{left.Seconds} s";
        var most = stopping is null ? "" : " at most";
        return $"// progress: {done} of {(stopping is null ? "" : "at most ")}{total} trials, {width}, "
            + $"about {time} of trials left{most}";
    }

    private static string ServersText(TrialPlan plan, TrialRequest request) =>
        plan.ServersPerTrial && request is { RestProcessId: { } rest, GrpcProcessId: { } grpc }
            ? $", servers {rest} and {grpc} started for it"
            : "";
}
