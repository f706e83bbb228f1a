using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using static RESTvsGRPC.Tests.Infrastructure.BenchProcess;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The headline's trials and paired rounds as a user runs them: fresh placed processes, and the run survives a trial that dies.</summary>
public sealed class BenchHeadlineProcessTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    /// <summary>
    /// The headline end to end, placed: each trial a fresh client process on the client's CPU (not the bench's own
    /// process) against servers started for it, its order of arms recorded, and the results contract's ratios for both
    /// quantities with the placement. A trial killed mid-run is named with its reason, the other trials are kept, the
    /// last trial's servers (on one CPU set, the bench on another, every thread of each) serve the checks after the
    /// trials, and no process is left behind.
    /// </summary>
    [LinuxFact]
    public async Task Bench_headline_runs_trials_in_fresh_placed_processes_and_keeps_the_others_when_one_dies()
    {
        var token = Guid.NewGuid().ToString("N");
        var (serverCpu, clientCpu) = (Environment.ProcessorCount - 1, 0);
        using var bench = BenchProcess.Start(new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--headline", "--job", "dry", "--trials", "3", "--segment", "0.2", "--server-cpus", $"{serverCpu}", "--client-cpus", $"{clientCpu}", "--artifacts", _artifacts.Path);
        string error;
        int killed;
        try
        {
            var (first, _) = await WaitForLineAsync(bench, "// trial 1 of 3 done", TimeSpan.FromSeconds(180), readRest: false);
            Assert.True(first, $"the first trial did not end within 180 s: {(bench.HasExited ? await bench.StandardError.ReadToEndAsync() : "still running")}");
            killed = await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(30));
            AssertPlacedOn(clientCpu, killed);
            var trialTwoServers = ServersStartedBy(bench.Id);
            Assert.Equal(2, trialTwoServers.Length);
            Assert.Contains($"{RESTvsGRPC.Bench.Placement.JitTiering.CallCountingDelayVariable}=0", File.ReadAllText($"/proc/{killed}/environ").Split('\0'));
            await SignalAsync("KILL", killed);

            // The last trial's servers serve the sweep, load mode's check and h2load's check after it.
            var (last, remaining) = await WaitForLineAsync(bench, "// trial 3 of 3 done", TimeSpan.FromSeconds(240));
            Assert.True(last, "the last trial did not end within 240 s");
            var placed = ServersStartedBy(bench.Id).Append(bench.Id).ToArray();
            Assert.Equal(3, placed.Length); // RestAPI, GrpcAPI, the bench
            Assert.All(placed, pid => AssertPlacedOn(pid == bench.Id ? clientCpu : serverCpu, pid));
            Assert.Empty(placed.Intersect(trialTwoServers)); // trial 3 got servers of its own, and they serve what follows
            Assert.All(trialTwoServers, pid => Assert.False(Directory.Exists($"/proc/{pid}"), $"trial 2's server {pid} outlived its trial"));
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(3));
            error = await remaining.Error;
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.True(bench.ExitCode == 0, $"the bench exited with {bench.ExitCode}:\n{error}");
        var run = RunResults.Load(Path.Combine(_artifacts.Path, "headline"));
        AssertTrialsKeptAround(run.Trials!, killed, bench.Id, serverCpu, clientCpu);
        Assert.False(run.Provenance.Processes.Datas);
        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.Empty(ProcessesWith(token));
    }

    private static void AssertPlacedOn(int cpu, int pid) =>
        Assert.All(Directory.GetDirectories($"/proc/{pid}/task"), task =>
            Assert.Equal([cpu], RESTvsGRPC.Bench.Placement.CpuSet.Of(int.Parse(Path.GetFileName(task), System.Globalization.CultureInfo.InvariantCulture))));

    private static void AssertTrialsKeptAround(TrialsRun trials, int killed, int bench, int serverCpu, int clientCpu)
    {
        var failure = Assert.Single(trials.Failures);
        Assert.Equal(2, failure.Index);
        Assert.Equal((killed, 137), (failure.ProcessId, failure.ExitCode));
        Assert.Equal([1, 3], trials.Trials.Select(t => t.Index));
        Assert.DoesNotContain(bench, trials.Trials.Select(t => t.ProcessId));
        Assert.Equal(2, trials.Trials.Select(t => t.ProcessId).Distinct().Count());
        Assert.All(trials.Trials, t => Assert.Equal(11, t.Order.Distinct().Count()));
        Assert.NotEqual(trials.Trials[0].Order, trials.Trials[1].Order);
        Assert.Equal(16, trials.Headline.Count); // 8 arms against REST + JSON, latency and throughput each
        Assert.All(trials.Headline, h => Assert.True(h.Median > 0 && h.Trials == 2 && h.Placement == trials.Placement, $"{h}"));
        Assert.Equal(new CpuPlacement($"{serverCpu}", $"{clientCpu}"), trials.Placement);
        Assert.True(trials.Plan.CollectsAfterSlices);
        Assert.True(trials.Plan.ServersPerTrial);
        Assert.All(trials.Trials.SelectMany(t => t.Segments), s => Assert.True(s is { LatencyCalls: >= 10, ThroughputCalls: > 0, ServerCpuNanosecondsPerCall: > 0, ClientSocketThreadCpuNanosecondsPerCall: > 0 }, $"{s}"));
        Assert.All(trials.Concurrency, c => Assert.Equal(TrialPlan.Dry.Ladder, c.Ladder.Select(step => step.Concurrency))); // the dry plan's sweep, handed to its process
        Assert.Equal(11, trials.Load!.Count); // load mode's closed loop on every arm
        Assert.All(trials.Load!, c => Assert.True(c is { CallsPerSecond: > 0, Windows: 1 }, $"{c}"));
    }
}
