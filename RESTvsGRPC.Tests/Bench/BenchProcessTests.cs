using System.Diagnostics;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench as a user runs it: a process that starts servers and must leave none behind.</summary>
public sealed class BenchProcessTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    [LinuxTheory]
    [InlineData("TERM")]
    [InlineData("INT")]
    public async Task Bench_stops_its_servers_when_it_is_stopped_by_a_signal(string signal)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[] { RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench"), "--job", "dry", "--filter", "*Codec*", "--artifacts", _artifacts.Path })
        {
            start.ArgumentList.Add(argument);
        }

        using var bench = Process.Start(start)!;
        int[] servers;
        try
        {
            var gate = await WaitForLineAsync(bench, "// correctness gate passed", TimeSpan.FromSeconds(90));
            Assert.True(gate, "the bench did not pass its gate within 90 s");
            servers = ServersStartedBy(bench.Id);
            Assert.Equal(4, servers.Length); // RestAPI and GrpcAPI, and the pair serving 10 000 records

            using (var kill = Process.Start("kill", [$"-{signal}", bench.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
            {
                await kill.WaitForExitAsync();
            }

            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        }
        finally
        {
            if (!bench.HasExited)
            {
                bench.Kill(entireProcessTree: true);
            }
        }

        await Task.Delay(TimeSpan.FromSeconds(1));
        Assert.All(servers, pid => Assert.False(IsRunning(pid), $"server process {pid} outlived the bench after SIG{signal}"));
    }

    private static async Task<bool> WaitForLineAsync(Process process, string prefix, TimeSpan timeout)
    {
        using var cancel = new CancellationTokenSource(timeout);
        try
        {
            while (await process.StandardOutput.ReadLineAsync(cancel.Token) is { } line)
            {
                if (line.StartsWith(prefix, StringComparison.Ordinal))
                {
                    _ = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
                    _ = process.StandardError.ReadToEndAsync(CancellationToken.None);
                    return true;
                }
            }
        }
        catch (OperationCanceledException)
        {
        }

        return false;
    }

    // Only the servers: BenchmarkDotNet's own children (its build, the benchmark process) may already be starting
    // when the gate line is read, and stopping those is BenchmarkDotNet's business, not what this test proves.
    private static int[] ServersStartedBy(int pid) =>
        [.. Directory.GetDirectories($"/proc/{pid}/task")
            .SelectMany(task => File.ReadAllText(Path.Combine(task, "children")).Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(int.Parse)
            .Where(child => CommandLineOf(child).Contains("RestAPI.dll", StringComparison.Ordinal)
                || CommandLineOf(child).Contains("GrpcAPI.dll", StringComparison.Ordinal))];

    private static string CommandLineOf(int pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline");
        }
        catch (IOException)
        {
            return "";
        }
    }

    private static bool IsRunning(int pid) =>
        File.Exists($"/proc/{pid}/stat") && !File.ReadAllText($"/proc/{pid}/stat").Split(' ')[2].Equals("Z", StringComparison.Ordinal);
}
