using System.Reflection;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>Where the servers' build output is: next to the bench in the same repository and configuration.</summary>
public static class ServerBinaries
{
    /// <summary>The configuration the bench was built in; the servers were built with it.</summary>
    public static string Configuration { get; } = typeof(ServerBinaries).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "Configuration").Value!;

    /// <summary>The main assembly of <paramref name="project"/> (e.g. "RestAPI").</summary>
    public static string Of(string project) => Path.Combine(RepositoryRoot, project, "bin", Configuration, "net10.0", project + ".dll");

    /// <summary>The folder holding RESTvsGRPC.sln, found above the running binaries.</summary>
    public static string RepositoryRoot { get; } = FindRepositoryRoot();

    private static string FindRepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "RESTvsGRPC.sln")))
            {
                return dir.FullName;
            }
        }

        throw new ServerStartException($"RESTvsGRPC.sln not found above {AppContext.BaseDirectory}: run the bench from the repository.");
    }
}
