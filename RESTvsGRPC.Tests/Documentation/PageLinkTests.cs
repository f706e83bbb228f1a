using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>README and docs/ point only inside the repository, at pages and headings that exist.</summary>
public sealed partial class PageLinkTests
{
    public static TheoryData<string> Pages()
    {
        var pages = new TheoryData<string>();
        pages.Add("README.md");
        foreach (var page in Directory.EnumerateFiles(Path.Combine(RepositoryPaths.Root, "docs"), "*.md").Order())
        {
            pages.Add(Path.GetRelativePath(RepositoryPaths.Root, page).Replace('\\', '/'));
        }

        return pages;
    }

    [Theory]
    [MemberData(nameof(Pages))]
    public void Page_links_only_to_pages_and_headings_inside_the_repository(string page)
    {
        var path = Path.Combine(RepositoryPaths.Root, page);
        var text = File.ReadAllText(path);

        Assert.DoesNotContain("../shared", text);
        foreach (var target in Link().Matches(text).Select(m => m.Groups["target"].Value))
        {
            Assert.DoesNotMatch("^[a-z][a-z0-9+.-]*:", target);
            var (file, heading) = Split(target);
            var linked = file.Length == 0 ? path : Path.GetFullPath(Path.Combine(Path.GetDirectoryName(path)!, file));
            Assert.StartsWith(Path.GetFullPath(RepositoryPaths.Root) + Path.DirectorySeparatorChar, linked);
            Assert.True(
                File.Exists(linked) || Directory.Exists(linked),
                $"{page} links to {target}, which is not there"
            );
            if (heading.Length > 0)
            {
                Assert.True(
                    Headings(linked).Contains(heading),
                    $"{page} links to {target}, a heading that is not there"
                );
            }
        }
    }

    private static (string File, string Heading) Split(string target)
    {
        var hash = target.IndexOf('#');
        return hash < 0 ? (target, "") : (target[..hash], target[(hash + 1)..]);
    }

    /// <summary>The anchors a markdown renderer gives a page's headings: lower case, punctuation dropped, spaces as
    /// hyphens.</summary>
    private static IReadOnlyList<string> Headings(string page) =>
        File.ReadLines(page)
            .Where(line => line.StartsWith('#'))
            .Select(line => Punctuation().Replace(line.TrimStart('#').Trim().ToLowerInvariant(), "").Replace(' ', '-'))
            .ToList();

    [GeneratedRegex(@"\]\((?<target>[^)\s]+)\)")]
    private static partial Regex Link();

    [GeneratedRegex(@"[^\p{L}\p{Nd}\s_-]")]
    private static partial Regex Punctuation();
}
