namespace RESTvsGRPC.Bench.Processes;

/// <summary>
/// The temporary files and folders a bench names after its process id, and their removal once it is gone.
/// </summary>
public static class BenchFiles
{
    /// <summary>
    /// The start of every trial folder's name (requests and answers), then the bench's process id and '-'.
    /// </summary>
    public const string TrialFolderPrefix = "restvsgrpc-trials-";

    /// <summary>The start of the scaling servers' data file's name, then the bench's process id and ".json".</summary>
    public const string ScalingDataPrefix = "restvsgrpc-scaling-";

    /// <summary>
    /// True while process <paramref name="processId"/> runs: how a child of the bench notices the bench has gone.
    /// </summary>
    public static bool IsRunning(int processId)
    {
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(processId);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>
    /// Deletes the scaling data files in <paramref name="folder"/> of benches no longer running (a bench killed by
    /// SIGKILL deletes none).
    /// </summary>
    public static void RemoveOrphanedScalingData(string folder) =>
        RemoveOrphans(Directory.EnumerateFiles(folder, ScalingDataPrefix + "*.json"), ScalingDataPrefix, File.Delete);

    /// <summary>
    /// Deletes each of <paramref name="entries"/> (named <paramref name="prefix"/>, a bench's process id, then '-' or
    /// '.') whose bench no longer runs: a bench killed by SIGKILL deletes nothing of its own.
    /// </summary>
    public static void RemoveOrphans(IEnumerable<string> entries, string prefix, Action<string> delete)
    {
        foreach (var entry in entries)
        {
            var id = Path.GetFileName(entry)[prefix.Length..].Split('-', '.')[0];
            if (
                !int.TryParse(id, NumberStyles.None, CultureInfo.InvariantCulture, out var benchId)
                || IsRunning(benchId)
            )
            {
                continue;
            }

            try
            {
                delete(entry);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // Another user's, or in use: not this bench's to delete.
            }
        }
    }
}
