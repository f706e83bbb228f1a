using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Running;

namespace RESTvsGRPC.Bench.Placement;

/// <summary>
/// Widens the bench's process (<paramref name="processId"/>) to every CPU while BenchmarkDotNet's SDK builds the
/// benchmark processes' project, and puts it back on <paramref name="client"/> before the first of them starts. The
/// build inherits the bench's CPUs, the servers' CPUs sit idle until the first case, and on one CPU the build took
/// three times as long (docs/benchmark.md, "Options").
/// </summary>
public sealed class BuildOnEveryCpu(CpuSet client, int processId) : EventProcessor
{
    /// <summary>Gives the build (a child of the process) every CPU.</summary>
    public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions) => CpuSet.All().Apply(processId);

    /// <summary>Places the process, and so every benchmark process it starts, on the client's CPUs again.</summary>
    public override void OnEndBuildStage() => client.Apply(processId);
}
