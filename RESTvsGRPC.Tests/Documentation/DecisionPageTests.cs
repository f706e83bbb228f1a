using System.Text.RegularExpressions;
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

    /// <summary>The run README's table quotes: its results file (with the run it pooled) and what <c>summary</c> writes from it.</summary>
    private static string StoredRun => Path.Combine(RepositoryPaths.Root, "docs", "run");

    private static string Readme => File.ReadAllText(Path.Combine(RepositoryPaths.Root, "README.md"));

    private static string Page(string name) => File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", name));

    [Fact]
    public void Readme_picture_and_sample_summary_are_what_summary_writes_from_the_stored_run()
    {
        RunSummary.Write(RunResults.Load(StoredRun), RunResults.LoadPrevious(StoredRun), _directory.Path);

        StoredReports.Matches("docs/run", _directory.Path, Path.Combine(StoredRun, "report"));
        Assert.Contains("](docs/run/report/headline.svg)", Readme);
        Assert.Contains("](docs/run/report/summary.md)", Readme);
    }

    [Fact]
    public void Readme_opens_with_the_decision_and_what_was_not_measured_and_stays_short()
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, "README.md"));
        var firstScreen = string.Join('\n', lines.Take(FirstScreenLines));

        Assert.InRange(lines.Length, 1, MaxReadmeLines);
        Assert.InRange(lines.Take(FirstScreenLines).Count(line => line.StartsWith("- **", StringComparison.Ordinal)), 4, 6);
        Assert.Contains("**Not measured**", firstScreen);
        Assert.DoesNotMatch(CommitHash(), firstScreen);
    }

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
        var table = Readme.Split('\n').SkipWhile(line => !line.StartsWith("| command | time here", StringComparison.Ordinal)).TakeWhile(line => line.StartsWith('|'));

        Assert.Contains(table, row => row.Split('|')[1].Contains(command, StringComparison.Ordinal));
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
    public void Glossary_defines_the_term_and_readme_links_it(string term)
    {
        Assert.Matches($@"(?m)^\| [^|]*\*\*{Regex.Escape(term)}\*\*", Page("glossary.md"));
        Assert.Contains("](docs/glossary.md)", Readme);
    }

    [Fact]
    public void Troubleshooting_quotes_what_the_bench_prints_for_each_case()
    {
        var page = Page("troubleshooting.md");

        Assert.True(page.Split('\n').Count(line => line.StartsWith("## ", StringComparison.Ordinal)) >= 6, "troubleshooting.md covers at least six cases");
        Assert.Contains(H2loadCrossCheck.MissingText, page);
        Assert.Contains("](docs/troubleshooting.md)", Readme);
    }

    [GeneratedRegex(@"`[0-9a-f]{7,40}`")]
    private static partial Regex CommitHash();
}
