namespace RESTvsGRPC.Reports;

/// <summary>A report section that could not be rendered from its results: the section's name and the cause.</summary>
public sealed class ReportSectionException(string section, Exception cause)
    : Exception($"the section \"{section}\" could not be rendered ({cause.GetType().Name}: {cause.Message})", cause)
{
    /// <summary>The section that failed, as the report names it.</summary>
    public string Section { get; } = section;
}

/// <summary>Renders a report's sections one by one, so that a failure names the section it happened in.</summary>
internal static class ReportSection
{
    /// <summary>Runs one section's rendering; a failure inside it comes out named for the innermost section.</summary>
    public static void Render(string section, Action render)
    {
        try
        {
            render();
        }
        catch (Exception e) when (e is not ReportSectionException and not OutOfMemoryException)
        {
            throw new ReportSectionException(section, e);
        }
    }
}

/// <summary>
/// A report's files written all or none: each to a temporary name beside its target first, then moved into place, so
/// a failure leaves the folder as it was (apart from files already moved when a move itself fails).
/// </summary>
internal static class ReportFiles
{
    /// <summary>Writes every (file name, text) into <paramref name="directory"/>, all staged first.</summary>
    public static void Write(string directory, IReadOnlyList<(string File, string Text)> files)
    {
        Directory.CreateDirectory(directory);
        var staged = new List<(string Temporary, string Target)>();
        try
        {
            foreach (var (file, text) in files)
            {
                var target = Path.Combine(directory, file);
                var temporary = $"{target}.{Environment.ProcessId}.tmp";
                staged.Add((temporary, target));
                File.WriteAllText(temporary, text);
            }

            foreach (var (temporary, target) in staged)
            {
                File.Move(temporary, target, overwrite: true);
            }
        }
        finally
        {
            foreach (var (temporary, _) in staged.Where(s => File.Exists(s.Temporary)))
            {
                File.Delete(temporary);
            }
        }
    }
}
