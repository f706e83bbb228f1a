using System.Text.RegularExpressions;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// A sentence of a page with its figures left open (<c>{}</c>, "2.8×" or a range "2.6–3.0×"), and where in the
/// stored runs each is read: a range is the lowest and highest of its stored figures, rounded; a figure printed
/// alone is every one of its stored figures, rounded.
/// </summary>
internal sealed partial record PageFigure(string Sentence, params Func<IReadOnlyList<string>>[] Sources)
{
    /// <summary>Where the sentence stands in <paramref name="page"/>, and the figures printed in it.</summary>
    public (int Index, int Length, IReadOnlyList<string> Printed) Find(string page)
    {
        var parts = Sentence.Split("{}");
        Assert.True(
            parts.Length - 1 == Sources.Length,
            $"'{Sentence}': {parts.Length - 1} figures, {Sources.Length} sources"
        );
        var pattern = string.Join($"(≈ )?({PrintedFigure.Pattern})", parts.Select(Regex.Escape));
        var matches = Regex.Matches(page, pattern);
        Assert.True(matches.Count == 1, $"the page should say '{Sentence}' once; it does {matches.Count} times");
        var match = matches[0];
        return (
            match.Index,
            match.Length,
            [.. Enumerable.Range(0, Sources.Length).Select(i => match.Groups[(2 * i) + 2].Value)]
        );
    }

    /// <summary>
    /// Asserts that every figure printed in the sentence is its stored figure, or the range of them, rounded.
    /// </summary>
    public void Holds(IReadOnlyList<string> printed)
    {
        for (var i = 0; i < Sources.Length; i++)
        {
            var stored = Sources[i]().Select(PrintedFigure.Parse).ToList();
            var text = printed[i];
            var range = text.Split('–');
            var figures =
                range.Length == 2
                    ? (PrintedFigure.Parse(range[0] + Unit(range[1])), PrintedFigure.Parse(range[1]))
                    : (PrintedFigure.Parse(text), PrintedFigure.Parse(text));
            Assert.True(stored.Count >= 1, $"'{Sentence}': figure {i + 1} has no stored source");
            var (low, high) = (stored.MinBy(f => f.Base), stored.MaxBy(f => f.Base));
            Assert.True(
                figures.Item1.Rounds(low) && figures.Item2.Rounds(high),
                $"'{Sentence}': figure {i + 1} prints {text}, the stored runs give {string.Join(", ", stored)}"
            );
        }
    }

    private static string Unit(string figure) => UnitOf().Match(figure).Value;

    [GeneratedRegex(@"(?<=\d)\s?\D+$")]
    private static partial Regex UnitOf();
}
