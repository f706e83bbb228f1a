using System.Diagnostics;
using System.Text.Json.Nodes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

/// <summary>
/// Fair to REST, shown at both ends: with System.Text.Json's reflection-based serialization switched off (the runtime
/// switch a trimmed app gets), RestAPI still answers every benchmarked JSON route, controllers and minimal APIs, GET,
/// stream and POST, checked by the bench's own gate; and a trial process, the bench's measuring client, still
/// measures every REST + JSON arm against it. A body that needed reflection would fail with a 500 on the server, or
/// an exception in the client, so both ends go through their source-generated contexts.
/// </summary>
public sealed class JsonSourceGenerationTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task RestApi_serves_every_json_route_with_reflection_based_serialization_switched_off()
    {
        using var server = await StartRestApiWithoutReflectionAsync();
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
        var transport = HttpTransport.Http11(RestServerAddresses.FromReadyLine(server.ReadyLine).Http11);

        using var controllers = new RestClient(transport);
        using var minimal = new RestClient(transport, routes: RestRoutes.MinimalApis);
        await CorrectnessGate.CheckRestAsync(controllers, dataset);
        await CorrectnessGate.CheckRestAsync(minimal, dataset);

        Assert.Null(server.ExitCode);
        Assert.DoesNotContain("Reflection-based serialization has been disabled", server.Output);
    }

    [Fact]
    public async Task Bench_client_measures_every_json_arm_with_reflection_based_serialization_switched_off()
    {
        using var server = await StartRestApiWithoutReflectionAsync();
        var rest = RestServerAddresses.FromReadyLine(server.ReadyLine);
        string[] arms =
        [
            "small/rest-json",
            "large/rest-json",
            "post/rest-json",
            "small/rest-json-h2c",
            "small/rest-minimal",
            "large/rest-minimal",
            "post/rest-minimal",
        ];
        var plan = new TrialPlan("test", 1, TrialPlan.MinSegmentSeconds, TrialPlan.DefaultSeed, 1)
        {
            SettleCalls = 0,
            InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>>
            {
                [LoadOperation.Small] = [1, 2],
                [LoadOperation.Large] = [1, 2],
                [LoadOperation.Post] = [1, 2],
            },
        };
        var request = new TrialRequest(1, plan, arms, Environment.ProcessId, _directory.File("answer.json"));
        request.Save(_directory.File("request.json"));

        var bench = RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench");
        var (exitCode, error) = await RunAsync(
            new ProcessStartInfo("dotnet")
            {
                ArgumentList =
                {
                    "exec",
                    "--runtimeconfig",
                    WithoutReflection(bench),
                    bench,
                    TrialProcess.Command,
                    _directory.File("request.json"),
                },
                Environment =
                {
                    ["RESTVSGRPC_REST_URL"] = rest.Http11.ToString(),
                    ["RESTVSGRPC_REST_H2C_URL"] = rest.H2c!.ToString(),
                    [MeteoriteDataset.PathVariable] = RepositoryPaths.CommittedData,
                },
            }
        );

        Assert.True(exitCode == 0, $"the trial process exited with {exitCode}: {error}");
        var trial = TrialAnswer.Load(_directory.File("answer.json")).Trial;
        Assert.Equal(arms.Order(), trial.Segments.Select(s => $"{s.Operation}/{s.Arm}").Order());
        Assert.All(trial.Segments, s =>
            Assert.True(s is { LatencyCalls: >= TrialPlan.MinLatencyCalls, ThroughputCalls: > 0 }, $"{s}")
        );
        Assert.All(trial.Segments, s => Assert.Equal([1, 2], s.Levels!.Select(l => l.Concurrency)));
        Assert.All(trial.Segments, s => Assert.Equal(s.Levels!.Max(l => l.CallsPerSecond), s.CallsPerSecond));
    }

    /// <summary>RestAPI on free loopback ports, with reflection-based JSON serialization off.</summary>
    private Task<ServerProcess> StartRestApiWithoutReflectionAsync()
    {
        var assembly = RepositoryPaths.ProjectAssembly("RestAPI");
        return ServerProcess.StartProgramAsync(
            "dotnet",
            ["exec", "--runtimeconfig", WithoutReflection(assembly), assembly, .. ServerSet.FreeRestEndpoints],
            TimeSpan.FromSeconds(60)
        );
    }

    /// <summary>A copy of <paramref name="assembly"/>'s runtime configuration with reflection-based JSON serialization
    /// off.</summary>
    private string WithoutReflection(string assembly)
    {
        var config = JsonNode.Parse(File.ReadAllText(Path.ChangeExtension(assembly, ".runtimeconfig.json")))!;
        var properties = config["runtimeOptions"]!["configProperties"] ??= new JsonObject();
        properties["System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault"] = false;
        var path = _directory.File(Path.GetFileNameWithoutExtension(assembly) + ".no-reflection.runtimeconfig.json");
        File.WriteAllText(path, config.ToJsonString());
        return path;
    }

    /// <summary>Runs a process to its end (two minutes at most, then it is killed) and returns its exit code and
    /// standard error.</summary>
    private static async Task<(int ExitCode, string Error)> RunAsync(ProcessStartInfo start)
    {
        start.RedirectStandardError = true;
        start.RedirectStandardOutput = true;
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        _ = process.StandardOutput.ReadToEndAsync();
        try
        {
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(2));
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        return (process.ExitCode, await error);
    }
}
