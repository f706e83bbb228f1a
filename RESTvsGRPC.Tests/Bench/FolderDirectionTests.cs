using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The bench's folders are boundaries: each may use only the folders below it in <see cref="Direction"/> (the root
/// folder, the command line and the run, uses them all), and no file imports the bench's own namespaces globally.
/// docs/architecture.md states the same direction.
/// </summary>
public sealed partial class FolderDirectionTests
{
    /// <summary>
    /// The bench's folders from the top (what measures) to the bottom (what every measuring process shares).
    /// </summary>
    public static readonly string[] Direction =
    [
        "Stalls",
        "Startup",
        "CrossChecks",
        "Trials",
        "Load",
        "Probes",
        "Benchmarks",
        "Harness",
        "Settings",
        "Gate",
        "Servers",
        "Links",
        "Clients",
        "Placement",
        "Jit",
        "Processes",
    ];

    private static string Bench => Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Bench");

    [Fact]
    public void Global_usings_import_only_the_base_class_library()
    {
        var imports = File.ReadAllLines(Path.Combine(Bench, "GlobalUsings.cs"))
            .Where(l => l.StartsWith("global using", StringComparison.Ordinal));

        Assert.All(imports, line => Assert.StartsWith("global using System.", line, StringComparison.Ordinal));
    }

    [Fact]
    public void No_folder_of_the_bench_uses_a_folder_above_it()
    {
        var found = References().ToList();
        var against = found.Where(r => !Allowed(r.From, r.To)).ToList();

        var folders = Folders().Where(f => f != Root).Order();
        Assert.True(Direction.Order().SequenceEqual(folders), "a folder is missing from the direction");
        Assert.Empty(against.Select(r => $"{r.File} uses {r.To}: {r.What}"));
    }

    private const string Root = "(root)";

    private static bool Allowed(string from, string to) =>
        from == Root || (to != Root && Array.IndexOf(Direction, to) > Array.IndexOf(Direction, from));

    private static IEnumerable<string> Folders() =>
        Directory
            .EnumerateFiles(Bench, "*.cs", SearchOption.AllDirectories)
            .Select(FolderOf)
            .OfType<string>()
            .Distinct();

    private static string? FolderOf(string file)
    {
        var relative = Path.GetRelativePath(Bench, file).Split(Path.DirectorySeparatorChar);
        return relative[0] is "bin" or "obj" ? null
            : relative.Length == 1 ? Root
            : relative[0];
    }

    /// <summary>
    /// Each file's references to another folder: its imports of the bench's namespaces, its qualified names
    /// (<c>Servers.ServerSet</c>), and, from a subfolder, the root folder's types (visible there without an import).
    /// </summary>
    private static IEnumerable<(string File, string From, string To, string What)> References()
    {
        var files = Directory
            .EnumerateFiles(Bench, "*.cs", SearchOption.AllDirectories)
            .Where(f => FolderOf(f) is not null)
            .ToList();
        var rootTypes = files
            .Where(f => FolderOf(f) == Root)
            .SelectMany(f => TopLevelType().Matches(File.ReadAllText(f)).Select(m => m.Groups[1].Value))
            .ToHashSet();
        foreach (var file in files)
        {
            var from = FolderOf(file)!;
            var code = Comment().Replace(File.ReadAllText(file), "");
            var name = Path.GetRelativePath(Bench, file);
            var folders = Import()
                .Matches(code)
                .Select(m => (m.Groups[1].Value, m.Value))
                .Concat(Qualified().Matches(code).Select(m => (m.Groups[1].Value, m.Value)))
                .Where(r => Direction.Contains(r.Item1) && r.Item1 != from);
            foreach (var (to, what) in folders.DistinctBy(r => r.Item1))
            {
                yield return (name, from, to, what.Trim());
            }

            if (from != Root && rootTypes.FirstOrDefault(t => Regex.IsMatch(code, $@"\b{t}\b")) is { } rootType)
            {
                yield return (name, from, Root, rootType);
            }
        }
    }

    [GeneratedRegex(
        @"^(?:public |internal )?(?:static |sealed |abstract |partial )*(?:class|record|enum|struct|interface) "
            + @"([A-Z]\w*)",
        RegexOptions.Multiline
    )]
    private static partial Regex TopLevelType();

    [GeneratedRegex(@"//[^\n]*")]
    private static partial Regex Comment();

    [GeneratedRegex(@"^using RESTvsGRPC\.Bench\.(\w+);", RegexOptions.Multiline)]
    private static partial Regex Import();

    [GeneratedRegex(@"(?<![\w.?!])(?:RESTvsGRPC\.Bench\.)?([A-Z][a-z]+)\.[A-Z]\w*")]
    private static partial Regex Qualified();
}
