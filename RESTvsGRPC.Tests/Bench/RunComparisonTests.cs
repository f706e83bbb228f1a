using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary><c>compare</c> refusing what it cannot compare, in one line (its reports: <see cref="Reports.ReportSnapshotTests"/>).</summary>
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
        Assert.Equal(1, await BenchCommandLine.InvokeAsync(["compare", run, _directory.File("empty"), "--out", _directory.File("out")], TextWriter.Null, error));
        Assert.Contains(Path.Combine(_directory.File("empty"), RunResults.FileName), error.ToString());
    }

    private string SaveRun(string name, RunResults run)
    {
        var folder = _directory.File(name);
        Directory.CreateDirectory(folder);
        run.Save(folder);
        return folder;
    }
}
