using System.Diagnostics;
using System.Globalization;
using ModelLibrary;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>Load mode as a user runs it: real servers, real calls, every answer validated, outputs whose content is
/// checked.</summary>
[LongRunning(7)]
public sealed class LoadCommandTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task Load_drives_the_api_style_targets_when_named_each_over_http11_without_errors()
    {
        var (output, error) = (new StringWriter(), new StringWriter());
        string[] targets = ["rest-minimal", "grpc-transcoding", "grpc-web", "grpc-web-text"];

        var exitCode = await BenchCommandLine.InvokeAsync(
            [
                "load",
                "--scenario",
                "light",
                "--targets",
                string.Join(',', targets),
                "--duration",
                "2s",
                "--ramp-up",
                "0s",
                "--warmup",
                "0s",
                "--out",
                _directory.Path,
            ],
            output,
            error
        );

        Assert.True(exitCode == 0, $"exit {exitCode}: {error}");
        var results = LoadResults.Load(_directory.Path);
        Assert.Equal(targets, results.Targets.Select(t => t.Name));
        Assert.All(results.Targets, target =>
        {
            Assert.True(target.Totals.Requests > 0, $"{target.Name} answered nothing");
            Assert.Equal(0, target.Totals.Errors.Total);
            Assert.Equal("HTTP/1.1", target.HttpVersion);
            Assert.NotNull(target.Totals.ServerCpuPercent);
        });
    }

    [Fact]
    public async Task Load_starts_the_servers_and_drives_every_target_into_a_summary()
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            [
                "load",
                "--scenario",
                "light",
                "--duration",
                "2s",
                "--ramp-up",
                "0s",
                "--warmup",
                "0s",
                "--out",
                _directory.Path,
            ],
            output,
            error
        );

        Assert.True(exitCode == 0, $"exit {exitCode}: {error}");
        var results = LoadResults.Load(_directory.Path);
        Assert.True(results.Complete);
        Assert.Equal(
            ["rest-json", "rest-json-h2c", "rest-protobuf", "grpc", "grpc-stream"],
            results.Targets.Select(t => t.Name)
        );
        Assert.All(results.Targets, target =>
        {
            Assert.True(target.Totals.Requests > 0, $"{target.Name} answered nothing");
            Assert.Equal(0, target.Totals.Errors.Total);
            Assert.True(
                target.Totals.Latency.P50 > 0
                    && target.Totals.Latency.P50 <= target.Totals.Latency.P99
                    && target.Totals.Latency.P99 <= target.Totals.Latency.Max
            );
            Assert.True(
                target.Totals.ReceivedBytesPerSecond > target.Totals.SentBytesPerSecond * 0.1,
                $"{target.Name} counted no bytes"
            );
            Assert.NotNull(target.Totals.ServerCpuPercent);
            Assert.NotEmpty(target.Series);
        });
        Assert.Equal(
            ["HTTP/1.1", "HTTP/2", "HTTP/1.1", "HTTP/2", "HTTP/2"],
            results.Targets.Select(t => t.HttpVersion)
        );

        AssertReports(results, output.ToString());
    }

    private static TimeSpan Cpu(IEnumerable<int> pids) =>
        pids.Aggregate(TimeSpan.Zero, (sum, pid) => sum + CpuTime(pid));

    /// <summary>The CPU time <paramref name="pid"/> has used; none once it has exited.</summary>
    private static TimeSpan CpuTime(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return process.TotalProcessorTime;
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException)
        {
            return TimeSpan.Zero;
        }
    }

    /// <summary>
    /// The summary's scenario, a row per target, no drift section for a short run, each chart, the HTML, a CSV row per
    /// target and second, and the summary's path as the last line.
    /// </summary>
    private void AssertReports(LoadResults results, string output)
    {
        var summary = File.ReadAllText(Path.Combine(_directory.Path, LoadSummary.MarkdownFile));
        Assert.Contains("| model | closed loop, 5 users |", summary);
        Assert.All(results.Targets, target => Assert.Contains($"| {target.Name} | {target.HttpVersion} | ", summary));
        Assert.Contains(
            "Drift: too short to judge for rest-json, rest-json-h2c, rest-protobuf, grpc, grpc-stream (each tenth of "
                + "the measured span must hold at least 10 s).",
            summary
        );
        Assert.DoesNotContain("## Drift", summary);
        Assert.Contains("## Provenance", summary);
        Assert.DoesNotContain("Incomplete", summary);
        foreach (var chart in new[] { "load-rps.svg", "load-p99.svg", "load-percentiles.svg" })
        {
            Assert.Contains("grpc-stream", File.ReadAllText(Path.Combine(_directory.Path, chart)));
        }

        Assert.Contains("<table>", File.ReadAllText(Path.Combine(_directory.Path, LoadSummary.HtmlFile)));
        var csv = File.ReadAllLines(Path.Combine(_directory.Path, LoadSummary.SeriesFile));
        Assert.StartsWith("target,second,requests,errors,", csv[0]);
        Assert.Equal(results.Targets.Sum(t => t.Series.Count), csv.Length - 1);
        Assert.EndsWith(
            $"// load summary (Markdown, HTML, CSV time series, SVG charts): "
                + $"{Path.Combine(_directory.Path, LoadSummary.MarkdownFile)}",
            output.TrimEnd()
        );
    }

    [Fact]
    public async Task Load_refuses_a_target_whose_server_was_not_given()
    {
        using var server = await TestServers.StartRestAsync();
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            ["load", "--rest-url", server.BaseAddress.ToString(), "--targets", "grpc", "--out", _directory.Path],
            output,
            error
        );

        Assert.Equal(2, exitCode);
        Assert.StartsWith(
            "target grpc needs GrpcAPI (--grpc-url), or leave the servers to the bench.",
            error.ToString()
        );
    }

    [Fact]
    public async Task A_wrong_answer_counts_as_a_validation_error_never_as_a_success()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartGrpcAsync("--data", path);
        var expected = LoadExpectation.For(MeteoriteDataset.Load(RepositoryPaths.CommittedData));
        using var client = new LoadClient(
            ArmCatalogue.Clients["grpc-stream"],
            HttpTransport.H2c(server.BaseAddress),
            expected
        );

        Assert.Equal(CallOutcome.Ok, await client.CallAsync(LoadOperation.Small, TimeSpan.FromSeconds(10)));
        Assert.Equal(CallOutcome.Validation, await client.CallAsync(LoadOperation.Large, TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task A_server_that_is_down_counts_as_a_transport_error()
    {
        var expected = LoadExpectation.For(MeteoriteDataset.Load(RepositoryPaths.CommittedData));
        using var rest = new LoadClient(
            ArmCatalogue.Clients["rest-json"],
            HttpTransport.Http11(new Uri($"http://127.0.0.1:{CorrectnessGateTests.ClosedPort()}/")),
            expected
        );
        using var grpc = new LoadClient(
            ArmCatalogue.Clients["grpc"],
            HttpTransport.H2c(new Uri($"http://127.0.0.1:{CorrectnessGateTests.ClosedPort()}/")),
            expected
        );

        Assert.Equal(CallOutcome.Transport, await rest.CallAsync(LoadOperation.Small, TimeSpan.FromSeconds(10)));
        Assert.Equal(CallOutcome.Transport, await grpc.CallAsync(LoadOperation.Post, TimeSpan.FromSeconds(10)));
    }

    [LinuxTheory]
    [InlineData("TERM")]
    [InlineData("INT")]
    public async Task A_signal_stops_the_run_writes_what_was_measured_marked_incomplete_and_stops_the_servers(
        string signal
    )
    {
        using var bench = Process.Start(
            BenchProcess.StartInfo([
                RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench"),
                "load",
                "--scenario",
                "light",
                "--duration",
                "60s",
                "--ramp-up",
                "0s",
                "--warmup",
                "0s",
                "--out",
                _directory.Path,
            ])
        )!;
        var lines = new List<string>();
        try
        {
            using var cancel = new CancellationTokenSource(TimeSpan.FromSeconds(90));
            // Plain progress lines come every ten seconds; the targets line says the servers are up and the run began.
            while (await bench.StandardOutput.ReadLineAsync(cancel.Token) is { } line)
            {
                lines.Add(line);
                if (line.StartsWith("// targets", StringComparison.Ordinal))
                {
                    break;
                }
            }

            // Signalled once the servers have spent a fifth of a second of CPU on answers: the run has calls to keep.
            var servers = BenchProcess.ServersStartedBy(bench.Id);
            var before = Cpu(servers);
            Assert.True(
                await BenchProcess.UntilAsync(
                    () => Cpu(servers) - before >= TimeSpan.FromSeconds(0.2),
                    TimeSpan.FromSeconds(30)
                ),
                "the servers answered nothing within 30 s of the run's start"
            );
            using (var kill = Process.Start("kill", [$"-{signal}", bench.Id.ToString(CultureInfo.InvariantCulture)]))
            {
                await kill.WaitForExitAsync();
            }

            var rest = bench.StandardOutput.ReadToEndAsync();
            var errors = bench.StandardError.ReadToEndAsync();
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
            Assert.Equal(1, bench.ExitCode);
            Assert.Contains("load run stopped early", await errors);
            Assert.Contains("// load summary", await rest);
        }
        finally
        {
            if (!bench.HasExited)
            {
                bench.Kill(entireProcessTree: true);
            }
        }

        var results = LoadResults.Load(_directory.Path);
        Assert.False(results.Complete);
        Assert.True(results.Targets[0].Totals.Requests > 0, "nothing measured before the signal was written");
        Assert.Contains(
            "**Incomplete run**",
            File.ReadAllText(Path.Combine(_directory.Path, LoadSummary.MarkdownFile))
        );
        var started = lines.Where(l => l.StartsWith("// started:", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, started.Count);
        var closed = await BenchProcess.UntilAsync(() => !started.Any(ListensOn), TimeSpan.FromSeconds(10));
        Assert.True(closed, $"a server outlived the load run: {string.Join("; ", started.Where(ListensOn))}");
    }

    /// <summary>True while the server named in a "started" line still accepts connections on its first
    /// endpoint.</summary>
    private static bool ListensOn(string startedLine)
    {
        var url = new Uri(startedLine.Split(' ', StringSplitOptions.RemoveEmptyEntries)[5]);
        try
        {
            using var socket = new System.Net.Sockets.Socket(
                System.Net.Sockets.SocketType.Stream,
                System.Net.Sockets.ProtocolType.Tcp
            );
            socket.Connect(url.Host, url.Port);
            return true;
        }
        catch (System.Net.Sockets.SocketException)
        {
            return false;
        }
    }
}
