using System.Reflection;
using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// What every server suite shares: a setup that connects and validates each client and settles the JIT on its case, and
/// a cleanup.
/// </summary>
[SettlesJit]
public abstract class ServerBenchmarks
{
    private readonly List<IDisposable> _clients = [];

    /// <summary>The records every answer is checked against (the scaling suite generates its own).</summary>
    protected MeteoriteDataset Dataset { get; private set; } = null!;

    /// <summary>
    /// Counts every client's bytes on the wire, where the bench probes them (<see cref="Probes.WireBytesProbe"/>);
    /// null in a measurement.
    /// </summary>
    internal WireCounter? Counter { get; init; }

    /// <summary>
    /// Settings given by the bench itself (its paired rounds run the bodies in its own process); null: the job's
    /// environment.
    /// </summary>
    internal BenchSettings? Settings { get; init; }

    [GlobalSetup]
    public void Setup()
    {
        var settings = Settings ?? BenchSettings.FromEnvironment();
        Dataset = MeteoriteDataset.Load(settings.DataPath);
        // Every benchmark process checks again: a server may have changed since the orchestrator's gate.
        ConnectAsync(settings).GetAwaiter().GetResult();
        if (Settings is null && Environment.GetEnvironmentVariable(BenchSettings.SettleVariable) == "1")
        {
            SettleOnCase(Environment.GetCommandLineArgs());
        }
    }

    /// <summary>
    /// How BenchmarkDotNet names the case a benchmark process runs, on its command line:
    /// <c>Namespace.Class.Method(Params)</c>.
    /// </summary>
    public const string BenchmarkNameArgument = "--benchmarkName";

    /// <summary>
    /// Runs the case's own batch until the JIT has settled by the trials' rule (<see cref="JitSettling"/>), before
    /// BenchmarkDotNet's pilot sizes its iterations: sized from cold batches, gRPC's small call got two or three per
    /// iteration (docs/method.md).
    /// </summary>
    public void SettleOnCase(IReadOnlyList<string> commandLine)
    {
        if (CaseBody(commandLine) is not { } body)
        {
            return;
        }

        var compiled = JitSettling.SettleAsync(body.Run).GetAwaiter().GetResult();
        Console.WriteLine(
            $"// settled the JIT on {body.Name}: {string.Join(", ", compiled)} methods compiled in {compiled.Count} "
                + $"pass(es)"
        );
    }

    /// <summary>
    /// The benchmark method BenchmarkDotNet's command line names, as a call of this instance; null where none is named.
    /// </summary>
    private (string Name, Func<Task> Run)? CaseBody(IReadOnlyList<string> commandLine)
    {
        var at = commandLine.ToList().IndexOf(BenchmarkNameArgument);
        if (at < 0 || at + 1 >= commandLine.Count)
        {
            return null;
        }

        var name = commandLine[at + 1];
        var method = name.Split('(')[0].Split('.')[^1];
        var body = GetType().GetMethod(method, BindingFlags.Public | BindingFlags.Instance, Type.EmptyTypes);
        return
            body?.GetCustomAttribute<BenchmarkAttribute>() is not null && typeof(Task).IsAssignableFrom(body.ReturnType)
            ? (name, () => (Task)body.Invoke(this, null)!)
            : throw new InvalidOperationException(
                $"{GetType().Name} has no benchmark {method}, named by {BenchmarkNameArgument} {name}."
            );
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

    /// <summary>
    /// Creates the suite's clients (each through <see cref="Keep{T}"/>) and validates every one against the servers.
    /// </summary>
    protected abstract Task ConnectAsync(BenchSettings settings);

    /// <summary>
    /// The catalogue arm <paramref name="id"/>'s client on the endpoint that serves it, validated and kept for
    /// <see cref="Cleanup"/>.
    /// </summary>
    protected async Task<ArmClient> ConnectArmAsync(string id, BenchSettings settings)
    {
        var arm = ArmCatalogue.All[id];
        var endpoint = ServerEndpoints.Of(arm, settings.Rest, settings.Grpc)
            ?? throw new InvalidOperationException(
                $"{GetType().Name} needs {ServerEndpoints.OptionOf(arm)}, or leave the servers to the bench."
            );
        var client = Keep(ArmClient.Create(arm, Counted(endpoint)));
        await CorrectnessGate.CheckAsync(client, Dataset);
        return client;
    }

    /// <summary><paramref name="transport"/>, counting its bytes where the bench probes them.</summary>
    protected HttpTransport Counted(HttpTransport transport) =>
        Counter is null ? transport : transport with { Counter = Counter };

    /// <summary>Keeps <paramref name="client"/> for <see cref="Cleanup"/>.</summary>
    protected T Keep<T>(T client)
        where T : IDisposable
    {
        _clients.Add(client);
        return client;
    }
}
