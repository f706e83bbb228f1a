using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// What every suite that calls the servers shares: one setup that reads the job's settings and the data the answers
/// are checked against, then connects and validates each client (<see cref="ConnectAsync"/>), and one cleanup that
/// disposes every client it kept.
/// </summary>
public abstract class ServerBenchmarks
{
    private readonly List<IDisposable> _clients = [];

    /// <summary>The records every answer is checked against (the scaling suite generates its own).</summary>
    protected MeteoriteDataset Dataset { get; private set; } = null!;

    /// <summary>Counts every client's bytes on the wire, where the bench probes them (<see cref="WireBytesProbe"/>); null in a measurement.</summary>
    internal WireCounter? Counter { get; init; }

    /// <summary>Settings given by the bench itself (its paired rounds run the bodies in its own process); null: the job's environment.</summary>
    internal BenchSettings? Settings { get; init; }

    [GlobalSetup]
    public void Setup()
    {
        var settings = Settings ?? BenchSettings.FromEnvironment();
        Dataset = MeteoriteDataset.Load(settings.DataPath);
        // Every benchmark process checks again: a server may have changed since the orchestrator's gate.
        ConnectAsync(settings).GetAwaiter().GetResult();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (var client in _clients)
        {
            client.Dispose();
        }

        _clients.Clear();
    }

    /// <summary>Creates the suite's clients (each through <see cref="Keep{T}"/>) and validates every one against the servers.</summary>
    protected abstract Task ConnectAsync(BenchSettings settings);

    /// <summary>
    /// The client of the catalogue arm <paramref name="id"/> on the servers' endpoint that serves it (its bytes counted
    /// where the bench probes them), kept for <see cref="Cleanup"/> and validated against <see cref="Dataset"/>.
    /// </summary>
    protected async Task<ArmClient> ConnectArmAsync(string id, BenchSettings settings)
    {
        var arm = ArmCatalogue.All[id];
        var endpoint = ArmClient.EndpointOf(arm, settings.Rest, settings.Grpc)
            ?? throw new InvalidOperationException($"{GetType().Name} needs {ArmClient.ServerOf(arm)}, or leave the servers to the bench.");
        var client = Keep(ArmClient.Create(arm, Counted(endpoint)));
        await CorrectnessGate.CheckAsync(client, Dataset);
        return client;
    }

    /// <summary><paramref name="transport"/>, counting its bytes where the bench probes them.</summary>
    protected HttpTransport Counted(HttpTransport transport) => Counter is null ? transport : transport with { Counter = Counter };

    /// <summary>Keeps <paramref name="client"/> for <see cref="Cleanup"/>.</summary>
    protected T Keep<T>(T client)
        where T : IDisposable
    {
        _clients.Add(client);
        return client;
    }
}
