using System.Text.RegularExpressions;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// The repository holds what users run and its documentation, not the lab behind it: the run command offers what a
/// user reaches for, the reports render data without remembering history, and the pages stay current and short.
/// </summary>
public sealed partial class ProductNotLabTests
{
    /// <summary>The most options <c>run --help</c> may list, help and version included.</summary>
    private const int MaxRunOptions = 28;

    /// <summary>
    /// The most commit hashes (in code spans: a data file's SHA-256 prefix is no commit) README and docs/ may hold
    /// together: one per results table.
    /// </summary>
    private const int MaxCommitHashes = 12;

    /// <summary>The longest a page of results or method may grow, in lines.</summary>
    private const int MaxPageLines = 300;

    /// <summary>The widest a line of the bench, its results and its reports may be.</summary>
    private const int MaxLineWidth = 120;

    [Fact]
    public async Task Run_help_lists_at_most_28_options_none_an_experiment_or_a_script()
    {
        var output = new StringWriter();

        Assert.Equal(0, await BenchCommandLine.InvokeAsync(["run", "--help"], output, TextWriter.Null));

        var options = output
            .ToString()
            .Split('\n')
            .SkipWhile(line => !line.StartsWith("Options", StringComparison.Ordinal))
            .Count(line => OptionLine().IsMatch(line));
        Assert.InRange(options, 1, MaxRunOptions);
        Assert.DoesNotMatch(LabWords(), output.ToString());
    }

    public static TheoryData<string> ReportSources() =>
        [
            .. Directory
                .EnumerateFiles(
                    Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Reports"),
                    "*.cs",
                    SearchOption.AllDirectories
                )
                .Select(file => Path.GetRelativePath(Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Reports"), file))
                .Where(file =>
                    !file.StartsWith("bin", StringComparison.Ordinal)
                    && !file.StartsWith("obj", StringComparison.Ordinal)
                )
                .Order(),
        ];

    [Theory]
    [MemberData(nameof(ReportSources))]
    public void Report_source_names_no_commit_calendar_date_or_script(string file)
    {
        var text = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Reports", file));

        Assert.Empty(CommitHashes(text));
        Assert.DoesNotMatch(CalendarDate(), text);
        Assert.DoesNotMatch(LabWords(), text);
    }

    [Fact]
    public void Pages_hold_few_commit_hashes_no_time_of_day_and_no_script_that_parses_results()
    {
        var pages = Pages()
            .ToDictionary(page => page, page => File.ReadAllText(Path.Combine(RepositoryPaths.Root, page)));

        var hashes = pages.Sum(page =>
            CommitHashes(page.Value).Count(hash => page.Value.Contains($"`{hash}`", StringComparison.Ordinal))
        );
        Assert.True(
            hashes <= MaxCommitHashes,
            $"README and docs hold {hashes} commit hashes; at most {MaxCommitHashes}: "
                + $"a results table carries one 'measured on' line"
        );
        Assert.All(pages, page => Assert.DoesNotMatch(TimeOfDay(), page.Value));
        Assert.False(
            Directory.Exists(Path.Combine(RepositoryPaths.Root, "scripts"))
                && Directory.EnumerateFiles(Path.Combine(RepositoryPaths.Root, "scripts")).Any(EmbedsPython),
            "a script under scripts/ embeds Python: results are read through RESTvsGRPC.Results (compare, summary), "
                + "not a second parser"
        );
    }

    [Theory]
    [InlineData("docs/results.md")]
    [InlineData("docs/method.md")]
    public void Page_of_results_or_method_stays_within_its_bound(string page)
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, page)).Length;

        Assert.True(
            lines <= MaxPageLines,
            $"{page} has {lines} lines; at most {MaxPageLines}: it holds the current state, the history lives in git"
        );
    }

    /// <summary>Every line of C# in every project, tests included, reads at once: at most 120 characters.</summary>
    [Theory]
    [InlineData("RESTvsGRPC.Bench")]
    [InlineData("RESTvsGRPC.Results")]
    [InlineData("RESTvsGRPC.Reports")]
    [InlineData("RESTvsGRPC.Tests")]
    [InlineData("ModelLibrary")]
    [InlineData("RestAPI")]
    [InlineData("RestAPI.Aot")]
    [InlineData("GrpcAPI")]
    [InlineData("GrpcAPI.Aot")]
    [InlineData("Shared")]
    [InlineData("DataGenerator")]
    public void No_line_is_wider_than_120_characters(string project)
    {
        var folder = Path.Combine(RepositoryPaths.Root, project);
        var sources = Directory
            .EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(file =>
                !Path.GetRelativePath(folder, file).Split(Path.DirectorySeparatorChar).Any(p => p is "bin" or "obj")
            );

        var wide = sources
            .SelectMany(file =>
                File.ReadLines(file)
                    .Select((line, index) => (Line: $"{Path.GetRelativePath(folder, file)}:{index + 1}", line.Length))
            )
            .Where(line => line.Length > MaxLineWidth)
            .Select(line => $"{line.Line} ({line.Length})")
            .ToList();

        Assert.True(
            wide.Count == 0,
            $"{wide.Count} lines over {MaxLineWidth} characters: {string.Join(", ", wide.Take(20))}"
        );
    }

    private static IEnumerable<string> Pages() =>
        [
            "README.md",
            .. Directory
                .EnumerateFiles(Path.Combine(RepositoryPaths.Root, "docs"), "*.md")
                .Order()
                .Select(page => Path.GetRelativePath(RepositoryPaths.Root, page).Replace('\\', '/')),
        ];

    /// <summary>
    /// Hexadecimal words of 7 to 40 characters with a digit and a letter: abbreviated or full commit hashes.
    /// </summary>
    private static List<string> CommitHashes(string text) =>
        [
            .. HexWord()
                .Matches(text)
                .Select(m => m.Value)
                .Where(word => word.Any(char.IsDigit) && word.Any(char.IsLetter)),
        ];

    private static bool EmbedsPython(string script) => PythonCall().IsMatch(File.ReadAllText(script));

    [GeneratedRegex(@"^\s+(-\S+, )*--?[a-zA-Z?]")]
    private static partial Regex OptionLine();

    [GeneratedRegex(@"(?<![0-9A-Za-z])[0-9a-f]{7,40}(?![0-9A-Za-z])")]
    private static partial Regex HexWord();

    [GeneratedRegex(@"\b20\d\d-[01]\d-[0-3]\d\b")]
    private static partial Regex CalendarDate();

    [GeneratedRegex(@"\b[0-2]\d:[0-5]\d(–[0-2]\d:[0-5]\d)? UTC\b")]
    private static partial Regex TimeOfDay();

    [GeneratedRegex(@"experiment|method-gaps|scripts/|\.sh\b", RegexOptions.IgnoreCase)]
    private static partial Regex LabWords();

    [GeneratedRegex(@"<<'?PY|\bpython3?\s+-")]
    private static partial Regex PythonCall();
}
