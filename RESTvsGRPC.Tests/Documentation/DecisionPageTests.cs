using System.Text.RegularExpressions;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.CrossChecks;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Reports;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// README is the decision page: the answer and what was not measured on its first screen, short, its picture and
/// sample summary written by the project's own <c>summary</c> from the stored run its table quotes, the commands'
/// run times, the terms defined once, and help for what goes wrong.
/// </summary>
public sealed partial class DecisionPageTests : IDisposable
{
    private const int MaxReadmeLines = 150;

    private const int FirstScreenLines = 30;

    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    private static string Readme => File.ReadAllText(Path.Combine(RepositoryPaths.Root, "README.md"));

    private static string Page(string name) => File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", name));

    /// <summary>Every run the documentation quotes, by its folder's name under <c>docs/runs</c>.</summary>
    public static TheoryData<string> StoredRuns =>
        [.. Directory.GetDirectories(StoredRun.Root).Select(Path.GetFileName).OfType<string>().Order()];

    [Theory]
    [MemberData(nameof(StoredRuns))]
    public void Stored_run_report_is_what_summary_writes_from_its_results(string name)
    {
        var folder = Path.Combine(StoredRun.Root, name);

        RunSummary.Write(RunResults.Load(folder), RunResults.LoadPrevious(folder), _directory.Path);

        StoredReports.Matches($"docs/runs/{name}", _directory.Path, Path.Combine(folder, "report"));
    }

    [Fact]
    public void Readme_shows_the_pooled_chart_of_the_run_its_table_quotes()
    {
        Assert.Contains("](docs/runs/headline/report/headline-pooled.svg)", Readme);
        Assert.Contains("](docs/runs/headline/report/summary.md)", Readme);
    }

    [Fact]
    public void Readme_opens_with_the_decision_and_what_was_not_measured_and_stays_short()
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, "README.md"));
        var firstScreen = string.Join('\n', lines.Take(FirstScreenLines));

        Assert.InRange(lines.Length, 1, MaxReadmeLines);
        Assert.InRange(
            lines.Take(FirstScreenLines).Count(line => line.StartsWith("- **", StringComparison.Ordinal)),
            4,
            6
        );
        Assert.Contains("**Not measured**", firstScreen);
        Assert.DoesNotMatch(CommitHash(), firstScreen);
    }

    [Fact]
    public async Task Help_states_no_run_time_the_readme_run_time_table_does_not_give()
    {
        var help = new StringWriter();

        Assert.Equal(0, await BenchCommandLine.InvokeAsync(["--help"], help, TextWriter.Null));

        var table = string.Join('\n', RunTimeTable());
        Assert.All(RunTimeClaim().Matches(help.ToString()), claim =>
            Assert.True(
                table.Contains(claim.Value, StringComparison.Ordinal),
                $"--help says '{claim.Value}', README's run-time table does not"
            )
        );
    }

    [Fact]
    public void Readme_run_time_table_times_the_test_command_and_the_first_command_is_paste_ready()
    {
        Assert.Contains(RunTimeTable(), row =>
            row.StartsWith("| `dotnet test -c Release` | ", StringComparison.Ordinal)
        );
        Assert.Contains("dotnet run -c Release --project RESTvsGRPC.Bench -- --headline --artifacts mine", Readme);
    }

    private static IEnumerable<string> RunTimeTable() =>
        Readme
            .Split('\n')
            .SkipWhile(line => !line.StartsWith("| command | time here", StringComparison.Ordinal))
            .TakeWhile(line => line.StartsWith('|'));

    [Theory]
    [InlineData("--quick")]
    [InlineData("--headline")]
    [InlineData("the default run")]
    [InlineData("--suite aot")]
    [InlineData("--link")]
    [InlineData("--tls")]
    [InlineData("load")]
    [InlineData("soak")]
    public void Readme_run_time_table_names_the_command(string command)
    {
        Assert.Contains(RunTimeTable(), row => row.Split('|')[1].Contains(command, StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("arm")]
    [InlineData("trial")]
    [InlineData("latency")]
    [InlineData("throughput")]
    [InlineData("placement")]
    [InlineData("link")]
    [InlineData("h2c")]
    [InlineData("gate")]
    [InlineData("pool")]
    [InlineData("≈")]
    [InlineData("open loop")]
    [InlineData("Kestrel")]
    [InlineData("ALPN")]
    [InlineData("JIT")]
    [InlineData("Native AOT")]
    [InlineData("short job")]
    [InlineData("p99")]
    [InlineData("robust")]
    public void Glossary_defines_the_term_and_readme_links_it(string term)
    {
        Assert.Matches($@"(?m)^\| [^|]*\*\*{Regex.Escape(term)}\*\*", Page("glossary.md"));
        Assert.Contains("](docs/glossary.md)", Readme);
    }

    [Fact]
    public void Troubleshooting_quotes_what_the_bench_prints_for_each_case()
    {
        var page = Page("troubleshooting.md");

        Assert.True(
            page.Split('\n').Count(line => line.StartsWith("## ", StringComparison.Ordinal)) >= 6,
            "troubleshooting.md covers at least six cases"
        );
        Assert.Contains(H2loadCrossCheck.MissingText, page);
        Assert.Contains("](docs/troubleshooting.md)", Readme);
    }

    [GeneratedRegex(@"\b\d+ min(?:utes?)?\b(?: \d+ s)?|(?:a quarter|half|a third) of the time")]
    private static partial Regex RunTimeClaim();

    [GeneratedRegex(@"`[0-9a-f]{7,40}`")]
    private static partial Regex CommitHash();
}
