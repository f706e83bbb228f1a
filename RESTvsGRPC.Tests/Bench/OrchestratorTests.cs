using ModelLibrary;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench refuses, with one clear line and a non-zero exit code, to time anything it cannot validate.</summary>
public sealed class OrchestratorTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("restvsgrpc-bench-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public async Task Bench_exits_non_zero_when_the_given_server_serves_other_data()
    {
        var path = Path.Combine(_directory, "ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartRestAsync("--data", path);
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await Orchestrator.RunAsync(["--rest-url", server.BaseAddress.ToString(), "--data", RepositoryPaths.CommittedData], output, error);

        Assert.Equal(1, exitCode);
        Assert.StartsWith("bench stopped before timing anything: REST GetLargePayload returned 10 records", error.ToString());
        Assert.DoesNotContain("reports", output.ToString());
    }

    [Fact]
    public async Task Bench_exits_non_zero_when_the_given_server_is_down()
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await Orchestrator.RunAsync(["--rest-url", $"http://127.0.0.1:{CorrectnessGateTests.ClosedPort()}/"], output, error);

        Assert.Equal(1, exitCode);
        Assert.StartsWith("bench stopped before timing anything: REST GetSmallPayload failed:", error.ToString());
    }

    [Fact]
    public async Task Bench_names_a_malformed_data_file_and_starts_nothing()
    {
        var path = Path.Combine(_directory, "bad.json");
        File.WriteAllText(path, "[{\"id\":\"x\"}]");
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await Orchestrator.RunAsync(["--data", path], output, error);

        Assert.Equal(1, exitCode);
        Assert.Contains($"data file '{path}', record 0, field 'id': \"x\" is not a record id", error.ToString());
        Assert.DoesNotContain("started", output.ToString());
    }

    [Theory]
    [InlineData("--rest-url", "not a url")]
    [InlineData("--rest-url")]
    public async Task Bench_rejects_a_bad_option_with_usage(params string[] args)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await Orchestrator.RunAsync(args, output, error);

        Assert.Equal(2, exitCode);
        Assert.Contains("usage: RESTvsGRPC.Bench", error.ToString());
    }

    [Fact]
    public void Options_add_a_filter_so_benchmarkdotnet_never_waits_for_a_key()
    {
        Assert.Equal(["--job", "dry", "--filter", "*"], BenchOptions.Parse(["--job", "dry"]).BenchmarkDotNetArgs);
        Assert.Equal(["--filter", "*Small*"], BenchOptions.Parse(["--filter", "*Small*"]).BenchmarkDotNetArgs);
        Assert.True(BenchOptions.Parse(["--list", "flat"]).OnlyPrints);
    }
}
