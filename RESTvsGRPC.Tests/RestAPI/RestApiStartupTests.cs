using System.Net;
using System.Net.Http.Json;
using ModelLibrary;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

/// <summary>RestAPI started with options: another data file, a small body limit, a malformed file, SIGTERM.</summary>
public sealed class RestApiStartupTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task Server_serves_the_file_named_by_the_data_option()
    {
        var records = MeteoriteGenerator.Generate(10, seed: 99);
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, records);

        using var server = await TestServers.StartRestAsync("--data", path);
        using var client = new HttpClient { BaseAddress = server.BaseAddress };
        var served = await client.GetFromJsonAsync(
            "api/MeteoriteLandings/LargePayload",
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        );

        Assert.Equal(CanonicalHash.Of(records), CanonicalHash.Of(served!));
        Assert.Contains($"(10 records, sha256 {CanonicalHash.Of(records)})", server.Output);
    }

    [Fact]
    public async Task Server_refuses_to_start_on_a_malformed_data_file_naming_file_and_record()
    {
        var path = _directory.File("bad.json");
        var text = System.Text.Encoding.UTF8.GetString(NasaExportWriter.Write(MeteoriteGenerator.Generate(5)));
        var thirdMass = text.Split('\n')[2];
        File.WriteAllText(path, text.Replace(thirdMass, thirdMass.Replace("\"id\":", "\"mass\":\"heavy\",\"id\":")));

        var (exitCode, output) = await TestServers.RunRestToExitAsync("--data", path);

        Assert.NotEqual(0, exitCode);
        Assert.Contains($"data file '{path}', record 2, field 'mass': \"heavy\" is not a number.", output);
    }

    [Fact]
    public async Task PostLargePayload_rejects_a_body_over_the_limit_with_413_and_keeps_serving()
    {
        using var server = await TestServers.StartRestAsync("--MaxRequestBodyBytes", "100000");
        using var client = new HttpClient { BaseAddress = server.BaseAddress };
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
        using var content = JsonContent.Create(
            dataset.Records,
            MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
        );
        await content.LoadIntoBufferAsync();

        using var response = await client.PostAsync("api/MeteoriteLandings/LargePayload", content);

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        Assert.Contains("The max request body size is 100000 bytes", await response.Content.ReadAsStringAsync());
        Assert.DoesNotContain("unhandled exception", server.Output);
        var version = await client.GetFromJsonAsync("api/MeteoriteLandings", MeteoriteJsonContext.Default.ApiVersion);
        Assert.Equal(ApiVersion.Current, version?.Version);
    }

    [LinuxFact]
    public async Task Server_stops_cleanly_on_sigterm()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        using var server = await TestServers.StartRestAsync();

        Assert.Equal(0, await server.TerminateAsync(TimeSpan.FromSeconds(30)));
    }
}
