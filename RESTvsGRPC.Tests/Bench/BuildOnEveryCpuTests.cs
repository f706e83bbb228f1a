using System.Diagnostics;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

public class BuildOnEveryCpuTests
{
    [LinuxFact]
    public void Build_stage_runs_on_every_cpu_and_the_benchmark_processes_start_on_the_clients_again()
    {
        Assert.True(
            Environment.ProcessorCount >= 2,
            "placing a process on part of the machine needs two CPUs, as CI's machine has."
        );
        using var process = Process.Start(new ProcessStartInfo("sleep", "30") { UseShellExecute = false })!;
        try
        {
            var client = CpuSet.Parse("--client-cpus", "0");
            client.Apply(process.Id);
            var placement = new BuildOnEveryCpu(client, process.Id);

            placement.OnStartBuildStage([]);
            Assert.Equal(Enumerable.Range(0, Environment.ProcessorCount), CpuSet.Of(process.Id));

            placement.OnEndBuildStage();
            Assert.Equal([0], CpuSet.Of(process.Id));
        }
        finally
        {
            process.Kill();
            process.WaitForExit();
        }
    }
}
