using System.Text;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// A report built once as headings, paragraphs, lists, tables and images, and written as Markdown and as HTML alike.
/// </summary>
public sealed class ReportDocument
{
    private readonly List<Block> _blocks = [];

    private abstract record Block;

    private sealed record Heading(int Level, string Text) : Block;

    private sealed record Paragraph(string Text) : Block;

    private sealed record Bullets(IReadOnlyList<string> Items) : Block;

    private sealed record Table(
        IReadOnlyList<string> Header,
        IReadOnlyList<IReadOnlyList<string>> Rows,
        bool[] RightAligned
    ) : Block;

    private sealed record Image(string File, string Caption) : Block;

    public ReportDocument AddHeading(int level, string text) => Add(new Heading(level, text));

    public ReportDocument AddParagraph(string text) => Add(new Paragraph(text));

    public ReportDocument AddBullets(IEnumerable<string> items)
    {
        var list = items.ToList();
        return list.Count == 0 ? this : Add(new Bullets(list));
    }

    /// <summary>A table; the columns in <paramref name="rightAligned"/> hold numbers and are aligned right.</summary>
    public ReportDocument AddTable(
        IReadOnlyList<string> header,
        IEnumerable<IReadOnlyList<string>> rows,
        params int[] rightAligned
    )
    {
        var aligned = new bool[header.Count];
        foreach (var column in rightAligned)
        {
            aligned[column] = true;
        }

        return Add(new Table(header, [.. rows], aligned));
    }

    public ReportDocument AddImage(string file, string caption) => Add(new Image(file, caption));

    /// <summary>
    /// The document as GitHub Markdown; lines end in LF on every OS, so reports from Windows and Linux compare byte for
    /// byte.
    /// </summary>
    public string ToMarkdown()
    {
        var text = new StringBuilder();
        foreach (var block in _blocks)
        {
            switch (block)
            {
                case Heading h:
                    text.Append('#', h.Level).Append(' ').Append(h.Text).Append('\n');
                    break;
                case Paragraph p:
                    text.Append(p.Text).Append('\n');
                    break;
                case Bullets b:
                    foreach (var item in b.Items)
                    {
                        text.Append("- ").Append(item).Append('\n');
                    }

                    break;
                case Table t:
                    text.Append("| " + string.Join(" | ", t.Header.Select(Cell)) + " |").Append('\n');
                    text.Append("|" + string.Concat(t.RightAligned.Select(right => right ? "---:|" : "---|")))
                        .Append('\n');
                    foreach (var row in t.Rows)
                    {
                        text.Append("| " + string.Join(" | ", row.Select(Cell)) + " |").Append('\n');
                    }

                    break;
                case Image i:
                    text.Append($"![{i.Caption}]({i.File})").Append('\n');
                    break;
            }

            text.Append('\n');
        }

        return text.ToString();
    }

    private const string Style =
        "<style>body{font-family:sans-serif;max-width:1400px;margin:2em auto;padding:0 "
        + "1em}table{border-collapse:collapse;margin:1em 0;max-width:100%;font-size:0.85em}"
        + "td,th{border:1px solid #ccc;padding:3px "
        + "6px;overflow-wrap:break-word}td.n{text-align:right;white-space:nowrap}th{background:#f3f3f3}"
        + "figure{margin:1em 0}img{width:100%;height:auto}</style></head><body>";

    public string ToHtml(string title)
    {
        var html = new StringBuilder()
            .Append("<!DOCTYPE html>")
            .Append('\n')
            .Append("<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Encode(title) + "</title>")
            .Append('\n')
            .Append(Style)
            .Append('\n');
        foreach (var block in _blocks)
        {
            switch (block)
            {
                case Heading h:
                    html.Append($"<h{h.Level}>{Encode(h.Text)}</h{h.Level}>").Append('\n');
                    break;
                case Paragraph p:
                    html.Append($"<p>{Inline(p.Text)}</p>").Append('\n');
                    break;
                case Bullets b:
                    html.Append("<ul>" + string.Concat(b.Items.Select(i => $"<li>{Inline(i)}</li>")) + "</ul>")
                        .Append('\n');
                    break;
                case Table t:
                    AppendTable(html, t);
                    break;
                case Image i:
                    html.Append(
                            $"<figure><img src=\"{Encode(i.File)}\" "
                                + $"alt=\"{Encode(i.Caption)}\"><figcaption>{Encode(i.Caption)}</figcaption></figure>"
                        )
                        .Append('\n');
                    break;
            }
        }

        return html.Append("</body></html>").Append('\n').ToString();
    }

    /// <summary>A table in HTML, its numeric columns right-aligned.</summary>
    private static void AppendTable(StringBuilder html, Table t)
    {
        html.Append("<table><tr>" + string.Concat(t.Header.Select(c => $"<th>{Inline(c)}</th>")) + "</tr>")
            .Append('\n');
        foreach (var row in t.Rows)
        {
            html.Append(
                    "<tr>"
                        + string.Concat(
                            row.Select(
                                (c, i) =>
                                    t.RightAligned[i] ? $"<td class=\"n\">{Inline(c)}</td>" : $"<td>{Inline(c)}</td>"
                            )
                        )
                        + "</tr>"
                )
                .Append('\n');
        }

        html.Append("</table>").Append('\n');
    }

    private ReportDocument Add(Block block)
    {
        _blocks.Add(block);
        return this;
    }

    /// <summary>
    /// Escapes only what HTML needs escaped; the page is UTF-8, so "×" and "μs" stay readable in its source.
    /// </summary>
    private static string Encode(string text) =>
        text.Replace("&", "&amp;", StringComparison.Ordinal)
            .Replace("<", "&lt;", StringComparison.Ordinal)
            .Replace(">", "&gt;", StringComparison.Ordinal)
            .Replace("\"", "&quot;", StringComparison.Ordinal);

    private static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);

    /// <summary>HTML-encodes, then turns Markdown's `code` and **bold** into their tags.</summary>
    private static string Inline(string text)
    {
        var encoded = Encode(text);
        var result = new StringBuilder();
        var code = false;
        var bold = false;
        for (var i = 0; i < encoded.Length; i++)
        {
            if (encoded[i] == '`')
            {
                result.Append(code ? "</code>" : "<code>");
                code = !code;
            }
            else if (!code && encoded[i] == '*' && i + 1 < encoded.Length && encoded[i + 1] == '*')
            {
                result.Append(bold ? "</b>" : "<b>");
                bold = !bold;
                i++;
            }
            else
            {
                result.Append(encoded[i]);
            }
        }

        return result.ToString();
    }
}
