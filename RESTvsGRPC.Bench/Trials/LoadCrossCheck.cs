using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The throughput ratios measured a second way: load mode's closed loop (its own clients, one shared client per
/// target, every answer checked) drives each arm at its trials' concurrency for one operation alone, one arm after
/// another, in a fresh client process placed and configured as a trial's; its calls/s ratio to REST + JSON is set
/// beside the trials' median.
/// </summary>
public static class LoadCrossCheck
{
    /// <summary>Runs every arm of <paramref name="trials"/>; throws <see cref="TrialFailedException"/> when the process fails.</summary>
    public static async Task<IReadOnlyList<LoadCheck>> RunAsync(TrialPlan plan, TrialsRun trials, ServerSet servers, BenchSettings settings, TextWriter output)
    {
        var arms = TrialStatistics.Arms(trials.Trials).Select(a => $"{a.Operation}/{a.Arm}").ToList();
        var answer = await TrialRunner.RunLoadCheckAsync(plan, arms, trials.Concurrency.ToDictionary(c => $"{c.Operation}/{c.Arm}", c => (IReadOnlyList<int>)[c.Concurrency]), servers, settings, output);
        foreach (var check in answer)
        {
            output.WriteLine($"// load mode: {check.Operation} {check.Arm} at {check.Concurrency} in flight: {check.CallsPerSecond:0} calls/s");
        }

        return answer;
    }
}
