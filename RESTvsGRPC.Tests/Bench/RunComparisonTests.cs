using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Reports;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary><c>compare</c> on result folders: ratios between runs, ≈ within error, each run's REST/gRPC ratios, clear errors.</summary>
public sealed class RunComparisonTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Compare_puts_two_runs_side_by_side_with_ratios_and_marks_differences_within_error()
    {
        var linux = SaveRun("linux", RunFixture.Run());
        var windows = SaveRun("windows", RunFixture.Run(scale: 1.5, os: "Microsoft Windows 10.0.26100"));
        var output = new StringWriter();

        var status = RunComparison.Run([linux, windows], _directory.File("out"), output, TextWriter.Null);

        var markdown = File.ReadAllText(_directory.File("out/compare.md"));
        Assert.Equal(0, status);
        Assert.Contains(_directory.File("out/compare.md"), output.ToString());
        Assert.Contains("| #1 linux | 0123456789ab | Debian GNU/Linux 12 (bookworm) |", markdown);
        Assert.Contains("| #2 windows | 0123456789ab | Microsoft Windows 10.0.26100 |", markdown);
        Assert.Contains("| TransportBenchmarks.RestGetLargePayload Calls=100 | 4.00 ms ± 100 μs | 6.00 ms ± 100 μs | 1.50× |", markdown);
        Assert.Contains("| TransportBenchmarks.RestGetSmallPayload Calls=100 | 60.0 μs ± 10.0 μs | 90.0 μs ± 10.0 μs | 1.50× |", markdown);
        Assert.Contains("| GetLargePayload | 100 | gRPC list | 4.00× | 4.00× |", markdown);
        Assert.True(File.Exists(_directory.File("out/compare.svg")));
    }

    [Fact]
    public void Compare_reads_a_run_copied_from_windows_with_crlf_and_backslash_paths()
    {
        var linux = SaveRun("linux", RunFixture.Run());
        var fromWindows = RunFixture.Run(scale: 2, os: "Microsoft Windows 10.0.26100");
        var windows = SaveRun("windows", fromWindows with { Provenance = fromWindows.Provenance with { DataFile = @"C:\src\RESTvsGRPC\data\meteorites.json" } });
        var json = Path.Combine(windows, RunResults.FileName);
        File.WriteAllText(json, File.ReadAllText(json).ReplaceLineEndings("\r\n"));

        var status = RunComparison.Run([linux, windows + Path.DirectorySeparatorChar], _directory.File("out"), TextWriter.Null, TextWriter.Null);

        Assert.Equal(0, status);
        var markdown = File.ReadAllText(_directory.File("out/compare.md"));
        Assert.Contains("| #2 windows | 0123456789ab | Microsoft Windows 10.0.26100 |", markdown);
        Assert.Contains("| TransportBenchmarks.RestGetLargePayload Calls=100 | 4.00 ms ± 100 μs | 8.00 ms ± 100 μs | 2.00× |", markdown);
        Assert.DoesNotContain('\r', markdown);
    }

    [Fact]
    public void Compare_marks_a_difference_within_both_runs_errors()
    {
        var first = SaveRun("a", RunFixture.Run());
        var second = SaveRun("b", RunFixture.Run(scale: 1.1));

        RunComparison.Run([first, second], _directory.File("out"), TextWriter.Null, TextWriter.Null);

        Assert.Contains("| TransportBenchmarks.RestGetSmallPayload Calls=100 | 60.0 μs ± 10.0 μs | 66.0 μs ± 10.0 μs | ≈ 1.10× |", File.ReadAllText(_directory.File("out/compare.md")));
    }

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
