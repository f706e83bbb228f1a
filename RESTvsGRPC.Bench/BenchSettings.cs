using ModelLibrary;

namespace RESTvsGRPC.Bench;

/// <summary>
/// What the orchestrator hands to BenchmarkDotNet's benchmark processes through their inherited environment:
/// the servers' URLs and the data file the answers are checked against.
/// </summary>
public sealed record BenchSettings(Uri RestUrl, string DataPath)
{
    public const string RestUrlVariable = "RESTVSGRPC_REST_URL";

    /// <summary>Publishes the settings to every process started from here on.</summary>
    public void Export()
    {
        Environment.SetEnvironmentVariable(RestUrlVariable, RestUrl.ToString());
        Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, DataPath);
    }

    /// <summary>Reads what <see cref="Export"/> published; fails with a clear message where it is absent.</summary>
    public static BenchSettings FromEnvironment() => new(
        new Uri(Environment.GetEnvironmentVariable(RestUrlVariable)
            ?? throw new InvalidOperationException($"{RestUrlVariable} is not set: start benchmarks with `dotnet run -c Release --project RESTvsGRPC.Bench`.")),
        MeteoriteDataset.ResolvePath(null));
}
