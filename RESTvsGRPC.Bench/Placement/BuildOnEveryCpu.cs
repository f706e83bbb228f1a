using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Running;

namespace RESTvsGRPC.Bench.Placement;

/// <summary>
/// Widens the bench to every CPU while BenchmarkDotNet builds the benchmark processes' project (on one CPU it took
/// three times as long), and puts it back on <paramref name="client"/> before the first case starts.
/// </summary>
public sealed class BuildOnEveryCpu(CpuSet client, int processId) : EventProcessor
{
    /// <summary>Gives the build (a child of the process) every CPU.</summary>
    public override void OnStartBuildStage(IReadOnlyList<BuildPartition> partitions) => CpuSet.All().Apply(processId);

    /// <summary>Places the process, and so every benchmark process it starts, on the client's CPUs again.</summary>
    public override void OnEndBuildStage() => client.Apply(processId);
}
