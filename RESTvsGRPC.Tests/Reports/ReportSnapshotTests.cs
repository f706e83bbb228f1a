using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>
/// Every report rendered again from a stored results file, compared byte for byte with its approved files: the
/// summary (Markdown, HTML, charts, the scaling fit), <c>compare</c>, load mode's summary and the soak verdict.
/// A report that changes shape fails here until its new files are approved (<see cref="StoredReports"/>).
/// </summary>
public sealed class ReportSnapshotTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>
    /// The stored benchmark runs: typed-in fixtures whose figures are known (headline-batches: headline-trials with
    /// BenchmarkDotNet's small gRPC call timed again at 200 calls, far from its 100), a real dry run of every suite,
    /// two real quick headline runs written into one folder (the second pools the first), and two real quick runs of
    /// the headline alone into one folder (the second set against the first, which it kept), a real headline over three
    /// links (loopback, 1 Gbit/s, 100 Mbit/s), and the same with one 100 Mbit/s trial's answers typed up by 30 %,
    /// beyond the rate (a shaping fault), a real dry <c>--suite aot</c> (cold starts, memory, and one trial of the JIT
    /// and AOT arms), two real <c>--suite aot</c> runs written into one folder (the second pools the first), a real
    /// default run (its checks by other methods from its own figures), the third of three real default runs written
    /// into one folder (its pool carries the first two), a real quick run whose BenchmarkDotNet processes each settled
    /// the JIT on their case first, a real quick run of the styles' trials alone (<c>--headline --suite styles
    /// --quick</c>), and a real <c>--headline</c> whose trials measured every arm at each level, took each arm's
    /// throughput at the level chosen on the other trials and stopped at the time cap, and a real <c>--headline --tls
    /// --quick</c> (the TLS arms beside their cleartext twins, each TLS session, each arm's first answer), and a real
    /// <c>--headline --tls --link 100mbit</c> (the same on the large calls over a shaped link, its physics check), and
    /// a real <c>--headline --link 1ms-rtt,20ms-rtt+0.5%-loss --trials 1</c> (round trips per call, the round-trip
    /// check, the delay line, the settings in effect).
    /// </summary>
    public static TheoryData<string> Runs =>
        [
            "transport",
            "headline-trials",
            "headline-batches",
            "styles",
            "styles-trials",
            "run-to-run",
            "dry-full",
            "headline-pooled",
            "headline-again",
            "links",
            "links-fault",
            "aot",
            "aot-pooled",
            "default-run",
            "default-pooled",
            "quick-settled",
            "styles-headline",
            "headline",
            "headline-tls",
            "headline-tls-link",
            "links-round-trip",
        ];

    /// <summary>The stored load and soak runs.</summary>
    public static TheoryData<string> Loads => ["load", "load-incomplete", "soak"];

    [Theory]
    [MemberData(nameof(Runs))]
    public void Run_summary_renders_from_its_stored_results_as_approved(string name)
    {
        var run = RunResults.Load(StoredReports.Folder(name));

        RunSummary.Write(run, RunResults.LoadPrevious(StoredReports.Folder(name)), _directory.Path);

        StoredReports.Matches(name, _directory.Path);
    }

    /// <summary>
    /// <c>summary DIR</c> on a copy of a run's results file writes the very files the run wrote (its approved files):
    /// a benchmark run with a scaling fit, a run set against the run it replaced in its folder (kept in
    /// <see cref="RunResults.PreviousFolder"/>), and a soak with its verdict.
    /// </summary>
    [Theory]
    [InlineData("dry-full", RunResults.FileName)]
    [InlineData("run-to-run", RunResults.FileName)]
    [InlineData("soak", LoadResults.FileName)]
    public async Task Summary_command_writes_the_same_files_as_the_run_did(string name, string resultsFile)
    {
        File.Copy(Path.Combine(StoredReports.Folder(name), resultsFile), _directory.File(resultsFile));
        var previous = Path.Combine(StoredReports.Folder(name), RunResults.PreviousFolder, RunResults.FileName);
        if (File.Exists(previous))
        {
            Directory.CreateDirectory(_directory.File(RunResults.PreviousFolder));
            File.Copy(previous, Path.Combine(_directory.File(RunResults.PreviousFolder), RunResults.FileName));
        }

        Assert.Equal(
            0,
            await RESTvsGRPC.Bench.BenchCommandLine.InvokeAsync(
                ["summary", _directory.Path],
                TextWriter.Null,
                TextWriter.Null
            )
        );
        File.Delete(_directory.File(resultsFile));
        if (File.Exists(previous))
        {
            Directory.Delete(_directory.File(RunResults.PreviousFolder), recursive: true);
        }

        StoredReports.Matches(name, _directory.Path);
    }

    /// <summary>
    /// Two runs apart by half again (another OS), two whose small GETs differ within both runs' errors (≈), two
    /// headline runs of one build, two runs over links (one with a shaping fault), two over the same round-trip links,
    /// two <c>--suite aot</c> runs of one build beside each other, a TLS headline beside a cleartext one, README's two
    /// headline runs with their open loops, and README's second run beside a real dry run whose small call did not hold
    /// the open loop's middle rate.
    /// </summary>
    public static TheoryData<string, string, string> Comparisons =>
        new()
        {
            { "compare", "transport", "windows" },
            { "compare-within-error", "transport", "run-to-run" },
            { "compare-headline", "headline-quick", "headline-pooled" },
            { "compare-links", "links", "links-fault" },
            { "compare-round-trips", "links-round-trip", "links-round-trip-again" },
            { "compare-aot", "aot-pooled/previous", "aot-pooled" },
            { "compare-tls", "headline", "headline-tls" },
            {
                "compare-open-loop",
                "../../../docs/runs/headline-earlier/previous",
                "../../../docs/runs/headline-earlier"
            },
            { "compare-not-held", "../../../docs/runs/headline-earlier", "dry-open-loop" },
        };

    [Theory]
    [MemberData(nameof(Comparisons))]
    public void Compare_renders_from_stored_runs_as_approved(string name, string first, string second)
    {
        var status = RunComparison.Run(
            [StoredReports.Folder(first), StoredReports.Folder(second)],
            _directory.Path,
            TextWriter.Null,
            TextWriter.Null
        );

        Assert.Equal(0, status);
        StoredReports.Matches(name, _directory.Path);
    }

    [Fact]
    public void Compare_reads_a_run_copied_from_windows_with_crlf_and_backslash_paths_as_the_same_run()
    {
        var copied = Directory.CreateDirectory(_directory.File("copied/windows")).FullName;
        var run = RunResults.Load(StoredReports.Folder("windows"));
        (run with { Provenance = run.Provenance with { DataFile = @"C:\src\RESTvsGRPC\data\meteorites.json" } }).Save(
            copied
        );
        var json = Path.Combine(copied, RunResults.FileName);
        File.WriteAllText(json, File.ReadAllText(json).ReplaceLineEndings("\r\n"));

        var status = RunComparison.Run(
            [StoredReports.Folder("transport"), copied + Path.DirectorySeparatorChar],
            _directory.File("out"),
            TextWriter.Null,
            TextWriter.Null
        );

        Assert.Equal(0, status);
        StoredReports.Matches("compare", _directory.File("out"));
    }

    [Theory]
    [MemberData(nameof(Loads))]
    public void Load_summary_and_soak_verdict_render_from_stored_results_as_approved(string name)
    {
        var results = LoadResults.Load(StoredReports.Folder(name));

        LoadSummary.Write(results, _directory.Path);

        StoredReports.Matches(name, _directory.Path);
    }
}
