using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Bench;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.CrossPlatform;

/// <summary>
/// Files a run writes end their lines in LF on every OS, so runs made on Windows and on Linux compare byte for byte
/// (the workflow runs these tests on Windows too); files compared by bytes keep LF on a Windows checkout.
/// </summary>
public sealed class LineEndingTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Run_summary_results_and_charts_are_written_with_lf_only()
    {
        var run = RunFixture.Run();
        run.Save(_directory.Path);
        RunSummary.Write(run, previous: null, _directory.Path);

        AssertLfOnly(_directory.Path);
    }

    [Fact]
    public void Load_summary_series_and_results_are_written_with_lf_only()
    {
        var results = new LoadResults(
            RunFixture.Provenance(),
            RunFixture.Scenario,
            new LoadTiming(0, 1, 1, 10, 10),
            true,
            null,
            []
        );
        results.Save(_directory.Path);
        LoadSummary.Write(results, _directory.Path);

        AssertLfOnly(_directory.Path);
    }

    [Fact]
    public void Scaling_fit_is_written_with_lf_only()
    {
        var markdown = ScalingReport.ToMarkdown([
            new("RestGetLargePayload", 1, 100_000),
            new("RestGetLargePayload", 10, 150_000),
            new("RestGetLargePayload", 100, 600_000),
        ]);

        Assert.DoesNotContain('\r', markdown);
        Assert.Contains("|\n", markdown);
    }

    [Fact]
    public async Task Files_compared_by_bytes_keep_lf_on_every_checkout()
    {
        var (exitCode, output) = await Git(
            "check-attr",
            "eol",
            "--",
            "data/meteorites.json",
            "scripts/load-crosscheck.sh",
            ".ci/run",
            "interop/node/client.js",
            ".github/workflows/ci.yml"
        );

        Assert.Equal(0, exitCode);
        Assert.Equal(
            5,
            output
                .Split('\n', StringSplitOptions.RemoveEmptyEntries)
                .Count(line => line.EndsWith(": eol: lf", StringComparison.Ordinal))
        );
    }

    private static void AssertLfOnly(string directory)
    {
        var files = Directory.GetFiles(directory);
        Assert.NotEmpty(files);
        Assert.All(files, file =>
            Assert.False(File.ReadAllText(file).Contains('\r'), $"{Path.GetFileName(file)} holds a carriage return")
        );
    }

    private static async Task<(int, string)> Git(params string[] arguments)
    {
        var start = new System.Diagnostics.ProcessStartInfo("git")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = RepositoryPaths.Root,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var git = System.Diagnostics.Process.Start(start)!;
        var output = await git.StandardOutput.ReadToEndAsync();
        await git.WaitForExitAsync();
        return (git.ExitCode, output);
    }
}
