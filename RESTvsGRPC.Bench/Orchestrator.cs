using BenchmarkDotNet.Running;
using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench;

/// <summary>
/// One unattended run: servers, correctness gate, BenchmarkDotNet, reports; the servers stopped on success, failure and
/// Ctrl+C alike.
/// </summary>
public static class Orchestrator
{
    /// <summary>
    /// Runs the benchmarks as <paramref name="options"/> say (<paramref name="args"/> as typed, for the provenance); 0
    /// only when every benchmark ran and passed the gate.
    /// </summary>
    public static async Task<int> RunAsync(BenchOptions options, string[] args, TextWriter output, TextWriter error)
    {
        if (options.OnlyPrints)
        {
            BenchmarkSwitcher.FromTypes(BenchmarkTypes).Run(options.BenchmarkDotNetArgs);
            return 0;
        }

        if (options.Links is { } links && LinkHost.Refusal(links) is { } refusal)
        {
            error.WriteLine(refusal);
            return BenchCommandLine.BadUsage;
        }

        try
        {
            var dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(options.DataPath));
            // Before anything starts: trials and BenchmarkDotNet's processes inherit the client's set from the thread
            // that starts them, and every process the JIT setting.
            options.ClientCpus?.Apply(Environment.ProcessId);
            JitTiering.ApplyToChildProcesses();
            using var servers = ServerSet.Empty();
            using var stopOnCancel = StopOnCancel(servers);
            var run = new BenchRun(options, args, dataset, servers, output);
            try
            {
                await run.MeasureAsync();
                return 0;
            }
            catch (TlsEndpointException e)
            {
                error.WriteLine(e.Message);
                return BenchCommandLine.BadUsage;
            }
            catch (PhaseFailedException e)
            {
                error.WriteLine(
                    e.Cause is null
                        ? e.Message
                        : $"{e.Message}: {await servers.ProblemAsync() ?? e.Cause.Message}{e.Ending}"
                );
                return 1;
            }
        }
        catch (Exception e) when (e is DataFileException or ServerStartException or GateFailedException)
        {
            error.WriteLine($"bench stopped before timing anything: {e.Message}");
            return 1;
        }
    }

    public static readonly Type[] BenchmarkTypes =
    [
        typeof(TransportBenchmarks),
        typeof(HttpVersionBenchmarks),
        typeof(StylesBenchmarks),
        typeof(CodecBenchmarks),
        typeof(ScalingBenchmarks),
        typeof(CompressionBenchmarks),
    ];

    /// <summary>
    /// Every operation of every catalogue arm the servers serve, and every record count of the scaling servers, once,
    /// before BenchmarkDotNet starts. The clients check at once: each waits mostly on a server's first answers (its
    /// code compiling on the servers' CPUs), so one after another they took the sum of those waits.
    /// </summary>
    internal static async Task GateAsync(ServerSet servers, MeteoriteDataset dataset, TextWriter output)
    {
        // Arms that differ only by their large GET's shape share one client, whose check covers every shape.
        var served = ArmCatalogue
            .All.Values.Where(arm => arm.Protocol != "none")
            .GroupBy(arm => (arm.Protocol, arm.Encoding, arm.Transport, arm.Style, arm.Compression, arm.Build))
            .Select(sameClient =>
                (
                    Arms: sameClient.ToList(),
                    Endpoint: ServerEndpoints.Of(sameClient.First(), servers.Rest, servers.Grpc, servers.Aot)
                )
            )
            .Where(c => c.Endpoint is not null)
            .ToList();
        var scaling = GateScalingAsync(servers);
        await InOrderAsync([
            .. served.Select(async c =>
            {
                using var client = ArmClient.Create(c.Arms[0], c.Endpoint!);
                await CorrectnessGate.CheckAsync(client, dataset);
            }),
            scaling,
        ]);
        if (served.Count > 0)
        {
            var arms = string.Join(", ", served.SelectMany(c => c.Arms).Select(a => a.Id));
            output.WriteLine(
                $"// correctness gate passed for {arms}: {dataset.Count} records, sha256 {dataset.Sha256}"
            );
        }

        foreach (var line in await scaling)
        {
            output.WriteLine(line);
        }
    }

    /// <summary>
    /// Waits for every check, then throws the first failure in their order: the one a check of each after another
    /// would have met first.
    /// </summary>
    private static async Task InOrderAsync(IReadOnlyList<Task> checks)
    {
        await Task.WhenAll(checks).ContinueWith(static _ => { }, TaskScheduler.Default);
        foreach (var check in checks)
        {
            await check;
        }
    }

    /// <summary>
    /// The scaling servers at every record count the scaling suite asks for, both at once; the lines saying so.
    /// </summary>
    private static async Task<IReadOnlyList<string>> GateScalingAsync(ServerSet servers)
    {
        if (servers is { RestScaling: null, GrpcScaling: null })
        {
            return [];
        }

        var generated = MeteoriteDataset.FromRecords(
            "generated",
            MeteoriteGenerator.Generate(ServerSet.ScalingRecords)
        );
        await Task.WhenAll(
            servers.RestScaling is { } restUrl ? GateRestScalingAsync(restUrl, generated) : Task.CompletedTask,
            servers.GrpcScaling is { } grpcUrl ? GateGrpcScalingAsync(grpcUrl, generated) : Task.CompletedTask
        );
        var records = $"1 to {ServerSet.ScalingRecords} records";
        return
        [
            .. servers.RestScaling is { } rest
                ? [$"// correctness gate passed for the scaling server at {rest}: {records}"]
                : Array.Empty<string>(),
            .. servers.GrpcScaling is { } grpc
                ? [$"// correctness gate passed for the gRPC scaling server at {grpc}: {records}"]
                : Array.Empty<string>(),
        ];
    }

    private static async Task GateRestScalingAsync(Uri url, MeteoriteDataset generated)
    {
        using var json = ArmClient.Create(ArmCatalogue.All["rest-json"], HttpTransport.Http11(url));
        using var protobuf = ArmClient.Create(ArmCatalogue.All["rest-protobuf"], HttpTransport.Http11(url));
        foreach (var count in ScalingBenchmarks.RecordCounts)
        {
            await CorrectnessGate.CheckRestScalingAsync(json.Json!, protobuf.Protobuf!, generated, count);
        }
    }

    private static async Task GateGrpcScalingAsync(Uri url, MeteoriteDataset generated)
    {
        using var client = ArmClient.Create(ArmCatalogue.All["grpc"], HttpTransport.H2c(url));
        foreach (var count in ScalingBenchmarks.RecordCounts)
        {
            await CorrectnessGate.CheckGrpcScalingAsync(client.Grpc!, generated, count);
        }
    }

    /// <summary>Which CPUs the run's processes were pinned to, for its provenance.</summary>
    internal static CpuPlacement Placement(BenchOptions options) =>
        new(options.ServerCpus?.ToString(), options.ClientCpus?.ToString());

    /// <summary>The servers a run used, for its provenance.</summary>
    internal static (IReadOnlyList<string> Urls, bool Started) ServerUrls(ServerSet servers) => servers.Provenance;

    /// <summary>
    /// Ctrl+C, SIGTERM and SIGHUP stop the servers before the bench exits. Signal handlers, not ProcessExit: on SIGTERM
    /// the runtime would end the process without waiting for this thread, leaving a server it started running.
    /// </summary>
    private static IDisposable StopOnCancel(ServerSet servers)
    {
        PosixSignalRegistration[] registrations =
        [
            .. new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGHUP, PosixSignal.SIGQUIT }.Select(
                signal => PosixSignalRegistration.Create(signal, context =>
                    {
                        var starting = servers.Starting;
                        servers.Dispose();
                        // During start-up the main thread is waiting for a server, not inside BenchmarkDotNet: it stops
                        // the server still starting and says so, where ending the process now would leave that one
                        // running.
                        context.Cancel = starting;
                    })
            ),
        ];
        AppDomain.CurrentDomain.ProcessExit += OnExit;
        return new Unsubscribe(() =>
        {
            foreach (var registration in registrations)
            {
                registration.Dispose();
            }

            AppDomain.CurrentDomain.ProcessExit -= OnExit;
        });

        void OnExit(object? sender, EventArgs e) => servers.Dispose();
    }

    private sealed class Unsubscribe(Action action) : IDisposable
    {
        public void Dispose() => action();
    }
}
