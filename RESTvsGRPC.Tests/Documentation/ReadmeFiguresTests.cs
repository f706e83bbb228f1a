using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// Every figure on README's decision page is a stored run's (<c>docs/runs</c>), rounded as printed: the decision
/// bullets and the sentences around the table through <see cref="ReadmeFigures.Sentences"/>, the table cell by cell
/// against the pooled headline, and no number on the first screen without a source.
/// </summary>
public sealed partial class ReadmeFiguresTests
{
    private const int FirstScreenLines = 30;

    private static readonly string[] ReadmeLines = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, "README.md"));

    /// <summary>
    /// README with each line's leading spaces dropped and lines joined by a space, as a reader reads a bullet.
    /// </summary>
    private static string Readme => Joined(ReadmeLines);

    private static string Joined(IEnumerable<string> lines) => string.Join(' ', lines.Select(l => l.TrimStart()));

    public static TheoryData<int> Sentences => [.. Enumerable.Range(0, ReadmeFigures.Sentences.Count)];

    [Theory]
    [MemberData(nameof(Sentences))]
    public void Readme_sentence_prints_its_stored_figures_rounded(int index)
    {
        var figure = ReadmeFigures.Sentences[index];

        figure.Holds(figure.Find(Readme).Printed);
    }

    [Fact]
    public void Every_number_on_readme_first_screen_is_a_stored_figure_or_a_setting_of_the_stored_runs()
    {
        var firstScreen = Joined(ReadmeLines.Take(FirstScreenLines));
        var sourced = ReadmeFigures.Sentences.Select(s => s.Find(Readme)).ToList();
        var settings = ReadmeFigures
            .Settings.Where(s => firstScreen.Contains(s.Phrase, StringComparison.Ordinal))
            .ToList();

        var unsourced = Figures()
            .Matches(LinkTargets().Replace(firstScreen, m => new string(' ', m.Length)))
            .Where(n => !sourced.Any(s => n.Index >= s.Index && n.Index < s.Index + s.Length))
            .Where(n => !settings.Any(s => Covers(firstScreen, s.Phrase, n.Index)))
            .Select(n => $"'{n.Value}' in \"…{Around(firstScreen, n.Index)}…\"")
            .ToList();

        Assert.True(
            unsourced.Count == 0,
            "README's first screen prints numbers no stored run gives: " + string.Join("; ", unsourced)
        );
    }

    [Fact]
    public void Readme_settings_on_the_first_screen_are_the_stored_runs_settings()
    {
        Assert.All(ReadmeFigures.Settings, s =>
        {
            Assert.Contains(s.Phrase, Readme);
            Assert.True(s.Holds(), $"README's '{s.Phrase}' is not what {s.Source}");
        });
    }

    [Fact]
    public void Readme_table_is_the_stored_headline_pooled_cell_by_cell()
    {
        var rows = MarkdownTable
            .AllIn(string.Join('\n', ReadmeLines))
            .Single(t => t.Header.Contains("p99 ratio at 50 % (run 1; run 2)"))
            .Rows;
        var run = StoredRun.Named(ReadmeFigures.Headline);
        var pooled = run.Table("Pooled over", "pooled");

        Assert.Equal(8, rows.Count);
        Assert.All(rows, row =>
        {
            var operation = ReadmeFigures.Operation(row[0]);
            Assert.Equal(pooled.Cell("pooled", "latency", operation, row[1]), row[2]);
            Assert.Equal(pooled.Cell("pooled", "throughput", operation, row[1]), row[3]);
            Assert.Equal(
                $"{ReadmeFigures.P99Ratio(StoredRun.PreviousOf(ReadmeFigures.Headline), operation, row[1])}; "
                    + ReadmeFigures.P99Ratio(run, operation, row[1]),
                row[4]
            );
        });
    }

    private static bool Covers(string text, string phrase, int index)
    {
        for (
            var at = text.IndexOf(phrase, StringComparison.Ordinal);
            at >= 0;
            at = text.IndexOf(phrase, at + 1, StringComparison.Ordinal)
        )
        {
            if (index >= at && index < at + phrase.Length)
            {
                return true;
            }
        }

        return false;
    }

    private static string Around(string text, int index) =>
        text.Substring(Math.Max(0, index - 30), Math.Min(60, text.Length - Math.Max(0, index - 30)))
            .ReplaceLineEndings(" ");

    /// <summary>
    /// A number standing as a figure: not inside a word, a version, a protocol's name or a link's target.
    /// </summary>
    [GeneratedRegex(@"(?<![\w./,-])\d[\d,]*(?:\.\d+)?(?!\d|\.\d)")]
    private static partial Regex Figures();

    [GeneratedRegex(@"\]\([^)]*\)|`[^`]*`|HTTP/\d(?:\.\d)?")]
    private static partial Regex LinkTargets();
}
