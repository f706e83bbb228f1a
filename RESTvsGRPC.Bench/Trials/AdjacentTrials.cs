using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The trials' method in BenchmarkDotNet's minute: as each case that the summary compares with a trial arm ends, one
/// trial process times the latency of that arm's operation, its arms of <paramref name="arms"/> taking turns as in a trial
/// (<see cref="TrialRunner.RunAdjacentAsync"/>), seconds after the case's own process, and keeps that arm's. Beside the headline's trials, measured minutes earlier, it tells a gap between the methods from a gap
/// between the minutes: the method stays, the minute changes. It calls <paramref name="servers"/>, which had just served
/// the case, or, where <paramref name="startFreshServers"/> is given (<c>--beside-servers fresh</c>), a pair it starts
/// for itself with it (into an empty <see cref="ServerSet"/>) and stops after, as each trial has its own.
/// </summary>
public sealed class AdjacentTrials(TrialPlan plan, IReadOnlyList<TrialArm> arms, ServerSet servers, BenchSettings settings, TextWriter output, Func<ServerSet, Task>? startFreshServers = null) : EventProcessor
{
    private readonly Dictionary<BenchmarkCase, TrialArm> _compared = [];
    private readonly Dictionary<string, AdjacentReading> _readings = [];

    /// <summary>The adjacent trial's reading of the case's arm, by the case's <see cref="BenchmarkResult.Key"/>.</summary>
    public IReadOnlyDictionary<string, AdjacentReading> Readings => _readings;

    /// <summary>Chooses, among every case the run will build, the one the summary compares with each trial arm.</summary>
    public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions)
    {
        var cases = partitions.SelectMany(partition => partition.Benchmarks).Select(info => info.BenchmarkCase).ToList();
        foreach (var arm in arms)
        {
            if (ComparedCase(cases, arm) is { } compared)
            {
                _compared[compared] = arm;
            }
        }
    }

    /// <summary>Times the arm of a compared case that succeeded, before BenchmarkDotNet starts the next case's process.</summary>
    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        if (!report.Success || !_compared.TryGetValue(benchmarkCase, out var arm))
        {
            return;
        }

        if (TimeAsync(arm).GetAwaiter().GetResult() is { } trial)
        {
            var segment = trial.Segments.First(s => s.Operation == TrialArm.NameOf(arm.Operation) && s.Arm == arm.Target);
            _readings[BenchmarkResults.KeyOf(benchmarkCase)] = new AdjacentReading(segment, trial.Order, startFreshServers is not null);
            output.WriteLine($"// trial beside {BenchmarkResults.KeyOf(benchmarkCase)}: {Units.Time(segment.LatencyNanosecondsPerCall)} per call"
                + (segment.ClientSocketThreadCpuNanosecondsPerCall is { } socket ? $", socket thread {Units.Time(socket)} CPU per call" : ""));
        }
    }

    /// <summary>The trial beside <paramref name="arm"/>'s case, against the run's servers or a pair started for it; null where it failed.</summary>
    public async Task<Trial?> TimeAsync(TrialArm arm)
    {
        if (startFreshServers is null)
        {
            return await TrialRunner.RunAdjacentAsync(plan, arm, arms, servers, settings, output);
        }

        using var fresh = ServerSet.Empty();
        // Attached before it starts, a signal that stops the run stops this pair too, even while it starts.
        using var attached = servers.Attach(fresh);
        try
        {
            await startFreshServers(fresh);
        }
        catch (ServerStartException e)
        {
            output.WriteLine($"// the trial beside BenchmarkDotNet's {arm.Name} failed: its servers did not start: {e.Message}");
            return null;
        }

        return await TrialRunner.RunAdjacentAsync(plan, arm, arms, fresh, settings.At(fresh), output);
    }

    /// <summary>
    /// The case the summary's latency table sets beside <paramref name="arm"/>: the same operation and arm id in the
    /// transport suite (else the HTTP versions suite), its largest batch; null where none is in the run.
    /// </summary>
    public static BenchmarkCase? ComparedCase(IEnumerable<BenchmarkCase> cases, TrialArm arm) => cases
        .Where(c => BenchmarkArms.SuiteOf(c.Descriptor.Type) is Suites.Transport or Suites.HttpVersions
            && c.Descriptor.Categories.FirstOrDefault() == TrialArm.NameOf(arm.Operation)
            && BenchmarkArms.Of(c.Descriptor.WorkloadMethod).Id == arm.Target)
        .OrderBy(c => BenchmarkArms.SuiteOf(c.Descriptor.Type) != Suites.Transport)
        .ThenByDescending(BenchmarkResults.CallsOf)
        .FirstOrDefault();
}
