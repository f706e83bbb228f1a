using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.CrossChecks;

/// <summary>
/// The throughput ratios measured a second way: load mode's closed loop drives each arm at its trials' concurrency, the
/// arms in turns, in fresh client processes placed as a trial's; its calls/s ratio to REST + JSON is set beside the
/// trials'.
/// </summary>
public static class LoadCrossCheck
{
    /// <summary>
    /// Runs every arm of <paramref name="trials"/> in the plan's processes; throws <see cref="TrialFailedException"/>
    /// when one fails.
    /// </summary>
    public static async Task<IReadOnlyList<LoadCheck>> RunAsync(
        TrialPlan plan,
        TrialsRun trials,
        ServerSet servers,
        BenchSettings settings,
        TextWriter output
    )
    {
        var arms = TrialStatistics.Arms(trials.Trials).Select(a => $"{a.Operation}/{a.Arm}").ToList();
        var levels = trials.Concurrency.ToDictionary(c => $"{c.Operation}/{c.Arm}", c => c.Concurrency);
        var processes = new List<IReadOnlyList<LoadCheck>>();
        for (var process = 0; process < plan.LoadCheckProcesses; process++)
        {
            processes.Add(
                await TrialRunner.RunLoadCheckAsync(
                    plan,
                    arms,
                    levels,
                    process * plan.LoadCheckRounds,
                    servers,
                    settings
                )
            );
        }

        return Said(Across(processes), output);
    }

    /// <summary>Each check on <paramref name="output"/>, one line an arm; the checks as they were.</summary>
    private static IReadOnlyList<LoadCheck> Said(IReadOnlyList<LoadCheck> checks, TextWriter output)
    {
        foreach (var check in checks)
        {
            output.WriteLine(
                $"// load mode: {check.Operation} {check.Arm} at {check.Concurrency} in flight: "
                    + $"{check.CallsPerSecond:0} "
                    + $"calls/s{(check.Ratio is { } ratio ? $", {ratio:0.00}× REST + JSON" : "")}"
            );
        }

        return checks;
    }

    /// <summary>
    /// One check per arm over the processes: calls/s their median, the rounds' ratios all of theirs in order, the ratio
    /// their median.
    /// </summary>
    public static IReadOnlyList<LoadCheck> Across(IReadOnlyList<IReadOnlyList<LoadCheck>> processes) =>
        processes is [var only]
            ? only
            :
            [
                .. processes
                    .SelectMany(checks => checks)
                    .GroupBy(check => (check.Operation, check.Arm))
                    .Select(same =>
                    {
                        IReadOnlyList<double>? rounds = same.All(c => c.RoundRatios is not null)
                            ? [.. same.SelectMany(c => c.RoundRatios!)]
                            : null;
                        return same.First() with
                        {
                            CallsPerSecond = MedianInterval.MedianOf([.. same.Select(c => c.CallsPerSecond)]),
                            Ratio = rounds is null ? null : MedianInterval.MedianOf(rounds),
                            RoundRatios = rounds,
                            Windows = same.Sum(c => c.Windows ?? 1),
                            Processes = same.Count(),
                        };
                    }),
            ];
}
