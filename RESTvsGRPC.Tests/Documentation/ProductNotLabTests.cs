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

    /// <summary>The widest a line of the bench, its results and its reports may be, literals' text aside.</summary>
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
                .EnumerateFiles(Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Reports"), "*.cs")
                .Order()
                .Select(Path.GetFileName)
                .OfType<string>(),
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
            $"README and docs hold {hashes} commit hashes; at most {MaxCommitHashes}: a results table carries one 'measured on' line"
        );
        Assert.All(pages, page => Assert.DoesNotMatch(TimeOfDay(), page.Value));
        Assert.False(
            Directory.Exists(Path.Combine(RepositoryPaths.Root, "scripts"))
                && Directory.EnumerateFiles(Path.Combine(RepositoryPaths.Root, "scripts")).Any(EmbedsPython),
            "a script under scripts/ embeds Python: results are read through RESTvsGRPC.Results (compare, summary), not a second parser"
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

    /// <summary>
    /// Every line of the bench, its results and its reports reads at once: at most 120 characters, where the text
    /// inside string literals (messages, help, report sentences) does not count.
    /// </summary>
    [Theory]
    [InlineData("RESTvsGRPC.Bench")]
    [InlineData("RESTvsGRPC.Results")]
    [InlineData("RESTvsGRPC.Reports")]
    public void No_line_of_code_is_wider_than_120_characters(string project)
    {
        var folder = Path.Combine(RepositoryPaths.Root, project);
        var sources = Directory
            .EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(file =>
                !Path.GetRelativePath(folder, file).Split(Path.DirectorySeparatorChar).Any(p => p is "bin" or "obj")
            );

        var wide = sources
            .SelectMany(file =>
                CodeWidths(File.ReadAllText(file))
                    .Select((width, index) => (Line: $"{Path.GetRelativePath(folder, file)}:{index + 1}", Width: width))
            )
            .Where(line => line.Width > MaxLineWidth)
            .Select(line => $"{line.Line} ({line.Width})")
            .ToList();

        Assert.True(
            wide.Count == 0,
            $"{wide.Count} lines over {MaxLineWidth} characters: {string.Join(", ", wide.Take(20))}"
        );
    }

    [Fact]
    public void Code_width_leaves_out_the_text_of_string_literals_only()
    {
        var text =
            "var a = \""
            + new string('x', 200)
            + "\";\n"
            + "var b = 1; // "
            + new string('y', 200)
            + "\n"
            + "var c = $\"\"\"\n"
            + new string('z', 200)
            + "\n\"\"\";\n"
            + "var d = '\"'; "
            + new string('w', 130)
            + "\n"
            + "var e = $\"{string.Join(\"; \", x)}"
            + new string('v', 200)
            + "\";";

        Assert.Equal([11, 214, 12, 0, 4, 143, 12], CodeWidths(text));
    }

    /// <summary>
    /// Each line's width with the text inside string literals (regular, verbatim, interpolated and raw) taken out, the
    /// quotes kept; comments and code count in full.
    /// </summary>
    private static List<int> CodeWidths(string source)
    {
        var widths = new List<int>();
        var (width, i) = (0, 0);
        while (i < source.Length)
        {
            var c = source[i];
            if (c == '\n')
            {
                widths.Add(width);
                (width, i) = (0, i + 1);
            }
            else if (c == '/' && i + 1 < source.Length && source[i + 1] == '/')
            {
                var end = source.IndexOf('\n', i);
                end = end < 0 ? source.Length : end;
                (width, i) = (width + end - i, end);
            }
            else if (c == '\'')
            {
                var end = source[i + 1] == '\\' ? source.IndexOf('\'', i + 3) : i + 2;
                (width, i) = (width + end + 1 - i, end + 1);
            }
            else if (c == '"')
            {
                (width, i) = SkipLiteral(source, i, width + 1, widths);
            }
            else
            {
                (width, i) = (width + 1, i + 1);
            }
        }

        widths.Add(width);
        return widths;
    }

    /// <summary>
    /// Past the literal whose first quote is at <paramref name="start"/> (already counted): its other quotes count, its
    /// text and interpolation holes not; a string inside a hole is skipped whole.
    /// </summary>
    private static (int Width, int Next) SkipLiteral(string source, int start, int width, List<int> widths)
    {
        var quotes = 0;
        while (start + quotes < source.Length && source[start + quotes] == '"')
        {
            quotes++;
        }

        if (quotes == 2)
        {
            return (width + 1, start + 2);
        }

        var prefix = source[Math.Max(0, start - 3)..start];
        var (verbatim, interpolated) = (prefix.EndsWith('@') || prefix.EndsWith("@$"), prefix.EndsWith('$'));
        var closing = quotes >= 3 ? new string('"', quotes) : "\"";
        var (i, holes) = (start + closing.Length, 0);
        width += closing.Length - 1;
        while (i < source.Length)
        {
            var c = source[i];
            if (c == '\n')
            {
                widths.Add(width);
                (width, i) = (0, i + 1);
            }
            else if (holes > 0 && c == '"')
            {
                (_, i) = SkipLiteral(source, i, 0, []);
            }
            else if (interpolated && c is '{' or '}' && i + 1 < source.Length && source[i + 1] == c && holes == 0)
            {
                i += 2;
            }
            else if (interpolated && c == '{')
            {
                (holes, i) = (holes + 1, i + 1);
            }
            else if (interpolated && c == '}' && holes > 0)
            {
                (holes, i) = (holes - 1, i + 1);
            }
            else if (holes == 0 && closing == "\"" && !verbatim && c == '\\')
            {
                i += 2;
            }
            else if (
                holes == 0
                && closing == "\""
                && verbatim
                && c == '"'
                && i + 1 < source.Length
                && source[i + 1] == '"'
            )
            {
                i += 2;
            }
            else if (holes == 0 && string.CompareOrdinal(source, i, closing, 0, closing.Length) == 0)
            {
                return (width + closing.Length, i + closing.Length);
            }
            else
            {
                i++;
            }
        }

        return (width, i);
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
