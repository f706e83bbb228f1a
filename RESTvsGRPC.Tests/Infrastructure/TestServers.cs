using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>Starts the real server binaries with every endpoint on a free 127.0.0.1 port (Kestrel picks it: port
/// 0).</summary>
public static class TestServers
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    public static Task<ServerProcess> StartRestAsync(params string[] arguments) => StartRestAsync(null, arguments);

    public static Task<ServerProcess> StartRestAsync(
        IReadOnlyDictionary<string, string>? environment,
        params string[] arguments
    ) =>
        ServerProcess.StartAsync(
            RepositoryPaths.ProjectAssembly("RestAPI"),
            [.. ServerSet.FreeRestEndpoints, .. arguments],
            Timeout,
            environment
        );

    public static Task<(int ExitCode, string Output)> RunRestToExitAsync(params string[] arguments) =>
        ServerProcess.RunToExitAsync(
            RepositoryPaths.ProjectAssembly("RestAPI"),
            [.. ServerSet.FreeRestEndpoints, .. arguments],
            Timeout
        );

    public static Task<ServerProcess> StartGrpcAsync(params string[] arguments) => StartGrpcAsync(null, arguments);

    public static Task<ServerProcess> StartGrpcAsync(
        IReadOnlyDictionary<string, string>? environment,
        params string[] arguments
    ) =>
        ServerProcess.StartAsync(
            RepositoryPaths.ProjectAssembly("GrpcAPI"),
            [.. ServerSet.FreeGrpcEndpoints, .. arguments],
            Timeout,
            environment
        );

    /// <summary>RestAPI's Native AOT build (<see cref="AotServers.Rest"/>), published once per test run.</summary>
    public static Task<ServerProcess> StartRestAotAsync(IReadOnlyDictionary<string, string>? environment = null) =>
        ServerProcess.StartProgramAsync(
            AotBuild.Executable(AotServers.Rest),
            ServerSet.FreeRestEndpoints,
            Timeout,
            environment
        );

    /// <summary>GrpcAPI's Native AOT build (<see cref="AotServers.Grpc"/>), published once per test run.</summary>
    public static Task<ServerProcess> StartGrpcAotAsync(IReadOnlyDictionary<string, string>? environment = null) =>
        ServerProcess.StartProgramAsync(
            AotBuild.Executable(AotServers.Grpc),
            ServerSet.FreeGrpcEndpoints,
            Timeout,
            environment
        );

    public static Task<(int ExitCode, string Output)> RunGrpcToExitAsync(params string[] arguments) =>
        ServerProcess.RunToExitAsync(
            RepositoryPaths.ProjectAssembly("GrpcAPI"),
            [.. ServerSet.FreeGrpcEndpoints, .. arguments],
            Timeout
        );
}
