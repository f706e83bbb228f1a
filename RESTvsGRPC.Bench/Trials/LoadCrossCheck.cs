using ModelLibrary;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Reports;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The throughput ratios measured a second way: load mode's closed loop (its own clients, one shared client per
/// target, every answer checked) drives each arm at the trials' concurrency for one operation alone, one arm after
/// another in the bench's process, and its calls/s ratio to REST + JSON is set beside the trials' median.
/// </summary>
public static class LoadCrossCheck
{
    /// <summary>Runs every arm of <paramref name="trials"/> for <paramref name="seconds"/> after a one-second warm-up.</summary>
    public static async Task<IReadOnlyList<LoadCheck>> RunAsync(TrialsRun trials, ServerSet servers, MeteoriteDataset dataset, double seconds, TextWriter output)
    {
        var expected = LoadExpectation.For(dataset);
        var measured = new List<(string Operation, string Arm, int Concurrency, double RequestsPerSecond)>();
        foreach (var (operation, arms) in TrialStatistics.Arms(trials.Trials).GroupBy(a => a.Operation).Select(g => (g.Key, g.Select(a => a.Arm).ToList())))
        {
            var concurrency = trials.Concurrency.FirstOrDefault(c => c.Operation == operation)?.Concurrency ?? 1;
            var scenario = LoadScenario.Presets["light"] with
            {
                Name = $"cross-check of {operation}", Users = concurrency, RampUp = TimeSpan.Zero, Warmup = TimeSpan.FromSeconds(1),
                Duration = TimeSpan.FromSeconds(Math.Max(1, Math.Ceiling(seconds))), Mix = OperationMix.Parse($"{operation}:100"),
            };
            foreach (var target in LoadTarget.Resolve(arms, servers.Rest, servers.Grpc))
            {
                var result = await LoadRunner.RunAsync(target, scenario, expected, null, _ => { }, CancellationToken.None);
                if (result.Totals.Errors.Total > 0)
                {
                    throw new TrialFailedException($"load mode's cross-check of {operation} {target.Name} had {result.Totals.Errors.Total} failed calls.");
                }

                measured.Add((operation, target.Name, concurrency, result.Totals.RequestsPerSecond));
                output.WriteLine($"// load mode: {operation} {target.Name} at {concurrency} in flight: {result.Totals.RequestsPerSecond:0} calls/s");
            }
        }

        return [.. measured.Select(m => new LoadCheck(m.Operation, m.Arm, m.Concurrency, m.RequestsPerSecond,
            measured.FirstOrDefault(b => b.Operation == m.Operation && b.Arm == TrialArm.Baseline) is { RequestsPerSecond: > 0 } baseline ? m.RequestsPerSecond / baseline.RequestsPerSecond : null))];
    }
}
