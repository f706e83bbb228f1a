using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary><c>compare</c> refusing what it cannot compare, in one line (its reports: <see
/// cref="Reports.ReportSnapshotTests"/>).</summary>
public sealed class RunComparisonTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task Compare_refuses_a_single_folder_and_names_a_folder_without_results()
    {
        var run = SaveRun("run", RunFixture.Run());
        Directory.CreateDirectory(_directory.File("empty"));
        var error = new StringWriter();

        Assert.Equal(2, await BenchCommandLine.InvokeAsync(["compare", run], TextWriter.Null, TextWriter.Null));
        Assert.Equal(
            1,
            await BenchCommandLine.InvokeAsync(
                ["compare", run, _directory.File("empty"), "--out", _directory.File("out")],
                TextWriter.Null,
                error
            )
        );
        Assert.Contains(Path.Combine(_directory.File("empty"), RunResults.FileName), error.ToString());
    }

    [Fact]
    public async Task Compare_labels_a_runs_headline_or_results_folder_by_the_folder_it_was_written_into()
    {
        var first = SaveRun(Path.Combine("first-run", "headline"), RunFixture.Run());
        var second = SaveRun(Path.Combine("second-run", "results"), RunFixture.Run());

        Assert.Equal(
            0,
            await BenchCommandLine.InvokeAsync(
                ["compare", first, second, "--out", _directory.File("out")],
                TextWriter.Null,
                TextWriter.Null
            )
        );
        var report = File.ReadAllText(Path.Combine(_directory.File("out"), "compare.md"));
        Assert.Contains("| #1 first-run |", report);
        Assert.Contains("| #2 second-run |", report);
    }

    private string SaveRun(string name, RunResults run)
    {
        var folder = _directory.File(name);
        Directory.CreateDirectory(folder);
        run.Save(folder);
        return folder;
    }
}
