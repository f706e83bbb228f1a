using System.Text.Json.Nodes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

/// <summary>
/// Fair to REST, shown: RestAPI started with System.Text.Json's reflection-based serialization switched off (the
/// runtime switch a trimmed app gets) still answers every benchmarked JSON route, controllers and minimal APIs, GET,
/// stream and POST, checked by the bench's own gate. Any body that needed reflection would fail with a 500, so every
/// one goes through the source-generated context, as the bench's client does by passing its generated type info.
/// </summary>
public sealed class JsonSourceGenerationTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task RestApi_serves_every_json_route_with_reflection_based_serialization_switched_off()
    {
        var assembly = RepositoryPaths.ProjectAssembly("RestAPI");
        var config = JsonNode.Parse(File.ReadAllText(Path.ChangeExtension(assembly, ".runtimeconfig.json")))!;
        var properties = config["runtimeOptions"]!["configProperties"] ??= new JsonObject();
        properties["System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault"] = false;
        var runtimeConfig = _directory.File("no-reflection.runtimeconfig.json");
        File.WriteAllText(runtimeConfig, config.ToJsonString());
        using var server = await ServerProcess.StartProgramAsync(
            "dotnet", ["exec", "--runtimeconfig", runtimeConfig, assembly, .. ServerSet.FreeRestEndpoints], TimeSpan.FromSeconds(60));
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
        var transport = HttpTransport.Http11(RestServerAddresses.FromReadyLine(server.ReadyLine).Http11);

        using var controllers = new RestClient(transport);
        using var minimal = new RestClient(transport, routes: RestRoutes.MinimalApis);
        await CorrectnessGate.CheckRestAsync(controllers, dataset);
        await CorrectnessGate.CheckRestAsync(minimal, dataset);

        Assert.Null(server.ExitCode);
        Assert.DoesNotContain("Reflection-based serialization has been disabled", server.Output);
    }
}
