using System.Diagnostics;
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
/// The trials' method in BenchmarkDotNet's minutes: as the last case that the summary compares with a trial arm of an
/// operation ends, one trial process times the latency of that operation's arms of <paramref name="arms"/>, taking turns as
/// in a trial (<see cref="TrialRunner.RunAdjacentAsync"/>), and each compared case of the operation keeps its arm's reading:
/// seconds after the last case's process, within about a minute of the first's. Beside the headline's trials, measured
/// minutes earlier, it tells a gap between the methods from a gap between the minutes: the method stays, the minute changes.
/// It calls <paramref name="servers"/>, which had just served the cases.
/// </summary>
public sealed class AdjacentTrials(TrialPlan plan, IReadOnlyList<TrialArm> arms, ServerSet servers, BenchSettings settings, TextWriter output) : EventProcessor
{
    private readonly Dictionary<BenchmarkCase, TrialArm> _compared = [];
    private readonly Dictionary<BenchmarkCase, long> _ended = [];
    private readonly List<BenchmarkCase> _succeeded = [];
    private readonly Dictionary<string, AdjacentReading> _readings = [];

    /// <summary>The adjacent trial's reading of the case's arm, by the case's <see cref="BenchmarkResult.Key"/>.</summary>
    public IReadOnlyDictionary<string, AdjacentReading> Readings => _readings;

    /// <summary>Chooses, among every case the run will build, the one the summary compares with each trial arm.</summary>
    public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions) =>
        Compare(partitions.SelectMany(partition => partition.Benchmarks).Select(info => info.BenchmarkCase));

    /// <summary>Chooses, among <paramref name="cases"/>, the one the summary compares with each trial arm.</summary>
    public void Compare(IEnumerable<BenchmarkCase> cases)
    {
        var all = cases.ToList();
        foreach (var arm in arms)
        {
            if (ComparedCase(all, arm) is { } compared)
            {
                _compared[compared] = arm;
            }
        }
    }

    /// <summary>Times the arms of the ended case's operation once its compared cases have all ended (<see cref="Ended"/>), before BenchmarkDotNet starts the next case's process.</summary>
    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        var timed = Ended(benchmarkCase, report.Success);
        var started = Stopwatch.GetTimestamp();
        if (timed.Count > 0 && TimeAsync(_compared[timed[0]]).GetAwaiter().GetResult() is { } trial)
        {
            foreach (var compared in timed)
            {
                Keep(compared, _compared[compared], trial, Stopwatch.GetElapsedTime(_ended[compared], started).TotalSeconds);
            }
        }
    }

    /// <summary>
    /// The compared cases of <paramref name="benchmarkCase"/>'s operation that succeeded, to time now, where it is the last
    /// of them to end; none otherwise, or where it is no compared case.
    /// </summary>
    public IReadOnlyList<BenchmarkCase> Ended(BenchmarkCase benchmarkCase, bool succeeded)
    {
        if (!_compared.TryGetValue(benchmarkCase, out var arm) || !_ended.TryAdd(benchmarkCase, Stopwatch.GetTimestamp()))
        {
            return [];
        }

        if (succeeded)
        {
            _succeeded.Add(benchmarkCase);
        }

        var operation = _compared.Where(c => c.Value.Operation == arm.Operation).Select(c => c.Key).ToList();
        return operation.All(_ended.ContainsKey) ? [.. _succeeded.Where(operation.Contains)] : [];
    }

    /// <summary>Keeps <paramref name="trial"/>'s reading of <paramref name="arm"/>, started <paramref name="secondsAfter"/> after <paramref name="compared"/> ended, as the one beside that case, and says it.</summary>
    private void Keep(BenchmarkCase compared, TrialArm arm, Trial trial, double secondsAfter)
    {
        var segment = trial.Segments.FirstOrDefault(s => s.Operation == TrialArm.NameOf(arm.Operation) && s.Arm == arm.Target);
        if (segment is null)
        {
            output.WriteLine($"// the trial beside BenchmarkDotNet's {arm.Name} failed: it timed no {arm.Name}");
            return;
        }

        _readings[BenchmarkResults.KeyOf(compared)] = new AdjacentReading(segment, trial.Order, secondsAfter);
        output.WriteLine($"// trial beside {BenchmarkResults.KeyOf(compared)}, {secondsAfter:0} s after its process: {Units.Time(segment.LatencyNanosecondsPerCall)} per call"
            + (segment.ClientSocketThreadCpuNanosecondsPerCall is { } socket ? $", socket thread {Units.Time(socket)} CPU per call" : ""));
    }

    /// <summary>The trial beside <paramref name="arm"/>'s case, against the run's servers; null where it failed.</summary>
    public Task<Trial?> TimeAsync(TrialArm arm) => TrialRunner.RunAdjacentAsync(plan, arm, arms, servers, settings, output);

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
