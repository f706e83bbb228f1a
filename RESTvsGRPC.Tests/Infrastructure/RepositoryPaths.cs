using System.Reflection;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>Where the tests find the repository, the servers' binaries and the shared NASA sample.</summary>
public static class RepositoryPaths
{
    public static string Root { get; } = FindRoot();

    public static string CommittedData => Path.Combine(Root, "data", "meteorites.json");

    /// <summary>The real first 1000 NASA rows; present on developer and CI machines, never committed.</summary>
    public static string NasaSample => Path.Combine(Root, "..", "shared", "data", "nasa-meteorite-landings-1000.json");

    public static string Configuration { get; } = typeof(RepositoryPaths).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "Configuration").Value!;

    /// <summary>The main assembly of a project (a server, the bench), built in the tests' own configuration.</summary>
    public static string ProjectAssembly(string project) =>
        Path.Combine(Root, project, "bin", Configuration, "net10.0", project + ".dll");

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "RESTvsGRPC.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"RESTvsGRPC.sln not found above {AppContext.BaseDirectory}.");
    }
}
