using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// The servers a run talks to: started here as child processes on free loopback ports, or given by URL (then
/// nothing is started). Disposing stops what was started, whatever the run's outcome.
/// </summary>
public sealed class ServerSet : IDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    /// <summary>RestAPI's arguments for every endpoint on a free 127.0.0.1 port (Kestrel picks it: port 0).</summary>
    public static IReadOnlyList<string> FreeRestEndpoints { get; } =
        ["--urls", "http://127.0.0.1:0", "--h2c", "http://127.0.0.1:0", "--tls", "https://127.0.0.1:0"];

    private readonly List<ServerProcess> _started = [];
    private string? _scalingData;
    private int _disposed;

    private ServerSet()
    {
    }

    public RestServerAddresses Rest { get; private set; } = null!;

    /// <summary>A RestAPI serving the generator's first <see cref="ScalingBenchmarks.MaxRecords"/> records, where the run needs one.</summary>
    public Uri? RestScaling { get; private set; }

    /// <summary>Starts RestAPI unless the options name one already running.</summary>
    public static async Task<ServerSet> StartAsync(BenchOptions options, string dataPath, TextWriter log)
    {
        var set = new ServerSet();
        try
        {
            set.Rest = options.RestUrl is { } given
                ? new RestServerAddresses(given, options.RestH2cUrl, options.RestTlsUrl, options.RestTlsCertificate)
                : RestServerAddresses.FromReadyLine(await set.StartAsync(
                    "RestAPI", FreeRestEndpoints, dataPath, log));
            set.RestScaling = options.RestUrl is not null ? options.RestScalingUrl
                : options.SelectsScaling ? await set.StartScalingServerAsync(log)
                : null;
            return set;
        }
        catch
        {
            set.Dispose();
            throw;
        }
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        foreach (var server in _started)
        {
            server.Dispose();
        }

        if (_scalingData is not null)
        {
            File.Delete(_scalingData);
        }
    }

    /// <summary>Writes the generator's first records to a temporary file and serves them from a second RestAPI.</summary>
    private async Task<Uri> StartScalingServerAsync(TextWriter log)
    {
        _scalingData = Path.Combine(Path.GetTempPath(), $"restvsgrpc-scaling-{Environment.ProcessId}.json");
        NasaExportWriter.WriteFile(_scalingData, MeteoriteGenerator.Generate(ScalingBenchmarks.MaxRecords));
        return RestServerAddresses.FromReadyLine(await StartAsync("RestAPI", FreeRestEndpoints, _scalingData, log)).Http11;
    }

    /// <summary>Starts a server on free loopback ports and returns its ready line.</summary>
    private async Task<string> StartAsync(string project, IReadOnlyList<string> endpoints, string dataPath, TextWriter log)
    {
        var server = await ServerProcess.StartAsync(ServerBinaries.Of(project), [.. endpoints, "--data", dataPath], ReadyTimeout);
        _started.Add(server);
        log.WriteLine($"// started: {server.ReadyLine}");
        return server.ReadyLine;
    }
}
