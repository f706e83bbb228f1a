using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.CrossChecks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Probes;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Bench.Startup;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench;

/// <summary>
/// A phase that could not finish: the message says which, <see cref="Cause"/> why, <see cref="Ending"/> what it means
/// for the reports.
/// </summary>
internal sealed class PhaseFailedException(
    string message,
    Exception? cause = null,
    string ending = "; no report written."
) : Exception(message, cause)
{
    public Exception? Cause => InnerException;

    public string Ending { get; } = ending;
}

/// <summary>
/// One run's phases in order (servers, gate, probes, trials, BenchmarkDotNet, results); every failure leaves as a
/// <see cref="PhaseFailedException"/>.
/// </summary>
internal sealed class BenchRun(
    BenchOptions options,
    string[] args,
    MeteoriteDataset dataset,
    ServerSet servers,
    TextWriter output
)
{
    private readonly Stopwatch _phase = Stopwatch.StartNew();
    private readonly BenchMode _mode = BenchMode.Of(options);
    private readonly Dictionary<TrialSlot, List<TrialsRun>> _trials = [];
    private IReadOnlyList<string> _urls = [];
    private bool _serversStarted;
    private BenchSettings? _settings;
    private StartupRun? _startup;
    private Probes _probes = new([], [], null);
    private IReadOnlyList<TlsSession> _tlsSessions = [];

    /// <summary>
    /// What the probes measured before BenchmarkDotNet: bytes on the wire, the streaming probe and its method.
    /// </summary>
    private sealed record Probes(
        IReadOnlyList<WireBytes> WireBytes,
        IReadOnlyList<StreamingResult> Streaming,
        StreamingMethod? Method
    );

    private BenchSettings Settings => _settings ?? throw new InvalidOperationException("no server has started yet");

    /// <summary>Runs every phase the options ask for and writes the results and their summary.</summary>
    public async Task MeasureAsync()
    {
        if (_mode.AotLeftOut is { } reason)
        {
            output.WriteLine($"// the AOT builds are left out of this run: {reason}");
        }

        await MeasureBuildsAsync();
        foreach (var link in _mode.Conditions)
        {
            await MeasureOnAsync(link);
        }

        if (!_mode.RunsBenchmarkDotNet)
        {
            if (_mode.Conditions is [not null, ..])
            {
                servers.StopServers();
            }

            var directory = Path.Combine(options.ArtifactsPath, _mode.Folder);
            Directory.CreateDirectory(directory);
            var started = (_urls, _serversStarted);
            var placement = Orchestrator.Placement(options);
            var measurer = ProcessSetup.Trials;
            var provenance = ProvenanceReader.ReadHere(dataset, started, args, _mode.Method, measurer, placement);
            Write(directory, provenance, []);
            return;
        }

        var summaries = RunBenchmarkDotNet();
        if (summaries.FirstOrDefault(s => s.Reports.Length > 0)?.ResultsDirectoryPath is { } resultsDirectory)
        {
            var provenance = ProvenanceReader.Read(
                summaries,
                dataset,
                Orchestrator.ServerUrls(servers),
                args,
                Orchestrator.Placement(options)
            );
            Write(resultsDirectory, provenance, BenchmarkResults.From(summaries));
        }

        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Distinct())
        {
            output.WriteLine($"// reports (HTML, CSV, Markdown): {directory}");
        }
    }

    /// <summary>
    /// Everything measured under one condition, loopback (<paramref name="link"/> null) or a link: servers started
    /// afresh for a link, the settings every process shares, the TLS sessions, the gate, the probes where the run has
    /// them, and each trial set.
    /// </summary>
    private async Task MeasureOnAsync(LinkProfile? link)
    {
        var on = link is null ? "" : $", link {link.Name}";
        if (link is not null)
        {
            servers.StopServers();
        }

        await StartServersAsync(link);
        _settings = new BenchSettings(
            servers.Rest,
            servers.Grpc,
            servers.RestScaling,
            servers.GrpcScaling,
            dataset.SourcePath,
            options.CallTimeout
        )
        {
            Aot = servers.Aot,
            SettlesBenchmarks = link is null && _mode.SettlesBenchmarks,
        };
        _settings.ApplyToThisProcess();
        await ReadTlsSessionsAsync(_mode.TlsArms);
        await Orchestrator.GateAsync(servers, dataset, output);
        Done($"correctness gate{on}", "every operation on every transport answered and validated");
        if (_mode.Probes)
        {
            await ProbeAsync();
        }

        foreach (var set in _mode.TrialSets.Where(set => set.ServedBy(servers)))
        {
            try
            {
                var run = await MeasureTrialsAsync(set, link);
                _trials.TryAdd(set.Slot, []);
                _trials[set.Slot].Add(set.Slot == TrialSlot.Tls ? run with { TlsSessions = _tlsSessions } : run);
                Done(
                    $"{set.Name}{on}",
                    $"{run.Completed} of {options.TrialPlan.Trials} trials, {run.Headline.Count} ratios"
                );
            }
            catch (Exception e) when (e is TrialFailedException or OperationCanceledException or ServerStartException)
            {
                throw new PhaseFailedException(
                    $"bench failed during the trials{(link is null ? "" : $" on link {link.Name}")}",
                    e
                );
            }
        }

        // The servers as the condition ends: those of the last trial where each trial had its own.
        var urls = Orchestrator.ServerUrls(servers);
        (_serversStarted, _urls) = (urls.Started, [.. _urls, .. urls.Urls]);
    }

    /// <summary>
    /// Where the run measures the Native AOT builds, before any server starts: publishes them, then measures cold
    /// starts and memory over fresh server processes.
    /// </summary>
    private async Task MeasureBuildsAsync()
    {
        if (!_mode.PublishesAot)
        {
            return;
        }

        TimeSpan published;
        try
        {
            // The SDK inherits the bench's CPUs: every CPU while it publishes (no server runs yet), as for
            // BenchmarkDotNet's build.
            CpuSet.All().Apply(Environment.ProcessId);
            published = AotServers.Publish(output);
        }
        catch (ServerStartException e)
        {
            throw new PhaseFailedException("bench failed publishing the AOT servers", e);
        }
        finally
        {
            options.ClientCpus?.Apply(Environment.ProcessId);
        }

        Done("AOT publish", $"{published.TotalSeconds:0.0} s for {AotServers.Rest} and {AotServers.Grpc}");
        if (!_mode.MeasuresStartup)
        {
            return;
        }

        var window = StartupMeasurement.SaturationWindowOf(options.TrialPlan);
        var measurement = new StartupMeasurement(
            dataset.SourcePath,
            options.ServerCpus,
            servers,
            LoadExpectation.For(dataset),
            options.TrialPlan.InFlight,
            window,
            output
        );
        var (coldStarts, memory) = await measurement.MeasureAsync(options.TrialPlan.Trials);
        Done(
            "startup",
            $"{coldStarts.Sum(c => c.Milliseconds.Count)} fresh server processes, {memory.Count} memory readings"
        );
        _startup = new StartupRun(
            options.TrialPlan.Trials,
            published.TotalSeconds,
            Orchestrator.Placement(options),
            coldStarts,
            memory
        )
        {
            SaturationSeconds = window.TotalSeconds,
        };
    }

    private async Task StartServersAsync(LinkProfile? link = null)
    {
        try
        {
            await servers.StartAllAsync(options.ServerStartFor(dataset.SourcePath, _mode.Scaling, link), output);
            Done(
                "servers",
                options.GivesServers ? "given by URL, none started" : $"{servers.ProcessIds.Count} started"
            );
        }
        catch (OperationCanceledException)
        {
            throw new PhaseFailedException(
                "bench stopped by a signal while it started the servers; every server it had started is stopped."
            );
        }
    }

    /// <summary>
    /// Bytes on the wire per arm and the streaming probe, before BenchmarkDotNet (their sections are its).
    /// </summary>
    private async Task ProbeAsync()
    {
        try
        {
            var wireBytes = await WireBytesProbe.MeasureAsync(Settings);
            Done("bytes probe", $"{wireBytes.Count} benchmarks' bytes on the wire");
            var calls = _mode.StreamingPasses;
            IReadOnlyList<StreamingResult> streaming = servers
                is { RestScaling: { } restScaling, GrpcScaling: { } grpcScaling }
                ? await StreamingProbe.MeasureAsync(restScaling, grpcScaling, ServerSet.ScalingRecords, calls)
                : [];
            if (streaming.Count > 0)
            {
                Done("streaming probe", $"time to first record, {ServerSet.ScalingRecords:N0} records");
            }

            var method =
                streaming.Count > 0
                    ? new StreamingMethod(calls.Repetitions, calls.WarmUps, StreamingProbe.MemorySampleEvery)
                    : null;
            _probes = new Probes(wireBytes, streaming, method);
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or Grpc.Core.RpcException)
        {
            throw new PhaseFailedException("bench stopped before timing anything", e, ".");
        }
    }

    /// <summary>
    /// What each TLS arm among <paramref name="arms"/> (none without <c>--tls</c>) agrees with the servers now running,
    /// read before the gate.
    /// </summary>
    private async Task ReadTlsSessionsAsync(IReadOnlyList<TrialArm> arms)
    {
        if (arms.Count > 0)
        {
            _tlsSessions = await TlsProbe.ReadAsync(arms, servers);
            var sessions = _tlsSessions.Select(s =>
                $"{s.Arm} {s.ApplicationProtocol}, {s.TlsVersion}, {s.CipherSuite}"
            );
            output.WriteLine($"// TLS: {string.Join("; ", sessions)}");
        }
    }

    /// <summary>
    /// BenchmarkDotNet over the suites the options select; a failed case removes the run's reports and fails the phase.
    /// </summary>
    private Summary[] RunBenchmarkDotNet()
    {
        // The settings travel with the job: a mutator adds them to whichever job the command line chose. A job run in
        // this process (the in-process toolchain) reads them from here, where they were applied at the start.
        var config = ManualConfig
            .Create(DefaultConfig.Instance)
            .AddDiagnoser(new ServerCostDiagnoser(servers.ProcessIds))
            .AddJob(
                Job.Default.WithEnvironmentVariables([
                        .. Settings.Variables().Select(v => new EnvironmentVariable(v.Key, v.Value)),
                    ])
                    .WithArguments([new MsBuildArgument($"/p:{BenchConfig.BenchmarkProcessBuildProperty}=true")])
                    .AsMutator()
            )
            .AddFilter(new VariantBatchFilter(TrialArm.TransportCases, Batch.Sizes.Min(), oneBatch: options.Dry));

        if (options.ClientCpus is { } client)
        {
            config = config.AddEventProcessor(new BuildOnEveryCpu(client, Environment.ProcessId));
        }

        var started = DateTime.UtcNow;
        output.WriteLine("// phase: BenchmarkDotNet starts (its own output follows)");
        _phase.Restart();
        var summaries = BenchmarkSwitcher
            .FromTypes(Orchestrator.BenchmarkTypes)
            .Run(options.BenchmarkDotNetArgs, config)
            .ToArray();
        Done("BenchmarkDotNet", $"{summaries.Sum(s => s.Reports.Length)} benchmarks");
        if (BenchmarkResults.Failures(summaries) is { Count: > 0 } failures)
        {
            BenchmarkResults.RemoveReports(summaries, started);
            var log = summaries.Select(s => s.LogFilePath).FirstOrDefault(File.Exists);
            var reason =
                string.Join("; ", failures.Take(3)) + (failures.Count > 3 ? $" and {failures.Count - 3} more" : "");
            throw new PhaseFailedException(
                "bench failed",
                new InvalidOperationException(reason),
                "; no report written" + (log is null ? "." : $" (BenchmarkDotNet's log: {log}).")
            );
        }

        return summaries;
    }

    /// <summary>
    /// Builds the results once, with their provenance, the run's measurements and <paramref name="benchmarks"/>;
    /// saves them with their pool, keeps the run they replace (<see cref="RunResults.PreviousFolder"/>), and writes
    /// the summary of both.
    /// </summary>
    private void Write(string directory, Provenance provenance, IReadOnlyList<BenchmarkResult> benchmarks)
    {
        var results = new RunResults(provenance, benchmarks, _probes.WireBytes, _probes.Streaming)
        {
            StreamingMethod = _probes.Method,
            Startup = _startup,
            Trials = First(TrialSlot.Transport),
            LinkRuns = Further(TrialSlot.Transport),
            StylesTrials = First(TrialSlot.Styles),
            AotTrials = First(TrialSlot.Aot),
            TlsTrials = First(TrialSlot.Tls),
            TlsLinkRuns = Further(TrialSlot.Tls),
        };
        // The arms are read from the results, the cold starts' included.
        results = results with { Arms = BenchmarkArms.NamedIn(results) };
        results = results with { Agreements = MethodAgreements.Of(results) };
        var previous = RunResults.KeepPrevious(directory);
        results = RunPool.Carry(previous, results);
        results.Save(directory);
        try
        {
            var summary = RunSummary.Write(results, previous, directory);
            output.WriteLine($"// summary (Markdown, HTML, SVG charts): {summary}");
        }
        catch (ReportSectionException e)
        {
            var saved = Path.Combine(directory, RunResults.FileName);
            throw new PhaseFailedException("summary failed", e, $"; the results are saved in {saved}.");
        }

        if (ScalingReport.ToMarkdown(results) is { } fit)
        {
            output.WriteLine($"// scaling fit t(n) = a + b·n: {Path.Combine(directory, ScalingReport.FileName)}");
            output.Write(fit);
        }
    }

    /// <summary>
    /// The trials of <paramref name="slot"/> under the first condition; null where the run measured none.
    /// </summary>
    private TrialsRun? First(TrialSlot slot) => _trials.TryGetValue(slot, out var runs) ? runs[0] : null;

    /// <summary>The trials of <paramref name="slot"/> under every further link; null where there is none.</summary>
    private IReadOnlyList<TrialsRun>? Further(TrialSlot slot) =>
        _trials.TryGetValue(slot, out var runs) && runs.Count > 1 ? [.. runs.Skip(1)] : null;

    /// <summary>
    /// One line per phase the bench runs outside BenchmarkDotNet, with its time; the watch restarts for the next.
    /// </summary>
    private void Done(string name, string what)
    {
        output.WriteLine($"// phase: {name} done in {Units.Time(_phase.Elapsed.TotalNanoseconds)}: {what}");
        _phase.Restart();
    }

    /// <summary>
    /// <paramref name="set"/>'s trials in fresh client processes over <paramref name="link"/> (null: loopback); then,
    /// where the set is checked, load mode's check and, for the transport arms, h2load's where it is installed and the
    /// bench started the servers.
    /// </summary>
    private async Task<TrialsRun> MeasureTrialsAsync(TrialSet set, LinkProfile? link)
    {
        var on = link is null ? "" : $"link {link.Name}: ";
        var placement = Orchestrator.Placement(options);
        var plan = SettingsText.Of(options.TrialPlan.ToResults(), options.TrialPlan.CurveTrials);
        output.WriteLine($"// {on}{plan}; placement: {SettingsText.Of(placement)}");
        var setup = new TrialSetup(set.PlanFrom(options.TrialPlan), set.Arms, set.Pairs, set.NewConnections, link);
        var trials = await TrialRunner.RunAsync(setup, servers, Settings, placement, output);
        _settings = Settings.At(servers);
        _settings.ApplyToThisProcess();
        if (!set.Checked)
        {
            return trials;
        }

        trials = trials with
        {
            Load = await LoadCrossCheck.RunAsync(options.TrialPlan, trials, servers, Settings, output),
        };
        return set.Slot == TrialSlot.Transport ? await CheckWithH2loadAsync(trials) : trials;
    }

    /// <summary>h2load's check of the transport arms where it is installed and the bench started the servers.</summary>
    private async Task<TrialsRun> CheckWithH2loadAsync(TrialsRun trials)
    {
        if (!H2loadCrossCheck.Available)
        {
            output.WriteLine(H2loadCrossCheck.MissingText);
            return trials;
        }

        if (servers is not { Rest: { } rest, Grpc: { } grpc, RestProcessId: { } restId, GrpcProcessId: { } grpcId })
        {
            return trials;
        }

        try
        {
            // The dry plan's windows are h2load's shortest: they prove the pipeline and time nothing.
            var seconds = options.TrialPlan.ProvesThePipeline ? 0.1 : Math.Max(0.5, options.TrialPlan.SegmentSeconds);
            return trials with
            {
                H2load = await H2loadCrossCheck.RunAsync(trials, rest, grpc, restId, grpcId, seconds, output),
            };
        }
        catch (Exception e) when (e is TrialFailedException or HttpRequestException or TimeoutException)
        {
            output.WriteLine($"// h2load's check did not run to the end: {e.Message}");
            return trials with { H2load = [] };
        }
    }
}
