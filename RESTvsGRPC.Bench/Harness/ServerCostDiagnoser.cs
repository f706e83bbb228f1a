using BenchmarkDotNet.Analysers;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// The servers' CPU time per call over a case's actual iterations, and the peak working set of the one that did the
/// work; only servers this process started are measured.
/// </summary>
public sealed class ServerCostDiagnoser(IReadOnlyList<int> serverProcessIds) : IDiagnoser
{
    /// <summary>Metric id of the servers' CPU time per call, in nanoseconds.</summary>
    public const string CpuMetricId = "ServerCpuPerCall";

    /// <summary>Metric id of the servers' peak working set during the actual iterations, in bytes.</summary>
    public const string PeakWorkingSetMetricId = "ServerPeakWorkingSet";

    private readonly Dictionary<BenchmarkCase, TimeSpan[]> _cpuAtStart = [];
    private readonly Dictionary<BenchmarkCase, (TimeSpan Cpu, long PeakWorkingSet)> _measured = [];

    public IEnumerable<string> Ids => [nameof(ServerCostDiagnoser)];

    public IEnumerable<IExporter> Exporters => [];

    public IEnumerable<IAnalyser> Analysers => [];

    /// <summary>Only networked benchmarks (they batch calls): the codec floor has no server.</summary>
    public RunMode GetRunMode(BenchmarkCase benchmarkCase) =>
        serverProcessIds.Count > 0 && benchmarkCase.Parameters.Items.Any(p => p.Name == "Calls")
            ? RunMode.NoOverhead
            : RunMode.None;

    /// <summary>
    /// The benchmark process waits while the host reads the servers, so the readings bracket exactly the actual
    /// iterations.
    /// </summary>
    public bool RequiresBlockingAcknowledgments(BenchmarkCase benchmarkCase) => true;

    public void Handle(HostSignal signal, DiagnoserActionParameters parameters)
    {
        if (signal == HostSignal.BeforeActualRun)
        {
            ResetPeakWorkingSets();
            _cpuAtStart[parameters.BenchmarkCase] = ServerCpu();
        }
        else if (
            signal == HostSignal.AfterActualRun
            && _cpuAtStart.TryGetValue(parameters.BenchmarkCase, out var start)
        )
        {
            var spent = ServerCpu().Zip(start, (end, begin) => end - begin).ToArray();
            var busiest = Array.IndexOf(spent, spent.Max());
            _measured[parameters.BenchmarkCase] = (
                spent.Aggregate(TimeSpan.Zero, (sum, cpu) => sum + cpu),
                PeakWorkingSet(serverProcessIds[busiest])
            );
        }
    }

    public IEnumerable<Metric> ProcessResults(DiagnoserResults results)
    {
        var calls = BenchmarkResults.ActualCallsOf(results);
        if (!_measured.TryGetValue(results.BenchmarkCase, out var measured) || calls <= 0)
        {
            yield break;
        }

        yield return new Metric(CpuDescription, measured.Cpu.TotalNanoseconds / calls);
        yield return new Metric(PeakWorkingSetDescription, measured.PeakWorkingSet);
    }

    public void DisplayResults(ILogger logger) { }

    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) => [];

    private TimeSpan[] ServerCpu() =>
        [
            .. serverProcessIds.Select(id =>
            {
                using var process = Process.GetProcessById(id);
                return process.TotalProcessorTime;
            }),
        ];

    /// <summary>
    /// On Linux the kernel's high-water mark is reset (clear_refs 5), so the peak is this benchmark's own; elsewhere it
    /// is the peak since the server started.
    /// </summary>
    private void ResetPeakWorkingSets()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        foreach (var id in serverProcessIds)
        {
            File.WriteAllText($"/proc/{id.ToString(CultureInfo.InvariantCulture)}/clear_refs", "5");
        }
    }

    private static long PeakWorkingSet(int processId)
    {
        using var process = Process.GetProcessById(processId);
        return process.PeakWorkingSet64;
    }

    // BenchmarkDotNet 0.15 sorts every diagnoser's metric columns by their priority together: past the memory
    // diagnoser's (Gen0, Gen1, Gen2, Allocated) so the server's columns stand together after the client's. The CPU is
    // shown by TimeColumn.ServerCpu, in its own unit; the metric stays in the report for the summary.
    private static readonly MetricDescription CpuDescription = new(
        CpuMetricId,
        "Server CPU/call",
        "CPU time (user + system) the servers spent per call during the actual iterations",
        "N1",
        UnitType.Time,
        "ns",
        100,
        Shown: false
    );

    private static readonly MetricDescription PeakWorkingSetDescription = new(
        PeakWorkingSetMetricId,
        "Server peak WS",
        "Peak working set of the server that did the work, during the actual iterations (Linux; "
            + "elsewhere since it started)",
        "N0",
        UnitType.Size,
        "B",
        101,
        Shown: true
    );
}
