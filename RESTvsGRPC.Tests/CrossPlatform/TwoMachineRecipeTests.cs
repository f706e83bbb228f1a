using System.Diagnostics;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.CrossPlatform;

/// <summary>
/// The recipe of docs/your-decision.md for client and servers on two machines, with two network namespaces this test
/// makes standing in for the machines, joined by a veth pair: the servers listen on the first one's address, the
/// bench runs in the second and knows them only by the URLs and certificate fingerprints their ready lines print. It
/// runs the recipe with <c>--tls</c>, so the whole TLS headline is proved here too: every TLS arm beside its cleartext
/// twin, each certificate pinned across the pair, each session's ALPN and each arm's first answer on new connections.
/// </summary>
[LongRunning(8)]
public sealed class TwoMachineRecipeTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [NetworkNamespaceFact]
    public async Task Bench_measures_servers_on_another_machine_by_their_printed_URLs()
    {
        var (servers, client) = ($"restvsgrpc-srv-{Environment.ProcessId}", $"restvsgrpc-cli-{Environment.ProcessId}");
        try
        {
            await JoinAsync(servers, client);
            using var rest = await StartInAsync(
                servers,
                "RestAPI",
                "--urls",
                "http://10.203.5.1:0",
                "--h2c",
                "http://10.203.5.1:0",
                "--tls",
                "https://10.203.5.1:0"
            );
            using var grpc = await StartInAsync(
                servers,
                "GrpcAPI",
                "--urls",
                "http://10.203.5.1:0",
                "--tls",
                "https://10.203.5.1:0",
                "--web",
                "http://10.203.5.1:0"
            );
            var (r, g) = (
                RestServerAddresses.FromReadyLine(rest.ReadyLine),
                GrpcServerAddresses.FromReadyLine(grpc.ReadyLine)
            );

            var (exitCode, output) = await RunBenchInAsync(client, RecipeArguments(r, g));

            Assert.True(exitCode == 0, $"the bench exited with {exitCode}:\n{output}");
            Assert.Contains("correctness gate done", output);
            AssertTlsHeadline(RunResults.Load(Path.Combine(_directory.Path, "headline-tls")));
        }
        finally
        {
            // A namespace that was never made is no error here: removing both is all cleanup asks.
            await RunAsync("ip", "netns", "del", servers);
            await RunAsync("ip", "netns", "del", client);
        }
    }

    /// <summary>
    /// The recipe's command line: the TLS headline at its quickest, one trial, against the servers' printed URLs and
    /// certificate fingerprints.
    /// </summary>
    private string[] RecipeArguments(RestServerAddresses r, GrpcServerAddresses g) =>
        [
            "--headline",
            "--tls",
            "--quick",
            "--trials",
            "1",
            "--segment",
            "0.05",
            "--slices",
            "1",
            "--in-flight",
            "small=16,large=2,post=2",
            "--artifacts",
            _directory.Path,
            "--rest-url",
            $"{r.Http11}",
            "--rest-h2c-url",
            $"{r.H2c}",
            "--rest-tls-url",
            $"{r.Tls}",
            "--rest-tls-certificate",
            r.CertificateSha256!,
            "--grpc-url",
            $"{g.H2c}",
            "--grpc-tls-url",
            $"{g.Tls}",
            "--grpc-tls-certificate",
            g.CertificateSha256!,
            "--grpc-web-url",
            $"{g.Web}",
        ];

    /// <summary>
    /// Every TLS arm measured beside its twin in the one trial, each pair's two ratios, each session's ALPN, the first
    /// answers on new connections of the small GET, and the servers named by their address on the other "machine".
    /// </summary>
    private static void AssertTlsHeadline(RunResults run)
    {
        var trial = Assert.Single(run.TlsTrials!.Trials);
        Assert.Equal(
            [.. TrialArm.Tls.Select(a => $"{TrialArm.NameOf(a.Operation)}/{a.Target}").Order()],
            [.. trial.Segments.Select(s => $"{s.Operation}/{s.Arm}").Order()]
        );
        Assert.Equal(
            [
                .. OperationNames
                    .Calls.SelectMany(op =>
                        TrialStatistics.TlsPairs.SelectMany(p =>
                            new[]
                            {
                                $"{op} {p.Arm}/{p.Baseline} {HeadlineRatio.Latency}",
                                $"{op} {p.Arm}/{p.Baseline} {HeadlineRatio.Throughput}",
                            }
                        )
                    )
                    .Order(),
            ],
            [.. run.TlsTrials.Headline.Select(r => $"{r.Operation} {r.Arm}/{r.Baseline} {r.Quantity}").Order()]
        );
        Assert.Equal(
            [("rest-json-tls-http11", "http/1.1"), ("rest-json-tls", "h2"), ("grpc-tls", "h2")],
            run.TlsTrials.TlsSessions!.Select(s => (s.Arm, s.ApplicationProtocol))
        );
        Assert.All(trial.Segments, s =>
            Assert.True(
                s.Operation == OperationNames.Small
                    ? s.NewConnectionNanoseconds > 0
                    : s.NewConnectionNanoseconds is null,
                $"{s.Operation}/{s.Arm}"
            )
        );
        Assert.Contains(run.Provenance.Servers, server => server.Contains("10.203.5.1:", StringComparison.Ordinal));
    }

    /// <summary>Makes two namespaces joined by a veth pair: 10.203.5.1 in <paramref name="servers"/>, 10.203.5.2 in
    /// <paramref name="client"/>.</summary>
    private static async Task JoinAsync(string servers, string client)
    {
        await MustRunAsync("ip", "netns", "add", servers);
        await MustRunAsync("ip", "netns", "add", client);
        await MustRunAsync(
            "ip",
            "-n",
            servers,
            "link",
            "add",
            "v0",
            "type",
            "veth",
            "peer",
            "name",
            "v1",
            "netns",
            client
        );
        foreach (
            var (ns, device, address) in new[] { (servers, "v0", "10.203.5.1/30"), (client, "v1", "10.203.5.2/30") }
        )
        {
            await MustRunAsync("ip", "-n", ns, "addr", "add", address, "dev", device);
            await MustRunAsync("ip", "-n", ns, "link", "set", device, "up");
            await MustRunAsync("ip", "-n", ns, "link", "set", "lo", "up");
        }
    }

    private static async Task MustRunAsync(string program, params string[] arguments) =>
        Assert.True(await RunAsync(program, arguments) == 0, $"{program} {string.Join(' ', arguments)} failed");

    private static Task<ServerProcess> StartInAsync(string ns, string project, params string[] arguments) =>
        ServerProcess.StartProgramAsync(
            "ip",
            ["netns", "exec", ns, "dotnet", RepositoryPaths.ProjectAssembly(project), .. arguments],
            Timeout
        );

    private static async Task<(int ExitCode, string Output)> RunBenchInAsync(string ns, params string[] arguments)
    {
        var start = new ProcessStartInfo("ip") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (
            var argument in (string[])
                ["netns", "exec", ns, "dotnet", RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench"), .. arguments]
        )
        {
            start.ArgumentList.Add(argument);
        }

        using var bench = Process.Start(start)!;
        try
        {
            var (output, error) = (bench.StandardOutput.ReadToEndAsync(), bench.StandardError.ReadToEndAsync());
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(4));
            return (bench.ExitCode, await output + await error);
        }
        finally
        {
            BenchProcess.StopIfRunning(bench);
        }
    }

    private static async Task<int> RunAsync(string program, params string[] arguments)
    {
        using var process = Process.Start(program, arguments);
        await process.WaitForExitAsync().WaitAsync(Timeout);
        return process.ExitCode;
    }
}
