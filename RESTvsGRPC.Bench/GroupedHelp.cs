namespace RESTvsGRPC.Bench;

/// <summary>
/// The run command's <c>--help</c> with the options a first run needs listed first (System.CommandLine's layout cannot
/// be changed).
/// </summary>
internal static class GroupedHelp
{
    private const string OptionsTitle = "Options:";

    /// <summary>
    /// <paramref name="help"/> with its options split into "Options for a first run" (<paramref name="firstRun"/>, in
    /// order) and "More options".
    /// </summary>
    public static string Regroup(string help, IReadOnlyList<string> firstRun)
    {
        var lines = help.Split('\n');
        var start = Array.FindIndex(lines, line => line.TrimEnd('\r') == OptionsTitle);
        if (start < 0)
        {
            return help;
        }

        var end = Array.FindIndex(lines, start + 1, line => line.Trim().Length == 0);
        end = end < 0 ? lines.Length : end;
        var entries = Entries(lines[(start + 1)..end]);
        var first = firstRun
            .Select(name => entries.FirstOrDefault(entry => NameOf(entry) == name))
            .OfType<string[]>()
            .ToList();
        var more = entries.Where(entry => !first.Contains(entry)).ToList();
        IEnumerable<string> grouped =
        [
            "Options for a first run:",
            .. first.SelectMany(entry => entry),
            "",
            "More options:",
            .. more.SelectMany(entry => entry),
        ];
        return string.Join('\n', [.. lines[..start], .. grouped, .. lines[end..]]);
    }

    /// <summary>
    /// The option entries of a section: each its first line (two spaces, then the option) and the lines that continue
    /// it.
    /// </summary>
    private static List<string[]> Entries(IEnumerable<string> section)
    {
        var entries = new List<List<string>>();
        foreach (var line in section)
        {
            if (line.StartsWith("  -", StringComparison.Ordinal) || entries.Count == 0)
            {
                entries.Add([]);
            }

            entries[^1].Add(line);
        }

        return [.. entries.Select(entry => entry.ToArray())];
    }

    /// <summary>The entry's last alias, its long name ("--help" of "-?, -h, --help").</summary>
    private static string NameOf(string[] entry) => entry[0].Trim().Split("  ", 2)[0].Split(", ")[^1].Split(' ', 2)[0];
}
