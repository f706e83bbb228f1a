using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Order;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// What every benchmark class adds to BenchmarkDotNet's default configuration; the command line may add a job.
/// </summary>
public class BenchConfig : ManualConfig
{
    /// <summary>
    /// The MSBuild property with which the benchmark processes' project is built: it then leaves out the servers, which
    /// they never start.
    /// </summary>
    public const string BenchmarkProcessBuildProperty = "BenchmarkProcessBuild";

    /// <summary>How long the SDK may take to build the benchmark processes' project.</summary>
    public static readonly TimeSpan SdkBuildLimit = TimeSpan.FromMinutes(10);

    public BenchConfig()
    {
        // Allocations matter as much as time for a client choosing a protocol.
        AddDiagnoser(MemoryDiagnoser.Default);
        // One call's time next to the batch's: what readers compare with published per-call figures.
        AddColumn(TimeColumn.PerCall, CategoriesColumn.Default, TimeColumn.ServerCpu);
        // Each operation is its own group, so Ratio compares gRPC with its REST baseline.
        AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams);
        WithOrderer(new DefaultOrderer(SummaryOrderPolicy.Declared, MethodOrderPolicy.Declared));
        // A process per benchmark is built by the SDK first; BenchmarkDotNet gives that build 2 minutes, which a
        // 2-core machine busy with other work overran here (the whole dry run of six benchmarks takes under a minute
        // idle).
        WithBuildTimeout(SdkBuildLimit);
    }
}

/// <summary>
/// <see cref="BenchConfig"/> for the benchmarks that call the servers: no forced full collection before each iteration.
/// </summary>
public sealed class ServerBenchConfig : BenchConfig
{
    public ServerBenchConfig()
    {
        // The trials, load mode and h2load force none: without them BenchmarkDotNet times the calls as they do.
        AddJob(Job.Default.WithGcForce(false).AsMutator());
    }
}
