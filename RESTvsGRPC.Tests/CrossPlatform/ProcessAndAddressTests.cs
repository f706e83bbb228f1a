using System.Diagnostics;
using System.Text.RegularExpressions;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.CrossPlatform;

/// <summary>How the bench stops what it starts, and how the servers behave off loopback: decisions a Windows or
/// multi-machine run relies on.</summary>
public sealed partial class ProcessAndAddressTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    [LinuxFact]
    public async Task Disposing_a_server_stops_its_whole_process_tree()
    {
        var server = await ServerProcess.StartProgramAsync(
            "bash",
            ["-c", "sleep 600 & echo \"child $!\"; echo \"listening on http://127.0.0.1:9/\"; wait"],
            Timeout
        );
        var child = int.Parse(
            ChildLine().Match(server.Output).Groups["pid"].Value,
            System.Globalization.CultureInfo.InvariantCulture
        );
        Assert.True(Exists(child), "the grandchild never started");

        server.Dispose();

        // A killed process stays a zombie until its new parent reaps it: wait for that, within a bound.
        await BenchProcess.UntilAsync(() => !Exists(child), TimeSpan.FromSeconds(10));

        Assert.False(Exists(child), $"process {child}, started by the server, outlived it");
    }

    [Fact]
    public async Task A_server_on_loopback_prints_no_address_warning()
    {
        using var server = await TestServers.StartRestAsync();

        Assert.DoesNotContain("beyond loopback", server.Output);
    }

    [NetworkNamespaceFact]
    public async Task A_server_listening_beyond_loopback_warns_on_stderr()
    {
        // The address exists only inside a namespace this test makes, on a veth pair both ends of which stay in it.
        var ns = $"restvsgrpc-test-{Environment.ProcessId}";
        await RunAsync("ip", "netns", "add", ns);
        try
        {
            await RunAsync("ip", "-n", ns, "link", "add", "v0", "type", "veth", "peer", "name", "v1");
            await RunAsync("ip", "-n", ns, "addr", "add", "10.203.1.1/30", "dev", "v0");
            await RunAsync("ip", "-n", ns, "link", "set", "v0", "up");
            await RunAsync("ip", "-n", ns, "link", "set", "v1", "up");
            await RunAsync("ip", "-n", ns, "link", "set", "lo", "up");
            using var server = await ServerProcess.StartProgramAsync(
                "ip",
                [
                    "netns",
                    "exec",
                    ns,
                    "dotnet",
                    RepositoryPaths.ProjectAssembly("GrpcAPI"),
                    "--urls",
                    "http://10.203.1.1:0",
                    "--tls",
                    "https://127.0.0.1:0",
                    "--web",
                    "http://127.0.0.1:0",
                ],
                Timeout
            );

            await BenchProcess.UntilAsync(
                () => server.Output.Contains("beyond loopback", StringComparison.Ordinal),
                TimeSpan.FromSeconds(10)
            );

            Assert.Matches(
                @"warning: GrpcAPI listens on http://10\.203\.1\.1:\d+, beyond loopback: "
                    + @"anyone who can reach this address can call it\.",
                server.Output
            );
            Assert.DoesNotContain(
                "127.0.0.1",
                WarningLines().Matches(server.Output).Select(m => m.Value).Aggregate("", string.Concat)
            );
        }
        finally
        {
            await RunAsync("ip", "netns", "del", ns);
        }
    }

    /// <summary>Running, and not a zombie waiting to be reaped.</summary>
    private static bool Exists(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/stat").Split(' ')[2] != "Z";
        }
        catch (IOException)
        {
            return false;
        }
    }

    private static async Task RunAsync(string program, params string[] arguments)
    {
        using var process = Process.Start(program, arguments);
        await process.WaitForExitAsync().WaitAsync(Timeout);
        Assert.True(process.ExitCode == 0, $"{program} {string.Join(' ', arguments)} exited with {process.ExitCode}");
    }

    [GeneratedRegex(@"child (?<pid>\d+)")]
    private static partial Regex ChildLine();

    [GeneratedRegex(@"warning: .*beyond loopback.*")]
    private static partial Regex WarningLines();
}
