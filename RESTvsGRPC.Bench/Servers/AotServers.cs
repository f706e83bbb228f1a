namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// The servers published with Native AOT from their own sources (RestAPI.Aot, GrpcAPI.Aot), trimming and AOT warnings
/// failing the build.
/// </summary>
public static class AotServers
{
    /// <summary>RestAPI's AOT build.</summary>
    public const string Rest = "RestAPI.Aot";

    /// <summary>GrpcAPI's AOT build.</summary>
    public const string Grpc = "GrpcAPI.Aot";

    /// <summary>Why Native AOT servers cannot be published here, in one sentence; null where they can.</summary>
    public static string? Unavailable()
    {
        if (!OperatingSystem.IsLinux())
        {
            return $"the AOT servers are published on Linux only (its native toolchain is checked before any server "
                + $"starts), not on {RuntimeInformation.OSDescription}.";
        }

        if (!new[] { "clang", "gcc" }.Any(OnPath))
        {
            return "Native AOT needs a C toolchain to link the servers (clang or gcc on PATH), "
                + "and this machine has neither.";
        }

        var missing = new[] { Rest, Grpc }.Where(project => !File.Exists(ProjectFile(project))).ToList();
        return missing.Count > 0
            ? $"the AOT servers are built from the repository's {string.Join(" and ", missing)} project, "
                + $"not found here."
            : null;
    }

    /// <summary>
    /// The native executable of <paramref name="project"/> (<see cref="Rest"/> or <see cref="Grpc"/>) where
    /// <see cref="Publish"/> writes it.
    /// </summary>
    public static string Executable(string project) =>
        Path.Combine(
            ServerBinaries.RepositoryRoot,
            project,
            "bin",
            ServerBinaries.Configuration,
            "net10.0",
            RuntimeInformation.RuntimeIdentifier,
            "publish",
            project
        );

    /// <summary>
    /// Publishes both servers (incremental: seconds when nothing changed) and returns the time; throws
    /// <see cref="ServerStartException"/> with the SDK's errors.
    /// </summary>
    public static TimeSpan Publish(TextWriter log)
    {
        var time = Stopwatch.StartNew();
        foreach (var project in new[] { Rest, Grpc })
        {
            var (exit, output) = Run(
                "dotnet",
                "publish",
                ProjectFile(project),
                "-c",
                ServerBinaries.Configuration,
                "--nologo",
                "-v",
                "quiet"
            );
            if (exit != 0)
            {
                var errors = output
                    .Split('\n')
                    .Where(line => line.Contains("error", StringComparison.OrdinalIgnoreCase))
                    .Distinct()
                    .Take(5);
                throw new ServerStartException(
                    $"dotnet publish {project} failed with exit code {exit}:\n{string.Join('\n', errors)}"
                );
            }
        }

        log.WriteLine($"// published the AOT servers ({Rest}, {Grpc}) in {time.Elapsed.TotalSeconds:0.0} s");
        return time.Elapsed;
    }

    /// <summary>
    /// Runs the SDK as a shell would, without the MSBuild and host variables <c>dotnet test</c> and <c>dotnet run</c>
    /// hand their children, which made every publish from another route recompile (a minute per server).
    /// </summary>
    private static (int Exit, string Output) Run(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (
            var name in start
                .Environment.Keys.Where(name =>
                    name.StartsWith("MSBuild", StringComparison.OrdinalIgnoreCase) || name == "DOTNET_HOST_PATH"
                )
                .ToList()
        )
        {
            start.Environment.Remove(name);
        }

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + error.Result);
    }

    private static string ProjectFile(string project) =>
        Path.Combine(ServerBinaries.RepositoryRoot, project, project + ".csproj");

    private static bool OnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "")
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Any(directory => File.Exists(Path.Combine(directory, program)));
}
