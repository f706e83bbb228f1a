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
/// The CPU time the benchmark process's socket engine threads spent per call during the actual iterations, read by the
/// host from the kernel at their start and end (<see cref="SocketEngineThreads"/>), as each trial process reads its own
/// over its latency slices: the two methods' processes can be compared by how their CPU was shared, not only by time.
/// </summary>
public sealed class SocketThreadDiagnoser : IDiagnoser
{
    /// <summary>Metric id of the client's socket engine threads' CPU time per call, in nanoseconds.</summary>
    public const string MetricId = "ClientSocketThreadCpuPerCall";

    private readonly Dictionary<BenchmarkCase, long> _cpuAtStart = [];
    private readonly Dictionary<BenchmarkCase, long> _measured = [];

    public IEnumerable<string> Ids => [nameof(SocketThreadDiagnoser)];

    public IEnumerable<IExporter> Exporters => [];

    public IEnumerable<IAnalyser> Analysers => [];

    /// <summary>Only networked benchmarks (they batch calls) on Linux: the codec floor makes no call.</summary>
    public RunMode GetRunMode(BenchmarkCase benchmarkCase) =>
        OperatingSystem.IsLinux() && benchmarkCase.Parameters.Items.Any(p => p.Name == "Calls") ? RunMode.NoOverhead : RunMode.None;

    /// <summary>The benchmark process waits while the host reads it, so the readings bracket exactly the actual iterations.</summary>
    public bool RequiresBlockingAcknowledgments(BenchmarkCase benchmarkCase) => true;

    public void Handle(HostSignal signal, DiagnoserActionParameters parameters)
    {
        if (signal == HostSignal.BeforeActualRun && SocketEngineThreads.CpuNanoseconds(parameters.Process.Id) is { } start)
        {
            _cpuAtStart[parameters.BenchmarkCase] = start;
        }
        else if (signal == HostSignal.AfterActualRun && _cpuAtStart.TryGetValue(parameters.BenchmarkCase, out var begin)
            && SocketEngineThreads.CpuNanoseconds(parameters.Process.Id) is { } end)
        {
            _measured[parameters.BenchmarkCase] = end - begin;
        }
    }

    public IEnumerable<Metric> ProcessResults(DiagnoserResults results)
    {
        var calls = BenchmarkResults.ActualCallsOf(results);
        if (!_measured.TryGetValue(results.BenchmarkCase, out var cpu) || calls <= 0)
        {
            yield break;
        }

        yield return new Metric(Description, cpu / calls);
    }

    public void DisplayResults(ILogger logger)
    {
    }

    public IEnumerable<ValidationError> Validate(ValidationParameters validationParameters) => [];

    // The summary shows it beside the trials' own reading; the metric stays in the report for it.
    private static readonly MetricDescription Description = new(
        MetricId, "Socket thread CPU/call", "CPU time the benchmark process's socket engine threads (\".NET Sockets\") spent per call during the actual iterations (Linux)", "N1", UnitType.Time, "ns", 102, Shown: false);
}
