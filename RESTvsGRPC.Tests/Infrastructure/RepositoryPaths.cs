using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>Where the tests find the repository, the projects' binaries and the shared NASA sample.</summary>
public static class RepositoryPaths
{
    public static string Root => ServerBinaries.RepositoryRoot;

    public static string CommittedData => Path.Combine(Root, "data", "meteorites.json");

    /// <summary>The real first 1000 NASA rows; present on developer and CI machines, never committed.</summary>
    public static string NasaSample => Path.Combine(Root, "..", "shared", "data", "nasa-meteorite-landings-1000.json");

    /// <summary>The main assembly of a project (a server, the bench), built in the same configuration as the
    /// tests.</summary>
    public static string ProjectAssembly(string project) => ServerBinaries.Of(project);
}
