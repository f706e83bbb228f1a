using System.Text;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>
/// The stored results files (<c>Stored/NAME/</c>) and the reports approved for each (<c>Stored/NAME/approved/</c>):
/// a report rendered again must equal its approved files byte for byte, none missing and none extra. Run with
/// <c>RESTVSGRPC_APPROVE_REPORTS=1</c> to write what the code renders now as the approved files, then review the diff.
/// </summary>
internal static class StoredReports
{
    private const string ApproveVariable = "RESTVSGRPC_APPROVE_REPORTS";

    /// <summary>The folder of stored results files in the repository.</summary>
    public static string Root { get; } = Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Tests", "Reports", "Stored");

    /// <summary>The folder of the stored results named <paramref name="name"/>.</summary>
    public static string Folder(string name) => Path.Combine(Root, name);

    /// <summary>Asserts that <paramref name="rendered"/> (a folder of report files) holds exactly the approved files of
    /// <paramref name="name"/>.</summary>
    public static void Matches(string name, string rendered) =>
        Matches(name, rendered, Path.Combine(Folder(name), "approved"));

    /// <summary>Asserts that <paramref name="rendered"/> holds exactly the files of <paramref name="approved"/>, named
    /// <paramref name="name"/> in a failure.</summary>
    public static void Matches(string name, string rendered, string approved)
    {
        if (Environment.GetEnvironmentVariable(ApproveVariable) == "1")
        {
            Approve(rendered, approved);
            return;
        }

        var made = FilesIn(rendered);
        var expected = Directory.Exists(approved) ? FilesIn(approved) : [];
        Assert.True(
            made.SequenceEqual(expected),
            $"{name}: rendered [{string.Join(", ", made)}], approved [{string.Join(", ", expected)}] "
                + $"({ApproveVariable}=1 approves what renders now)"
        );
        foreach (var file in made)
        {
            var now = File.ReadAllBytes(Path.Combine(rendered, file));
            var then = File.ReadAllBytes(Path.Combine(approved, file));
            Assert.True(
                now.AsSpan().SequenceEqual(then),
                $"{name}/{file} differs from its approved copy: {FirstDifference(then, now)}"
            );
        }
    }

    private static void Approve(string rendered, string approved)
    {
        if (Directory.Exists(approved))
        {
            Directory.Delete(approved, recursive: true);
        }

        Directory.CreateDirectory(approved);
        foreach (var file in FilesIn(rendered))
        {
            File.Copy(Path.Combine(rendered, file), Path.Combine(approved, file));
        }
    }

    private static string[] FilesIn(string folder) =>
        [.. Directory.EnumerateFiles(folder).Select(Path.GetFileName).OfType<string>().Order(StringComparer.Ordinal)];

    /// <summary>The first line where the two texts part, both versions of it.</summary>
    private static string FirstDifference(byte[] approved, byte[] rendered)
    {
        var before = Encoding.UTF8.GetString(approved).Split('\n');
        var now = Encoding.UTF8.GetString(rendered).Split('\n');
        for (var i = 0; i < Math.Max(before.Length, now.Length); i++)
        {
            var was = i < before.Length ? before[i] : "(no line)";
            var is_ = i < now.Length ? now[i] : "(no line)";
            if (was != is_)
            {
                return $"line {i + 1}: approved \"{was}\", rendered \"{is_}\"";
            }
        }

        return "the same lines, other bytes (line endings or encoding)";
    }
}
