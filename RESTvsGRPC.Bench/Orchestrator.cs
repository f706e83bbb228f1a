using System.Diagnostics;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Grpc.Net.Client.Web;
using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Paired;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Reports;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Bench;

/// <summary>
/// One unattended run: start the servers (or use the given URLs), pass the correctness gate, run BenchmarkDotNet,
/// say where the reports are, and stop the servers on success, failure and Ctrl+C alike.
/// </summary>
public static class Orchestrator
{
    /// <summary>Runs the benchmarks as <paramref name="options"/> say (<paramref name="args"/> as typed, for the provenance); 0 only when every benchmark ran and passed the gate.</summary>
    public static async Task<int> RunAsync(BenchOptions options, string[] args, TextWriter output, TextWriter error)
    {
        if (options.OnlyPrints)
        {
            BenchmarkSwitcher.FromTypes(BenchmarkTypes).Run(options.BenchmarkDotNetArgs);
            return 0;
        }

        if (options.CallTimeout is { } callTimeout)
        {
            Environment.SetEnvironmentVariable(HttpClientSettings.CallTimeoutVariable, ((int)callTimeout.TotalSeconds).ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        try
        {
            var dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(options.DataPath));
            // Before anything starts: trials and BenchmarkDotNet's processes inherit the client's set from the thread that
            // starts them, and every process the JIT setting.
            options.ClientCpus?.Apply(Environment.ProcessId);
            JitTiering.ApplyToChildProcesses();
            using var servers = ServerSet.Empty();
            using var stopOnCancel = StopOnCancel(servers);
            var phase = Stopwatch.StartNew();
            try
            {
                await servers.StartAllAsync(options, dataset.SourcePath, output, scaling: !options.Paired);
                Done(output, "servers", phase, options.GivesServers ? "given by URL, none started" : $"{servers.ProcessIds.Count} started");
            }
            catch (OperationCanceledException)
            {
                error.WriteLine("bench stopped by a signal while it started the servers; every server it had started is stopped.");
                return 1;
            }

            await GateAsync(servers, dataset, output);
            Done(output, "correctness gate", phase, "every operation on every transport answered and validated");
            IReadOnlyList<WireBytes> wireBytes;
            IReadOnlyList<StreamingResult> streaming;
            try
            {
                wireBytes = await WireBytesProbe.MeasureAsync(servers.Rest, servers.Grpc, dataset);
                Done(output, "bytes probe", phase, $"{wireBytes.Count} arms' bytes on the wire");
                streaming = servers is { RestScaling: { } restScaling, GrpcScaling: { } grpcScaling }
                    ? await StreamingProbe.MeasureAsync(restScaling, grpcScaling, ScalingBenchmarks.MaxRecords)
                    : [];
                if (streaming.Count > 0)
                {
                    Done(output, "streaming probe", phase, $"time to first record, {ScalingBenchmarks.MaxRecords:N0} records");
                }
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException or Grpc.Core.RpcException)
            {
                error.WriteLine($"bench stopped before timing anything: {await servers.ProblemAsync() ?? e.Message}.");
                return 1;
            }

            new BenchSettings(servers.Rest, servers.Grpc, servers.RestScaling, servers.GrpcScaling, dataset.SourcePath).Export();
            Environment.SetEnvironmentVariable(Batch.SizesVariable, options.Quick ? "100" : null);

            TrialsRun? trials = null;
            TrialsRun? stylesTrials = null;
            try
            {
                if (options.MeasuresTrials && servers is { Rest: not null, Grpc: not null })
                {
                    trials = await MeasureTrialsAsync(servers, dataset, options, TrialArm.Transport, output);
                    Done(output, "trials", phase, $"{trials.Completed} of {options.TrialPlan.Trials} trials, {trials.Headline.Count} ratios");
                }

                if (options.MeasuresStylesTrials && servers is { Rest: not null, Grpc.Web: not null })
                {
                    stylesTrials = await MeasureTrialsAsync(servers, dataset, options, TrialArm.Styles, output);
                    Done(output, "trials, API styles", phase, $"{stylesTrials.Completed} of {options.TrialPlan.Trials} trials, {stylesTrials.Headline.Count} ratios");
                }
            }
            catch (Exception e) when (e is TrialFailedException or OperationCanceledException)
            {
                error.WriteLine($"bench failed during the trials: {await servers.ProblemAsync() ?? e.Message}; no report written.");
                return 1;
            }

            IReadOnlyList<PairedOperation>? paired = null;
            if (options.MeasuresPaired && servers is { Rest: not null, Grpc: not null })
            {
                try
                {
                    paired = await MeasurePairedAsync(servers, wireBytes, options.PairedPlan, output);
                    Done(output, "paired rounds", phase, $"{paired.Count} operations");
                }
                catch (Exception e) when (e is HttpRequestException or TaskCanceledException or Grpc.Core.RpcException or GateFailedException or ServerStartException)
                {
                    error.WriteLine($"bench failed during the paired rounds: {await servers.ProblemAsync() ?? e.Message}; no report written.");
                    return 1;
                }
            }

            IReadOnlyList<PairedOperation>? stylesPaired = null;
            if (options.MeasuresStylesPaired && servers is { Rest: not null, Grpc.Web: not null })
            {
                try
                {
                    stylesPaired = await MeasureStylesPairedAsync(options.PairedPlan, output);
                    Done(output, "paired rounds, API styles", phase, $"{stylesPaired.Count} operations");
                }
                catch (Exception e) when (e is HttpRequestException or TaskCanceledException or Grpc.Core.RpcException or GateFailedException)
                {
                    error.WriteLine($"bench failed during the API styles' paired rounds: {await servers.ProblemAsync() ?? e.Message}; no report written.");
                    return 1;
                }
            }

            if (options.Paired)
            {
                var pairedDirectory = Path.Combine(options.ArtifactsPath, "paired");
                Directory.CreateDirectory(pairedDirectory);
                var run = new RunResults(
                    ProvenanceReader.ReadHere(dataset, ServerUrls(servers), args, options.TrialPlan.ToString(), "servers at the runtime's default GC", Placement(options)),
                    [], wireBytes, streaming, Paired: paired, Trials: trials, StylesTrials: stylesTrials);
                run = run with { PreviousRun = PreviousRunIn(pairedDirectory) is { } previous ? RunToRun.Between(previous, run) : null };
                run.Save(pairedDirectory);
                output.WriteLine($"// summary (Markdown, HTML, SVG charts): {RunSummary.Write(run, pairedDirectory)}");
                return 0;
            }

            var config = ManualConfig.Create(DefaultConfig.Instance).AddDiagnoser(new ServerCostDiagnoser(servers.ProcessIds));
            var started = DateTime.UtcNow;
            output.WriteLine("// phase: BenchmarkDotNet starts (its own output follows)");
            phase.Restart();
            var summaries = BenchmarkSwitcher.FromTypes(BenchmarkTypes).Run(options.BenchmarkDotNetArgs, config).ToArray();
            Done(output, "BenchmarkDotNet", phase, $"{summaries.Sum(s => s.Reports.Length)} benchmarks");
            if (Failures(summaries) is { Count: > 0 } failures)
            {
                RemoveReports(summaries, started);
                var log = summaries.Select(s => s.LogFilePath).FirstOrDefault(File.Exists);
                var reason = await servers.ProblemAsync()
                    ?? string.Join("; ", failures.Take(3)) + (failures.Count > 3 ? $" and {failures.Count - 3} more" : "");
                error.WriteLine($"bench failed: {reason}; no report written" + (log is null ? "." : $" (BenchmarkDotNet's log: {log})."));
                return 1;
            }

            AnnounceReports(summaries, output);
            if (summaries.FirstOrDefault(s => s.Reports.Length > 0)?.ResultsDirectoryPath is { } directory)
            {
                var run = new RunResults(
                    ProvenanceReader.Read(summaries, dataset, ServerUrls(servers), args, Placement(options)), BenchmarkResults.From(summaries), wireBytes, streaming, Paired: paired, StylesPaired: stylesPaired, Trials: trials, StylesTrials: stylesTrials);
                run = run with { PreviousRun = PreviousRunIn(directory) is { } previous ? RunToRun.Between(previous, run) : null };
                run.Save(directory);
                output.WriteLine($"// summary (Markdown, HTML, SVG charts): {RunSummary.Write(run, directory)}");
            }

            return 0;
        }
        catch (Exception e) when (e is DataFileException or ServerStartException or GateFailedException)
        {
            error.WriteLine($"bench stopped before timing anything: {e.Message}");
            return 1;
        }
    }

    /// <summary>One line per phase the bench runs outside BenchmarkDotNet, with its time; the watch restarts for the next.</summary>
    private static void Done(TextWriter output, string name, Stopwatch phase, string what)
    {
        output.WriteLine($"// phase: {name} done in {Units.Time(phase.Elapsed.TotalNanoseconds)}: {what}");
        phase.Restart();
    }

    private static readonly Type[] BenchmarkTypes =
        [typeof(TransportBenchmarks), typeof(HttpVersionBenchmarks), typeof(StylesBenchmarks), typeof(CodecBenchmarks), typeof(ScalingBenchmarks), typeof(CompressionBenchmarks)];

    /// <summary>Every operation on every transport and record count the servers offer, once, before BenchmarkDotNet starts.</summary>
    internal static async Task GateAsync(ServerSet servers, MeteoriteDataset dataset, TextWriter output)
    {
        if (servers.Rest is { } rest)
        {
            List<HttpTransport> transports = [rest.Http11Transport];
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

            using var minimal = new RestClient(rest.Http11Transport, routes: RestRoutes.MinimalApis);
            await CorrectnessGate.CheckRestAsync(minimal, dataset);
            output.WriteLine($"// correctness gate passed for REST over {string.Join(", ", transports.Select(t => t.Name))} and its minimal APIs: {dataset.Count} records, sha256 {dataset.Sha256}");
        }

        if (servers.Grpc is { } grpc)
        {
            List<HttpTransport> transports = [grpc.H2cTransport];
            if (grpc.Tls is not null)
            {
                transports.Add(grpc.TlsTransport);
            }

            foreach (var transport in transports)
            {
                using var client = new GrpcClient(transport);
                await CorrectnessGate.CheckGrpcAsync(client, dataset);
                await CorrectnessGate.CheckGrpcStreamingVariantsAsync(client, dataset);
            }

            output.WriteLine($"// correctness gate passed for gRPC over {string.Join(", ", transports.Select(t => t.Name))}: {dataset.Count} records, sha256 {dataset.Sha256}");
            if (grpc.Web is { } webUrl)
            {
                var web = HttpTransport.Http11(webUrl);
                using var transcoded = new RestClient(web, routes: RestRoutes.Transcoded);
                await CorrectnessGate.CheckRestAsync(transcoded, dataset);
                foreach (var (transport, mode) in new[] { (web, GrpcWebMode.GrpcWeb), (grpc.H2cTransport, GrpcWebMode.GrpcWeb), (web, GrpcWebMode.GrpcWebText) })
                {
                    using var client = new GrpcClient(transport, web: mode);
                    await CorrectnessGate.CheckGrpcAsync(client, dataset);
                }

                output.WriteLine($"// correctness gate passed for JSON transcoding over HTTP/1.1, gRPC-Web over HTTP/1.1 and h2c, gRPC-Web text over HTTP/1.1: {dataset.Count} records, sha256 {dataset.Sha256}");
            }
        }

        if (servers.RestScaling is { } scalingUrl)
        {
            var generated = MeteoriteDataset.FromRecords("generated", MeteoriteGenerator.Generate(ScalingBenchmarks.MaxRecords));
            using var json = new RestClient(HttpTransport.Http11(scalingUrl));
            using var protobuf = new RestProtobufClient(HttpTransport.Http11(scalingUrl));
            foreach (var count in new[] { 1, 10, 100, 1000, ScalingBenchmarks.MaxRecords })
            {
                await CorrectnessGate.CheckRestScalingAsync(json, protobuf, generated, count);
            }

            output.WriteLine($"// correctness gate passed for the scaling server at {scalingUrl}: 1 to {ScalingBenchmarks.MaxRecords} records");
        }

        if (servers.GrpcScaling is { } grpcScalingUrl)
        {
            var generated = MeteoriteDataset.FromRecords("generated", MeteoriteGenerator.Generate(ScalingBenchmarks.MaxRecords));
            using var client = new GrpcClient(HttpTransport.H2c(grpcScalingUrl));
            foreach (var count in new[] { 1, 10, 100, 1000, ScalingBenchmarks.MaxRecords })
            {
                await CorrectnessGate.CheckGrpcScalingAsync(client, generated, count);
            }

            output.WriteLine($"// correctness gate passed for the gRPC scaling server at {grpcScalingUrl}: 1 to {ScalingBenchmarks.MaxRecords} records");
        }
    }

    /// <summary>
    /// The paired rounds over the transport suite's own benchmark bodies, set up (and so validated) as in a
    /// benchmark process, with the transport floor's echo process beside the servers.
    /// </summary>
    private static async Task<IReadOnlyList<PairedOperation>> MeasurePairedAsync(ServerSet servers, IReadOnlyList<WireBytes> wireBytes, PairedMeasurement.Plan plan, TextWriter output)
    {
        var benchmarks = new TransportBenchmarks { Calls = PairedMeasurement.CallsPerStep };
        benchmarks.Setup();
        var httpVersions = servers is { Rest: { H2c: not null, Tls: not null }, Grpc.Tls: not null } ? new HttpVersionBenchmarks { Calls = PairedMeasurement.CallsPerStep } : null;
        httpVersions?.Setup();
        try
        {
            using var floor = await TransportFloor.StartAsync();
            servers.Cpus?.Apply(floor.ProcessId);
            output.WriteLine($"// {plan}");
            return await PairedMeasurement.RunAsync(
                benchmarks, httpVersions, floor, wireBytes, method => Arms.IsServedByGrpcApi(method) ? servers.GrpcProcessId : servers.RestProcessId, plan, output);
        }
        finally
        {
            benchmarks.Cleanup();
            httpVersions?.Cleanup();
        }
    }

    /// <summary>
    /// Trials over <paramref name="arms"/>, each in a fresh client process placed as the bench is, then (but with
    /// --quick) load mode's closed loop at the same concurrency and, for the transport arms, h2load's check of the same
    /// servers where h2load is installed and the bench started the servers.
    /// </summary>
    private static async Task<TrialsRun> MeasureTrialsAsync(ServerSet servers, MeteoriteDataset dataset, BenchOptions options, IReadOnlyList<TrialArm> arms, TextWriter output)
    {
        output.WriteLine($"// {options.TrialPlan}; placement: {Placement(options)}");
        var trials = await TrialRunner.RunAsync(options.TrialPlan, arms, servers, Placement(options), output);
        if (options.Quick)
        {
            return trials;
        }

        trials = trials with { Load = await LoadCrossCheck.RunAsync(options.TrialPlan, trials, servers, output) };
        if (arms != TrialArm.Transport || !H2loadCrossCheck.Available || servers is not { Rest: { } rest, Grpc: { } grpc, RestProcessId: { } restId, GrpcProcessId: { } grpcId })
        {
            return trials;
        }

        try
        {
            return trials with { H2load = await H2loadCrossCheck.RunAsync(trials, rest, grpc, restId, grpcId, Math.Max(0.5, options.TrialPlan.SegmentSeconds), output) };
        }
        catch (Exception e) when (e is TrialFailedException or HttpRequestException or TimeoutException)
        {
            output.WriteLine($"// h2load's check did not run to the end: {e.Message}");
            return trials with { H2load = [] };
        }
    }

    /// <summary>The API styles' paired rounds over the styles suite's own benchmark bodies, set up (and so validated) as in a benchmark process.</summary>
    private static async Task<IReadOnlyList<PairedOperation>> MeasureStylesPairedAsync(PairedMeasurement.Plan plan, TextWriter output)
    {
        var styles = new StylesBenchmarks { Calls = PairedMeasurement.CallsPerStep };
        styles.Setup();
        try
        {
            return await PairedMeasurement.RunStylesAsync(styles, plan, output);
        }
        finally
        {
            styles.Cleanup();
        }
    }

    /// <summary>Which CPUs the run's processes were pinned to, for its provenance.</summary>
    internal static string Placement(BenchOptions options) => options.ServerCpus is null && options.ClientCpus is null
        ? "none: the OS placed every process"
        : $"servers on CPUs {options.ServerCpus?.ToString() ?? "any"}; client, trials and BenchmarkDotNet's processes on CPUs {options.ClientCpus?.ToString() ?? "any"}";

    /// <summary>The summary command: writes a run's summary again from its summary.json; 1 when the folder holds none.</summary>
    internal static int RewriteSummary(string folder, TextWriter output, TextWriter error)
    {
        try
        {
            var run = RunResults.Load(folder);
            output.WriteLine($"// summary (Markdown, HTML, SVG charts): {RunSummary.Write(run, Directory.Exists(folder) ? folder : Path.GetDirectoryName(Path.GetFullPath(folder))!)}");
            return 0;
        }
        catch (Exception e) when (e is IOException or InvalidDataException or UnauthorizedAccessException)
        {
            error.WriteLine($"summary: {e.Message}");
            return 1;
        }
    }

    /// <summary>The run whose summary.json is still in the results folder this run writes to, if it reads.</summary>
    private static RunResults? PreviousRunIn(string directory)
    {
        try
        {
            return File.Exists(Path.Combine(directory, RunResults.FileName)) ? RunResults.Load(directory) : null;
        }
        catch (InvalidDataException)
        {
            // Written by an older bench, or damaged: there is nothing to compare with.
            return null;
        }
    }

    /// <summary>The servers a run used, for its provenance.</summary>
    internal static IReadOnlyList<string> ServerUrls(ServerSet servers) =>
    [
        .. new[] { servers.Rest?.Http11, servers.Rest?.H2c, servers.Rest?.Tls, servers.Grpc?.H2c, servers.Grpc?.Tls, servers.Grpc?.Web, servers.RestScaling, servers.GrpcScaling }
            .OfType<Uri>().Select(url => url.ToString()),
        servers.ProcessIds.Count > 0 ? "started by the bench on loopback" : "given on the command line (server cost not measured)",
    ];

    /// <summary>The benchmarks that did not run to the end, and critical validation errors; empty for a good run.</summary>
    private static List<string> Failures(Summary[] summaries)
    {
        var failures = summaries
            .SelectMany(s => s.BenchmarksCases.Where(c => s[c] is not { Success: true }).Select(c => $"{c.DisplayInfo} did not complete"))
            .Concat(summaries.SelectMany(s => s.ValidationErrors.Where(v => v.IsCritical).Select(v => v.Message)))
            .ToList();
        if (summaries.Length == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            failures.Add("no benchmark matched the filter");
        }

        return failures;
    }

    /// <summary>
    /// Deletes the reports BenchmarkDotNet exported during a failed run: with some benchmarks timed and others not,
    /// they would read like a result. Its logs stay, for the reason.
    /// </summary>
    private static void RemoveReports(Summary[] summaries, DateTime since)
    {
        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Where(Directory.Exists).Distinct())
        {
            foreach (var report in Directory.EnumerateFiles(directory).Where(file => File.GetLastWriteTimeUtc(file) >= since))
            {
                File.Delete(report);
            }
        }
    }

