using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// The servers a run talks to, started here on free loopback ports or given by URL; disposing stops what was started.
/// </summary>
public sealed class ServerSet : IDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    /// <summary>RestAPI's arguments for every endpoint on a free 127.0.0.1 port (Kestrel picks it: port 0).</summary>
    public static IReadOnlyList<string> FreeRestEndpoints { get; } =
    ["--urls", "http://127.0.0.1:0", "--h2c", "http://127.0.0.1:0", "--tls", "https://127.0.0.1:0"];

    /// <summary>GrpcAPI's arguments for its h2c and TLS endpoints on free 127.0.0.1 ports.</summary>
    public static IReadOnlyList<string> FreeGrpcEndpoints { get; } =
    ["--urls", "http://127.0.0.1:0", "--tls", "https://127.0.0.1:0", "--web", "http://127.0.0.1:0"];

    private readonly List<ServerProcess> _started = [];
    private LinkNamespace? _namespace;
    private IReadOnlyDictionary<string, ServerHttp2Settings?> _http2 = new Dictionary<string, ServerHttp2Settings?>();
    private readonly List<IDisposable> _attached = [];
    private readonly CancellationTokenSource _stopping = new();
    private CpuSet? _cpus;
    private string? _scalingData;
    private (IReadOnlyList<string> RestEndpoints, IReadOnlyList<string> GrpcEndpoints, string Data)? _measured;
    private bool _disposed;

    private ServerSet() { }

    /// <summary>
    /// The CPUs the servers were placed on (<c>--server-cpus</c>; every CPU where only the client was placed); null
    /// where nothing was placed.
    /// </summary>
    public CpuSet? Cpus => _cpus;

    /// <summary>
    /// The namespace the servers run in on a <c>--link</c> run (every profile but loopback); null on loopback.
    /// </summary>
    public LinkNamespace? Namespace => _namespace;

    /// <summary>RestAPI's endpoints; null when the user named only other servers.</summary>
    public RestServerAddresses? Rest { get; private set; }

    /// <summary>GrpcAPI's endpoints; null when the user named only other servers.</summary>
    public GrpcServerAddresses? Grpc { get; private set; }

    /// <summary>The process ids of the servers started here; empty where the user gave URLs.</summary>
    public IReadOnlyList<int> ProcessIds => [.. _started.Select(server => server.Id)];

    /// <summary>Every server's URL, and whether the bench started them: what a run's provenance says of them.</summary>
    public (IReadOnlyList<string> Urls, bool Started) Provenance =>
        (
            [
                .. new[]
                {
                    Rest?.Http11,
                    Rest?.H2c,
                    Rest?.Tls,
                    Grpc?.H2c,
                    Grpc?.Tls,
                    Grpc?.Web,
                    Aot?.Rest,
                    Aot?.Grpc,
                    RestScaling,
                    GrpcScaling,
                }
                    .OfType<Uri>()
                    .Select(url => url.ToString()),
            ],
            ProcessIds.Count > 0
        );

    /// <summary>
    /// The process id of the RestAPI started here (the one at <see cref="Rest"/>); null where the user gave URLs.
    /// </summary>
    public int? RestProcessId { get; private set; }

    /// <summary>
    /// The process id of the GrpcAPI started here (the one at <see cref="Grpc"/>); null where the user gave URLs.
    /// </summary>
    public int? GrpcProcessId { get; private set; }

    /// <summary>
    /// The Native AOT servers' endpoints, where the run started them (<see cref="ServerStart.Aot"/>);
    /// null otherwise.
    /// </summary>
    public AotServerAddresses? Aot { get; private set; }

    /// <summary>The process id of RestAPI.Aot, where the run started it.</summary>
    public int? AotRestProcessId { get; private set; }

    /// <summary>The process id of GrpcAPI.Aot, where the run started it.</summary>
    public int? AotGrpcProcessId { get; private set; }

    /// <summary>
    /// The records the scaling servers serve, the generator's first: the scaling suite's largest count.
    /// </summary>
    public const int ScalingRecords = 10_000;

    /// <summary>
    /// A RestAPI serving the generator's first <see cref="ServerSet.ScalingRecords"/> records, where the run needs one.
    /// </summary>
    public Uri? RestScaling { get; private set; }

    /// <summary>
    /// A GrpcAPI (h2c) serving the same generated records as <see cref="RestScaling"/>, where the run needs one.
    /// </summary>
    public Uri? GrpcScaling { get; private set; }

    /// <summary>
    /// Starts RestAPI and GrpcAPI as <paramref name="start"/> says (the scaling pair and the AOT builds too, where it
    /// asks), or nothing where the servers were given by URL.
    /// </summary>
    public static async Task<ServerSet> StartAsync(ServerStart start, TextWriter log)
    {
        var set = new ServerSet();
        await set.StartAllAsync(start, log);
        return set;
    }

    /// <summary>
    /// A set with nothing started, so a signal during start-up can stop what is started and starting.
    /// </summary>
    public static ServerSet Empty() => new();

    /// <summary>True while <see cref="StartAllAsync"/> runs.</summary>
    public bool Starting { get; private set; }

    /// <summary>
    /// Starts the servers; on any failure, or when disposed meanwhile, stops every server it started.
    /// </summary>
    public async Task StartAllAsync(ServerStart start, TextWriter log)
    {
        _cpus = start.Cpus;
        Starting = true;
        try
        {
            if (start.Given)
            {
                (Rest, Grpc, RestScaling, GrpcScaling) = (
                    start.GivenRest,
                    start.GivenGrpc,
                    start.GivenRestScaling,
                    start.GivenGrpcScaling
                );
                return;
            }

            var (restEndpoints, grpcEndpoints) = (FreeRestEndpoints, FreeGrpcEndpoints);
            if (start.Link is { Namespaced: true } link)
            {
                (restEndpoints, grpcEndpoints) = EnterNamespace(link, log);
            }

            _measured = (restEndpoints, grpcEndpoints, start.DataPath);
            await StartMeasuredAsync(log);
            if (start.Aot && start.Link is null)
            {
                await StartAotServersAsync(start.DataPath, log);
            }

            if (start.Scaling)
            {
                // Every benchmark run: the streaming probe reads 10 000 records from them even where no scaling
                // benchmark runs.
                await StartScalingServersAsync(log);
            }
        }
        catch
        {
            Dispose();
            throw;
        }
        finally
        {
            Starting = false;
        }
    }

    /// <summary>
    /// Creates the link's namespace (unless the bench was told to stop), shapes it and says so; the servers' endpoints
    /// at its server address.
    /// </summary>
    private (IReadOnlyList<string> RestEndpoints, IReadOnlyList<string> GrpcEndpoints) EnterNamespace(
        LinkProfile link,
        TextWriter log
    )
    {
        lock (_started)
        {
            _namespace = _disposed
                ? throw new OperationCanceledException("the bench was told to stop.")
                : LinkNamespace.Create();
        }

        _namespace.Shape(link);
        log.WriteLine(
            $"// link {link.Name}: servers in namespace {_namespace.Name} at {_namespace.ServerAddress}, "
                + $"client at {_namespace.ClientAddress} ({_namespace.HostDevice}), through {_namespace.Router}"
                + (
                    link.QdiscArguments.Count > 0
                        ? $", each of its ends: tc qdisc {string.Join(' ', link.QdiscArguments)}"
                        : ""
                )
                + (
                    _namespace.DelayLine is { } line ? $", its delay line on CPU {line.Cpus}"
                    : link.QdiscArguments.Count > 0 ? ""
                    : ", unshaped"
                )
        );
        return (On(FreeRestEndpoints, _namespace.ServerAddress), On(FreeGrpcEndpoints, _namespace.ServerAddress));
    }

    /// <summary>
    /// Why the servers may have failed a run: one exited, or one no longer answers its small GET in five seconds; null
    /// when all answer.
    /// </summary>
    public async Task<string?> ProblemAsync()
    {
        foreach (var server in _started)
        {
            if (server.ExitCode is { } code)
            {
                return $"{server.Name} (process {server.Id}) exited with code {code} during the run";
            }
        }

        if (Rest is { } rest && !await ServerAnswer.RestAnswersAsync(rest.Http11))
        {
            return $"RestAPI at {rest.Http11} stopped answering "
                + $"(nothing within {ServerAnswer.Timeout.TotalSeconds:0} s)";
        }

        if (Grpc is { } grpc && !await ServerAnswer.GrpcAnswersAsync(grpc))
        {
            return $"GrpcAPI at {grpc.H2c} stopped answering (nothing within {ServerAnswer.Timeout.TotalSeconds:0} s)";
        }

        return null;
    }

    /// <summary>
    /// Stops the servers started here and removes their namespace, ready for <see cref="StartAllAsync"/> on the next
    /// link.
    /// </summary>
    public void StopServers()
    {
        lock (_started)
        {
            foreach (var server in _started)
            {
                server.Dispose();
            }

            _started.Clear();
            _namespace?.Dispose();
            _namespace = null;
            _measured = null;
            (Rest, Grpc, RestProcessId, GrpcProcessId, Aot, AotRestProcessId, AotGrpcProcessId) = (
                null,
                null,
                null,
                null,
                null,
                null,
                null
            );
        }
    }

    /// <summary>
    /// Starts the measured servers (and AOT builds) afresh on new ports, so each trial meets processes no trial used
    /// before; the scaling servers stay. False where the user gave the servers by URL.
    /// </summary>
    public async Task<bool> RenewAsync(TextWriter log)
    {
        if (_measured is null)
        {
            return false;
        }

        var aot = Aot is not null;
        lock (_started)
        {
            var renewed = new[] { RestProcessId, GrpcProcessId, AotRestProcessId, AotGrpcProcessId }
                .OfType<int>()
                .ToHashSet();
            foreach (var server in _started.Where(s => renewed.Contains(s.Id)).ToList())
            {
                server.Dispose();
                _started.Remove(server);
            }
        }

        await StartMeasuredAsync(log);
        if (aot)
        {
            await StartAotServersAsync(_measured.Value.Data, log);
        }

        return true;
    }

    /// <summary>
    /// Starts the RestAPI and GrpcAPI the trials and benchmarks measure, on the endpoints and data of
    /// <see cref="StartAllAsync"/>.
    /// </summary>
    private async Task StartMeasuredAsync(TextWriter log)
    {
        var (restEndpoints, grpcEndpoints, dataPath) = _measured!.Value;
        var restReady = await StartAsync("RestAPI", restEndpoints, dataPath, log);
        Rest = RestServerAddresses.FromReadyLine(restReady);
        RestProcessId = _started[^1].Id;
        var grpcReady = await StartAsync("GrpcAPI", grpcEndpoints, dataPath, log);
        Grpc = GrpcServerAddresses.FromReadyLine(grpcReady);
        GrpcProcessId = _started[^1].Id;
        _http2 = new Dictionary<string, ServerHttp2Settings?>
        {
            ["RestAPI"] = ServerHttp2Settings.FromReadyLine(restReady),
            ["GrpcAPI"] = ServerHttp2Settings.FromReadyLine(grpcReady),
        };
    }

    /// <summary>
    /// The settings a link run's results state: both sides' HTTP/2 windows, TCP's settings each side, the delay line's
    /// CPUs; null on loopback.
    /// </summary>
    public LinkSettings? LinkSettings()
    {
        if (_namespace is not { } link)
        {
            return null;
        }

        var (client, server) = link.TcpSettings();
        return new LinkSettings(HttpClientSettings.Http2StreamWindowBytes, client, server, link.DelayLine?.Cpus)
        {
            Servers = _http2.Where(pair => pair.Value is not null).ToDictionary(pair => pair.Key, pair => pair.Value!),
        };
    }

    private static string[] On(IReadOnlyList<string> endpoints, string address) =>
        [.. endpoints.Select(e => e.Replace("127.0.0.1", address, StringComparison.Ordinal))];

    /// <summary>
    /// Stops every server started here. A signal handler and the main thread may both get here: the second waits for
    /// the first, so the process cannot exit while a server is still being stopped.
    /// </summary>
    public void Dispose()
    {
        lock (_started)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            // A server still starting is stopped by its own start-up, which watches this.
            _stopping.Cancel();
            // Last attached first: a trial's process stops before the folder it writes into is deleted.
            foreach (var child in Enumerable.Reverse(_attached))
            {
                child.Dispose();
            }

            foreach (var server in _started)
            {
                server.Dispose();
            }

            _namespace?.Dispose();
            if (_scalingData is not null)
            {
                File.Delete(_scalingData);
            }
        }
    }

    /// <summary>
    /// Stops <paramref name="child"/> with the servers at any end of the run; disposing the result detaches it.
    /// </summary>
    public IDisposable Attach(IDisposable child)
    {
        lock (_started)
        {
            if (_disposed)
            {
                child.Dispose();
                throw new OperationCanceledException("the bench was told to stop.");
            }

            _attached.Add(child);
        }

        return new Detach(() =>
        {
            lock (_started)
            {
                _attached.Remove(child);
            }
        });
    }

    private sealed class Detach(Action action) : IDisposable
    {
        public void Dispose() => action();
    }

    /// <summary>
    /// Writes the generator's first records to a temporary file and serves them from a second RestAPI and a second
    /// GrpcAPI.
    /// </summary>
    private async Task StartScalingServersAsync(TextWriter log)
    {
        BenchFiles.RemoveOrphanedScalingData(Path.GetTempPath());
        _scalingData = Path.Combine(Path.GetTempPath(), $"{BenchFiles.ScalingDataPrefix}{Environment.ProcessId}.json");
        NasaExportWriter.WriteFile(_scalingData, MeteoriteGenerator.Generate(ServerSet.ScalingRecords));
        RestScaling = RestServerAddresses
            .FromReadyLine(await StartAsync("RestAPI", FreeRestEndpoints, _scalingData, log))
            .Http11;
        GrpcScaling = GrpcServerAddresses
            .FromReadyLine(await StartAsync("GrpcAPI", FreeGrpcEndpoints, _scalingData, log))
            .H2c;
    }

    /// <summary>
    /// Starts RestAPI.Aot and GrpcAPI.Aot, published beforehand (<see cref="AotServers.Publish"/>), on free loopback
    /// ports beside the JIT servers.
    /// </summary>
    private async Task StartAotServersAsync(string dataPath, TextWriter log)
    {
        var rest = RestServerAddresses.FromReadyLine(
            await StartAsync(
                ServerProcess.RequireBuilt(AotServers.Executable(AotServers.Rest)),
                [],
                FreeRestEndpoints,
                dataPath,
                log
            )
        );
        AotRestProcessId = _started[^1].Id;
        var grpc = GrpcServerAddresses.FromReadyLine(
            await StartAsync(
                ServerProcess.RequireBuilt(AotServers.Executable(AotServers.Grpc)),
                [],
                FreeGrpcEndpoints,
                dataPath,
                log
            )
        );
        AotGrpcProcessId = _started[^1].Id;
        Aot = new AotServerAddresses(rest.Http11, grpc.H2c);
    }

    /// <summary>
    /// Starts a server on free ports (of loopback, or of the link's namespace) and returns its ready line.
    /// </summary>
    private Task<string> StartAsync(string project, IReadOnlyList<string> endpoints, string dataPath, TextWriter log) =>
        StartAsync("dotnet", [ServerProcess.RequireBuilt(ServerBinaries.Of(project))], endpoints, dataPath, log);

    /// <summary>
    /// Starts <paramref name="program"/> with <paramref name="leading"/> arguments before the endpoints and data, and
    /// returns its ready line.
    /// </summary>
    private async Task<string> StartAsync(
        string program,
        IReadOnlyList<string> leading,
        IReadOnlyList<string> endpoints,
        string dataPath,
        TextWriter log
    )
    {
        string[] arguments = [.. leading, .. endpoints, "--data", dataPath];
        var (started, inside) = _namespace is { } space ? space.Inside(program, arguments) : (program, arguments);
        var server = await ServerProcess.StartProgramAsync(started, inside, ReadyTimeout, null, _stopping.Token);
        lock (_started)
        {
            if (_disposed)
            {
                server.Dispose();
                throw new OperationCanceledException(
                    $"{Path.GetFileNameWithoutExtension(leading.FirstOrDefault() ?? program)} started after the bench "
                        + $"was told to stop; stopped again."
                );
            }

            _started.Add(server);
        }

        _cpus?.Apply(server.Id);
        log.WriteLine($"// started: {server.ReadyLine}" + (_cpus is null ? "" : $" on CPUs {_cpus}"));
        return server.ReadyLine;
    }
}
