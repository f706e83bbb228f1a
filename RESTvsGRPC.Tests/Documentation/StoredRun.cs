using System.Collections.Concurrent;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// A run the documentation quotes (<c>docs/runs/NAME</c>), rendered by <c>summary</c> from its results and read back
/// as the tables of its summary.md: where a figure on the decision page is looked up.
/// </summary>
internal sealed class StoredRun
{
    private static readonly ConcurrentDictionary<string, StoredRun> Rendered = new();

    private StoredRun(string text)
    {
        Text = text;
        Tables = MarkdownTable.AllIn(text);
    }

    /// <summary>The folder of the stored runs.</summary>
    public static string Root => Path.Combine(RepositoryPaths.Root, "docs", "runs");

    /// <summary>The summary's whole text.</summary>
    public string Text { get; }

    /// <summary>Every table of the summary, each under the heading above it.</summary>
    public IReadOnlyList<MarkdownTable> Tables { get; }

    /// <summary>
    /// The stored run <paramref name="name"/> as <c>summary</c> writes it, pooled with the runs before it.
    /// </summary>
    public static StoredRun Named(string name) =>
        Rendered.GetOrAdd(name, n =>
            Render(RunResults.Load(Path.Combine(Root, n)), RunResults.LoadPrevious(Path.Combine(Root, n)))
        );

    /// <summary>
    /// The run the stored run <paramref name="name"/> was pooled with, as <c>summary</c> writes it alone.
    /// </summary>
    public static StoredRun PreviousOf(string name) =>
        Rendered.GetOrAdd(name + "/previous", _ =>
            Render(
                RunResults.LoadPrevious(Path.Combine(Root, name))
                    ?? throw new InvalidDataException($"docs/runs/{name} holds no previous run"),
                null
            )
        );

    /// <summary>
    /// The first table under a heading starting with <paramref name="heading"/> that has <paramref name="column"/>.
    /// </summary>
    public MarkdownTable Table(string heading, string column) =>
        Tables.FirstOrDefault(t => t.Heading.StartsWith(heading, StringComparison.Ordinal) && t.Header.Contains(column))
        ?? throw new InvalidDataException($"no table under '{heading}…' with a column '{column}'");

    private static StoredRun Render(RunResults run, RunResults? previous)
    {
        var directory = Directory.CreateTempSubdirectory("restvsgrpc-stored-");
        try
        {
            RunSummary.Write(run, previous, directory.FullName);
            return new StoredRun(File.ReadAllText(Path.Combine(directory.FullName, "summary.md")));
        }
        finally
        {
            directory.Delete(recursive: true);
        }
    }
}

/// <summary>A Markdown table of a summary: the heading above it, its header and its rows of cells.</summary>
internal sealed record MarkdownTable(
    string Heading,
    IReadOnlyList<string> Header,
    IReadOnlyList<IReadOnlyList<string>> Rows
)
{
    /// <summary>
    /// The cell in <paramref name="column"/> of the one row whose first cells are <paramref name="key"/> (a key ending
    /// in "…" matches a cell that starts with the rest).
    /// </summary>
    public string Cell(string column, params string[] key)
    {
        var index = Header.ToList().IndexOf(column);
        var rows = Rows.Where(r => r.Count >= key.Length && key.Select((k, i) => Matches(k, r[i])).All(m => m))
            .ToList();
        Assert.True(
            index >= 0 && rows.Count == 1,
            $"'{Heading}': {rows.Count} rows [{string.Join(" | ", key)}], column '{column}'"
        );
        return rows[0][index];
    }

    private static bool Matches(string key, string cell) =>
        key.EndsWith('…') ? cell.StartsWith(key[..^1], StringComparison.Ordinal) : cell == key;

    /// <summary>The tables of a Markdown text, each under the nearest heading above it.</summary>
    public static IReadOnlyList<MarkdownTable> AllIn(string text)
    {
        var tables = new List<MarkdownTable>();
        var heading = "";
        var lines = text.Split('\n');
        for (var i = 0; i < lines.Length; i++)
        {
            if (lines[i].StartsWith('#'))
            {
                heading = lines[i].TrimStart('#', ' ');
            }
            else if (
                lines[i].StartsWith('|')
                && i + 1 < lines.Length
                && lines[i + 1].StartsWith("|---", StringComparison.Ordinal)
            )
            {
                var rows = lines.Skip(i + 2).TakeWhile(l => l.StartsWith('|')).Select(Cells).ToList();
                tables.Add(new MarkdownTable(heading, Cells(lines[i]), rows));
                i += rows.Count + 1;
            }
        }

        return tables;
    }

    private static IReadOnlyList<string> Cells(string row) =>
        [.. row.Trim().Trim('|').Split('|').Select(c => c.Trim())];
}
