using System.Diagnostics;
using System.Runtime.Versioning;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using static RESTvsGRPC.Tests.Infrastructure.BenchProcess;

namespace RESTvsGRPC.Tests.Bench.Links;

/// <summary>
/// The bench over a link it makes itself, as a user runs it (Linux, root): a short trial over a shaped pair, and every
/// way a run can end (its end, a failed trial, Ctrl+C, SIGKILL) leaving no namespace, veth end or server behind.
/// </summary>
[LongRunning(5)]
public sealed class BenchLinkProcessTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    [NetworkNamespaceFact]
    public async Task Headline_over_100_Mbit_and_20_ms_holds_the_rate_and_the_round_trip_and_leaves_no_namespace()
    {
        var benchId = await RunToEndAsync(
            "--headline",
            "--link",
            "100mbit+20ms-rtt",
            "--trials",
            "1",
            "--segment",
            "0.3",
            "--slices",
            "1"
        );

        var run = RunResults.Load(Path.Combine(_artifacts.Path, "headline"));
        var trials = run.Trials!;
        Assert.Null(run.LinkRuns);
        Assert.Equal(new LinkResult("100mbit+20ms-rtt", 100_000_000, 20, 65_536, 315_536), trials.Link);
        Assert.All(trials.Headline, ratio => Assert.Equal("100mbit+20ms-rtt", ratio.Link));
        var physics = LinkPhysics.Of(trials);
        Assert.Equal(13, physics.Count);
        Assert.All(physics, check =>
            Assert.False(
                check.Fault,
                $"{check.Operation} {check.Arm}: {check.RateUse:P0} of the rate (allowed {check.AllowedUse:P0}), "
                    + $"{check.LatencyNanoseconds / 1e6:0.0} ms against a floor of {check.FloorNanoseconds / 1e6:0.0} "
                    + $"ms"
            )
        );
        var check = Assert.Single(RoundTripCheck.Of(trials));
        Assert.False(check.Fault, $"the round trip did not hold: {RESTvsGRPC.Reports.RoundTripText.Broken(check)}");
        Assert.Empty(trials.Failures);
        var largeJson = trials.Trials[0].Segments.Single(s => (s.Operation, s.Arm) == ("large", "rest-json"));
        Assert.True(
            largeJson.LinkReceivedBytesPerCall > 219 * 1024,
            $"the large GET's answer took {largeJson.LinkReceivedBytesPerCall} bytes on the link"
        );
        Assert.True(
            largeJson.LatencyNanosecondsPerCall >= ((219 * 1024 - 65_536) * 8 / 100e6 * 1e9) + 20e6,
            $"{largeJson.LatencyNanosecondsPerCall / 1e6:0.0} ms: faster than 219 KiB less tbf's bucket at "
                + "100 Mbit/s and a round trip"
        );
        var trips = trials.RoundTrips!.Single(r => (r.Operation, r.Arm) == ("large", "rest-json"));
        Assert.InRange(
            trips.Floor,
            1 + ((219 * 1024 - 65_536) * 8 / 100e6 / 0.020),
            1 + ((240 * 1024 - 65_536) * 8 / 100e6 / 0.020)
        );
        Assert.True(
            trips.PerCall >= trips.Floor,
            $"{trips.PerCall:0.00} round trips per call, under the floor of {trips.Floor:0.00}"
        );
        Assert.All(trials.RoundTrips!.Where(r => r.NewConnection is not null), r =>
            Assert.True(
                r.NewConnection >= 2,
                $"{r.Arm}'s new connection answered in {r.NewConnection:0.00} round trips: "
                    + "a connect and a call take two"
            )
        );
        var settings = trials.LinkSettings!;
        Assert.Equal(4 * 1024 * 1024, settings.ClientStreamWindowBytes);
        Assert.Equal(100, settings.Servers["GrpcAPI"].MaxStreams);
        Assert.Contains("tcp_slow_start_after_idle", settings.ServerTcp.Keys);
        Assert.Contains(
            "**Round-trip check**: held in 1 of 1 trials",
            File.ReadAllText(Path.Combine(_artifacts.Path, "headline", "summary.md"))
        );
        Assert.Empty(LeftBy(benchId));
    }

    /// <summary>Runs the bench with <paramref name="arguments"/> into the test's artifacts to its summary and a clean
    /// exit; its process id.</summary>
    private async Task<int> RunToEndAsync(params string[] arguments)
    {
        using var bench = Start([.. arguments, "--artifacts", _artifacts.Path]);
        try
        {
            var (found, remaining) = await WaitForLineAsync(bench, "// summary", TimeSpan.FromMinutes(3));
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
            Assert.True(
                found && bench.ExitCode == 0,
                $"the bench exited with {bench.ExitCode}:\n{await remaining.Error}"
            );
            return bench.Id;
        }
        finally
        {
            StopIfRunning(bench);
        }
    }

    /// <summary>A run ended inside a link's trials: by SIGKILL (the watchdog cleans up), by Ctrl+C, or by its only
    /// trial failing.</summary>
    [NetworkNamespaceTheory]
    [InlineData("KILL")]
    [InlineData("INT")]
    [InlineData("trial")]
    public async Task A_link_run_ended_inside_its_trials_leaves_no_namespace_veth_or_process(string ending)
    {
        var token = Guid.NewGuid().ToString("N");
        using var bench = Start(
            new Dictionary<string, string> { ["RESTVSGRPC_TEST_TOKEN"] = token },
            "--headline",
            "--link",
            "2ms-rtt",
            "--trials",
            ending == "trial" ? "1" : "3",
            "--segment",
            "0.4",
            "--artifacts",
            _artifacts.Path
        );
        try
        {
            var trial = await WaitForChildAsync(bench.Id, "\0trial\0", TimeSpan.FromSeconds(90));
            Assert.Contains($"restvsgrpc-{bench.Id}-router", Namespaces());
            Signal(ending == "trial" ? "KILL" : ending, ending == "trial" ? trial : bench.Id);
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
        }
        finally
        {
            StopIfRunning(bench);
        }

        Assert.NotEqual(0, bench.ExitCode);
        await UntilAsync(
            () =>
                LeftBy(bench.Id).Count == 0 && ProcessesWith(token).Length == 0 && TrialFoldersOf(bench.Id).Length == 0,
            TimeSpan.FromSeconds(10)
        );

        Assert.Empty(LeftBy(bench.Id));
        Assert.Empty(ProcessesWith(token));
        Assert.Empty(TrialFoldersOf(bench.Id));
    }

    [NetworkNamespaceFact]
    public async Task Load_over_two_links_writes_a_folder_for_each_and_removes_the_namespace()
    {
        using var bench = Start(
            "load",
            "--link",
            "veth,100mbit",
            "--scenario",
            "light",
            "--users",
            "2",
            "--duration",
            "2s",
            "--ramp-up",
            "0s",
            "--warmup",
            "0s",
            "--targets",
            "grpc,rest-json",
            "--mix",
            "large:1",
            "--out",
            _artifacts.Path
        );
        try
        {
            var output = bench.StandardOutput.ReadToEndAsync();
            var error = bench.StandardError.ReadToEndAsync();
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(3));
            Assert.True(bench.ExitCode == 0, $"load exited with {bench.ExitCode}:\n{await output}\n{await error}");
        }
        finally
        {
            StopIfRunning(bench);
        }

        var veth = LoadResults.Load(Path.Combine(_artifacts.Path, "veth"));
        var shaped = LoadResults.Load(Path.Combine(_artifacts.Path, "100mbit"));
        Assert.Equal(new LinkResult("veth", null, null, null, null), veth.Link);
        Assert.Equal(100_000_000, shaped.Link!.RateBitsPerSecond);
        Assert.All(veth.Provenance.Servers.Concat(shaped.Provenance.Servers), url =>
            Assert.Contains("://10.200.", url)
        );
        var json = shaped.Targets.Single(t => t.Name == "rest-json");
        Assert.True(
            json.Totals.Requests > 0 && json.Totals.Errors.Validation == 0,
            "REST + JSON answered nothing valid over 100 Mbit/s"
        );
        Assert.Contains(
            "| link | 100 Mbit/s: the client's network namespace and the servers' joined through a router namespace",
            File.ReadAllText(Path.Combine(_artifacts.Path, "100mbit", "load-summary.md"))
        );
        Assert.Empty(LeftBy(bench.Id));
    }

    /// <summary>
    /// The bench run as "nobody" (setpriv drops root's ids) from a copy that user can read, wherever the clone sits:
    /// refused in one line, exit 2, before any server starts.
    /// </summary>
    [NetworkNamespaceTheory]
    [InlineData("--headline", "--link", "veth")]
    [InlineData("load", "--link", "100mbit")]
    [SupportedOSPlatform("linux")]
    public async Task A_link_run_without_root_is_refused_in_one_line_with_exit_2(params string[] arguments)
    {
        using var copy = NonRootBench.Copy();
        var start = new ProcessStartInfo("setpriv")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = copy.Folder,
        };
        string[] all =
        [
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "env",
            $"HOME={copy.Folder}",
            $"DOTNET_CLI_HOME={copy.Folder}",
            copy.Dotnet,
            copy.Assembly,
            .. arguments,
        ];
        foreach (var argument in all)
        {
            start.ArgumentList.Add(argument);
        }

        using var bench = Process.Start(start)!;
        var output = bench.StandardOutput.ReadToEndAsync();
        var error = await bench.StandardError.ReadToEndAsync();
        await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));

        Assert.True(bench.ExitCode == 2, $"the bench run as another user exited with {bench.ExitCode}:\n{error}");
        Assert.Equal(
            "--link needs root: it creates network namespaces, veth pairs, qdiscs and a delay line "
                + "(run it with sudo, or --link loopback).",
            error.Trim()
        );
        Assert.DoesNotContain("// started:", await output);
    }

    /// <summary>The namespace and host-side veth end named for <paramref name="pid"/>, where either is still
    /// there.</summary>
    private static IReadOnlyList<string> LeftBy(int pid) =>
        [
            .. Namespaces()
                .Split('\n')
                .Select(line => line.Split(' ')[0])
                .Where(name => name == $"restvsgrpc-{pid}" || name == $"restvsgrpc-{pid}-router"),
            .. Run("ip", "-o", "link", "show")
                .Split('\n')
                .Where(line => line.Contains($" rvg{pid}c", StringComparison.Ordinal)),
        ];

    private static string Namespaces() => Run("ip", "netns", "list");

    private static string[] TrialFoldersOf(int pid) =>
        Directory.GetDirectories(Path.GetTempPath(), $"{BenchFiles.TrialFolderPrefix}{pid}-*");

    private static string Run(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEnd();
        process.StandardError.ReadToEnd();
        process.WaitForExit();
        return output;
    }
}
