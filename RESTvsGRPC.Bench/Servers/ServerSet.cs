using ModelLibrary;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// The servers a run talks to: started here as child processes on free loopback ports, or given by URL (then
/// nothing is started). Disposing stops what was started, whatever the run's outcome.
/// </summary>
public sealed class ServerSet : IDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    private readonly List<ServerProcess> _started = [];
    private int _disposed;

    private ServerSet()
    {
    }

    public Uri RestUrl { get; private set; } = null!;

    /// <summary>Starts RestAPI unless <paramref name="restUrl"/> names one already running.</summary>
    public static async Task<ServerSet> StartAsync(Uri? restUrl, string dataPath, TextWriter log)
    {
        var set = new ServerSet();
        try
        {
            set.RestUrl = restUrl ?? await set.StartAsync("RestAPI", dataPath, log);
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
    }

    private async Task<Uri> StartAsync(string project, string dataPath, TextWriter log)
    {
        var server = await ServerProcess.StartAsync(
            ServerBinaries.Of(project), ["--urls", "http://127.0.0.1:0", "--data", dataPath], ReadyTimeout);
        _started.Add(server);
        log.WriteLine($"// started {project} at {server.BaseAddress} serving '{dataPath}'");
        return server.BaseAddress;
    }
}