    /// <summary>Writes the scaling fit and says where the reports are.</summary>
    private static void AnnounceReports(Summary[] summaries, TextWriter output)
    {
        foreach (var summary in summaries.Where(s => s.BenchmarksCases.Any(c => c.Descriptor.Type == typeof(ScalingBenchmarks))))
        {
            var fit = Path.Combine(summary.ResultsDirectoryPath, "ScalingBenchmarks-fit.md");
            File.WriteAllText(fit, ScalingReport.ToMarkdown(ScalingPoints(summary)));
            output.WriteLine($"// scaling fit t(n) = a + b·n: {fit}");
            output.Write(File.ReadAllText(fit));
        }

        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Distinct())
        {
            output.WriteLine($"// reports (HTML, CSV, Markdown): {directory}");
        }
    }

    private static ScalingReport.Point[] ScalingPoints(Summary summary) =>
    [
        .. summary.BenchmarksCases.Select(c => new ScalingReport.Point(
            c.Descriptor.WorkloadMethod.Name,
            (int)c.Parameters["Records"],
            summary[c]!.ResultStatistics!.Mean / (int)c.Parameters["Calls"])),
    ];

    /// <summary>
    /// Ctrl+C, SIGTERM and SIGHUP stop the servers before the bench exits, so no child outlives it, whether the
    /// servers are still starting or BenchmarkDotNet is mid-run. Signal handlers, not ProcessExit: on SIGTERM the runtime ends the process without
    /// waiting for this thread, and a server started by it would be left running.
    /// </summary>
    private static IDisposable StopOnCancel(ServerSet servers)
    {
        PosixSignalRegistration[] registrations =
        [
            .. new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGHUP, PosixSignal.SIGQUIT }
                .Select(signal => PosixSignalRegistration.Create(signal, context =>
                {
                    var starting = servers.Starting;
                    servers.Dispose();
                    // During start-up the main thread is waiting for a server, not inside BenchmarkDotNet: it stops the
                    // server still starting and says so, where ending the process now would leave that one running.
                    context.Cancel = starting;
                })),
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
