using System.Runtime.InteropServices;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench;

/// <summary>
/// One unattended run: start the servers (or use the given URLs), pass the correctness gate, run BenchmarkDotNet,
/// say where the reports are, and stop the servers on success, failure and Ctrl+C alike.
/// </summary>
public static class Orchestrator
{
    /// <summary>Runs the bench; 0 only when every benchmark ran and passed the gate.</summary>
    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter error)
    {
        BenchOptions options;
        try
        {
            options = BenchOptions.Parse(args);
        }
        catch (ArgumentException e)
        {
            error.WriteLine(e.Message);
            return 2;
        }

        if (options.OnlyPrints)
        {
            BenchmarkSwitcher.FromTypes(BenchmarkTypes).Run(options.BenchmarkDotNetArgs);
            return 0;
        }

        try
        {
            var dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(options.DataPath));
            using var servers = await ServerSet.StartAsync(options, dataset.SourcePath, output);
            using var stopOnCancel = StopOnCancel(servers);

            await GateAsync(servers.Rest, dataset, output);
            new BenchSettings(servers.Rest, dataset.SourcePath).Export();

            var summaries = BenchmarkSwitcher.FromTypes(BenchmarkTypes).Run(options.BenchmarkDotNetArgs).ToArray();
            return Report(summaries, output, error);
        }
        catch (Exception e) when (e is DataFileException or ServerStartException or GateFailedException)
        {
            error.WriteLine($"bench stopped before timing anything: {e.Message}");
            return 1;
        }
    }

    private static readonly Type[] BenchmarkTypes = [typeof(TransportBenchmarks), typeof(HttpVersionBenchmarks), typeof(CodecBenchmarks)];

    /// <summary>Every operation on every transport the servers offer, once, before BenchmarkDotNet starts.</summary>
    private static async Task GateAsync(RestServerAddresses rest, MeteoriteDataset dataset, TextWriter output)
    {
        List<RestTransport> transports = [rest.Http11Transport];
        if (rest.H2c is not null && rest.Tls is not null)
        {
            transports.AddRange([rest.Http2Transports.H2c, rest.Http2Transports.Tls]);
        }

        foreach (var transport in transports)
        {
            using var json = new RestClient(transport);
            using var protobuf = new RestProtobufClient(transport);
            await CorrectnessGate.CheckRestAsync(json, dataset);
            await CorrectnessGate.CheckRestProtobufAsync(protobuf, dataset);
        }

        output.WriteLine($"// correctness gate passed over {string.Join(", ", transports.Select(t => t.Name))}: {dataset.Count} records, sha256 {dataset.Sha256}");
    }

    private static int Report(Summary[] summaries, TextWriter output, TextWriter error)
    {
        var failures = summaries
            .SelectMany(s => s.BenchmarksCases.Where(c => s[c] is not { Success: true }).Select(c => c.DisplayInfo))
            .Concat(summaries.SelectMany(s => s.ValidationErrors.Where(v => v.IsCritical).Select(v => v.Message)))
            .ToList();
        if (summaries.Length == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            failures.Add("no benchmark matched the filter");
        }

        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Distinct())
        {
            output.WriteLine($"// reports (HTML, CSV, Markdown): {directory}");
        }

        if (failures.Count > 0)
        {
            error.WriteLine($"bench failed: {string.Join("; ", failures)}");
            return 1;
        }

        return 0;
    }

    /// <summary>
    /// Ctrl+C, SIGTERM and SIGHUP stop the servers before the bench exits, so no child outlives it even when
    /// BenchmarkDotNet is mid-run. Signal handlers, not ProcessExit: on SIGTERM the runtime ends the process without
    /// waiting for this thread, and a server started by it would be left running.
    /// </summary>
    private static IDisposable StopOnCancel(ServerSet servers)
    {
        PosixSignalRegistration[] registrations =
        [
            .. new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGHUP, PosixSignal.SIGQUIT }
                .Select(signal => PosixSignalRegistration.Create(signal, _ => servers.Dispose())),
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
