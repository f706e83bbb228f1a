using System.Reflection;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// Where the servers' binaries are: a published bench's <c>servers</c> folder, else beside the bench in the same
/// repository and configuration.
/// </summary>
public static class ServerBinaries
{
    /// <summary>The folder a published bench carries its servers in, one subfolder per server.</summary>
    public const string PublishedFolder = "servers";

    /// <summary>The configuration the bench was built in; the servers were built with it.</summary>
    public static string Configuration { get; } =
        typeof(ServerBinaries)
            .Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(a => a.Key == "Configuration")
            .Value!;

    /// <summary>The main assembly of <paramref name="project"/> (e.g. "RestAPI").</summary>
    public static string Of(string project) => Of(project, AppContext.BaseDirectory);

    /// <summary>
    /// The main assembly of <paramref name="project"/> for a bench whose binaries are in
    /// <paramref name="benchDirectory"/>.
    /// </summary>
    public static string Of(string project, string benchDirectory)
    {
        var published = Path.Combine(benchDirectory, PublishedFolder, project, project + ".dll");
        return File.Exists(published)
            ? published
            : Path.Combine(RepositoryRoot, project, "bin", Configuration, "net10.0", project + ".dll");
    }

    /// <summary>The folder holding RESTvsGRPC.sln, found above the running binaries.</summary>
    public static string RepositoryRoot => RepositoryRootFound.Value;

    private static readonly Lazy<string> RepositoryRootFound = new(FindRepositoryRoot);

    private static string FindRepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "RESTvsGRPC.sln")))
            {
                return dir.FullName;
            }
        }

        throw new ServerStartException(
            $"RESTvsGRPC.sln not found above {AppContext.BaseDirectory}, "
                + $"and no published servers in its '{PublishedFolder}' folder: run the bench from the repository, "
                + $"or publish the servers beside it (docs/cross-os.md)."
        );
    }
}
