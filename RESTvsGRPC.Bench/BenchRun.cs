using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using ModelLibrary;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
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
    private BenchSettings _settings = null!;
    private RunResults _results = null!;
    private StartupRun? _startup;
    private IReadOnlyList<TlsSession> _tlsSessions = [];

    /// <summary>Runs every phase the options ask for and writes the results and their summary.</summary>
    public async Task MeasureAsync()
    {
        if (options.Links is { } links)
        {
            await MeasureLinksAsync(links);
            return;
        }

        if (options.AotLeftOut is { } reason)
        {
            output.WriteLine($"// the AOT builds are left out of this run: {reason}");
        }

        await MeasureBuildsAsync();
        await StartServersAsync();
        await ReadTlsSessionsAsync(TrialArm.Tls);

        _settings = new BenchSettings(
            servers.Rest,
            servers.Grpc,
            servers.RestScaling,
            servers.GrpcScaling,
            dataset.SourcePath,
            options.CallTimeout,
            options.Quick ? "100" : null
        )
        {
            Aot = servers.Aot,
            SettlesBenchmarks = options.SettlesBenchmarks,
        };
        _settings.ApplyToThisProcess();
        await Orchestrator.GateAsync(servers, dataset, output);
        Done("correctness gate", "every operation on every transport answered and validated");
        await ProbeAsync();
        await TrialsAsync();
        if (options.Headline || options.MeasuresBuildsOnly)
        {
            var (folder, method) = options.Headline
                ? (
                    options.Tls ? "headline-tls" : "headline",
                    $"trials ({options.TrialPlan.Name}{(options.Tls ? ", TLS" : "")})"
                )
                : ("aot", $"startup (fresh server processes) and trials ({options.TrialPlan.Name})");
            var directory = Path.Combine(options.ArtifactsPath, folder);
            Directory.CreateDirectory(directory);
            Write(
                directory,
                ProvenanceReader.ReadHere(
                    dataset,
                    Orchestrator.ServerUrls(servers),
                    args,
                    method,
                    ProcessSetup.Trials,
                    Orchestrator.Placement(options)
                )
            );
            return;
        }

        var summaries = RunBenchmarkDotNet();
        if (summaries.FirstOrDefault(s => s.Reports.Length > 0)?.ResultsDirectoryPath is { } resultsDirectory)
        {
            _results = _results with { Benchmarks = BenchmarkResults.From(summaries) };
            Write(
                resultsDirectory,
                ProvenanceReader.Read(
                    summaries,
                    dataset,
                    Orchestrator.ServerUrls(servers),
                    args,
                    Orchestrator.Placement(options)
                )
            );
        }

        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Distinct())
        {
            output.WriteLine($"// reports (HTML, CSV, Markdown): {directory}");
        }
    }

    /// <summary>
    /// The headline's trials over each link in turn, on servers started and gated afresh for each; one results file,
    /// the first link's first.
    /// </summary>
    private async Task MeasureLinksAsync(IReadOnlyList<LinkProfile> links)
    {
        var runs = new List<TrialsRun>();
        var urls = new List<string>();
        IReadOnlyList<TrialArm> arms = options.Tls
            ? [.. TrialArm.Tls.Where(arm => arm.Operation != LoadOperation.Small)]
            : TrialArm.Link;
        foreach (var link in links)
        {
            servers.StopServers();
            await StartServersAsync(link);
            urls.AddRange(Orchestrator.ServerUrls(servers).Urls);
            _settings = new BenchSettings(
                servers.Rest,
                servers.Grpc,
                null,
                null,
                dataset.SourcePath,
                options.CallTimeout,
                null
            );
            _settings.ApplyToThisProcess();
            await ReadTlsSessionsAsync(arms);
            await Orchestrator.GateAsync(servers, dataset, output);
            Done($"correctness gate, link {link.Name}", "every operation on every transport answered and validated");
            try
            {
                output.WriteLine(
                    $"// link {link.Name}: {SettingsText.Of(options.TrialPlan.ToResults())}; placement: {SettingsText.Of(Orchestrator.Placement(options))}"
                );
                var run = await TrialRunner.RunAsync(
                    options.TrialPlan,
                    arms,
                    servers,
                    _settings,
                    Orchestrator.Placement(options),
                    output,
                    link,
                    options.Tls ? TrialStatistics.TlsPairs : null,
                    options.Tls ? NewConnectionsPerTrial : 0
                );
                runs.Add(options.Tls ? run with { TlsSessions = _tlsSessions } : run);
                Done(
                    $"trials, link {link.Name}",
                    $"{runs[^1].Completed} of {options.TrialPlan.Trials} trials, {runs[^1].Headline.Count} ratios"
                );
            }
            catch (Exception e) when (e is TrialFailedException or OperationCanceledException)
            {
                throw new PhaseFailedException($"bench failed during the trials on link {link.Name}", e);
            }
        }

        servers.StopServers();
        var further = runs.Count > 1 ? runs.Skip(1).ToList() : null;
        _results = options.Tls
            ? new RunResults(null!, [], [], []) { TlsTrials = runs[0], TlsLinkRuns = further }
            : new RunResults(null!, [], [], []) { Trials = runs[0], LinkRuns = further };
        var directory = Path.Combine(options.ArtifactsPath, options.Tls ? "headline-tls" : "headline");
        Directory.CreateDirectory(directory);
        Write(
            directory,
            ProvenanceReader.ReadHere(
                dataset,
                (urls, true),
                args,
                $"trials ({options.TrialPlan.Name})",
                ProcessSetup.Trials,
                Orchestrator.Placement(options)
            )
        );
    }

    /// <summary>
    /// Where the run measures the Native AOT builds, before any server starts: publishes them, then measures cold
    /// starts and memory over fresh server processes.
    /// </summary>
    private async Task MeasureBuildsAsync()
    {
        if (!options.MeasuresAotTrials)
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
        if (!options.MeasuresStartup)
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
            await servers.StartAllAsync(
                options,
                dataset.SourcePath,
                output,
                scaling: !options.Headline && !options.MeasuresBuildsOnly,
                link
            );
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
    /// Bytes on the wire per arm and the streaming probe, before BenchmarkDotNet; none where it does not run (their
    /// sections are its).
    /// </summary>
    private async Task ProbeAsync()
    {
        if (options.MeasuresBuildsOnly || options.Headline)
        {
            _results = new RunResults(null!, [], [], []);
            return;
        }

        try
        {
            var wireBytes = await WireBytesProbe.MeasureAsync(_settings);
            Done("bytes probe", $"{wireBytes.Count} benchmarks' bytes on the wire");
            var calls = options.Dry ? StreamingProbe.DryPasses : StreamingProbe.Passes;
            IReadOnlyList<StreamingResult> streaming = servers
                is { RestScaling: { } restScaling, GrpcScaling: { } grpcScaling }
                ? await StreamingProbe.MeasureAsync(restScaling, grpcScaling, ServerSet.ScalingRecords, calls)
                : [];
            if (streaming.Count > 0)
            {
                Done("streaming probe", $"time to first record, {ServerSet.ScalingRecords:N0} records");
            }

            _results = new RunResults(null!, [], wireBytes, streaming)
            {
                StreamingMethod =
                    streaming.Count > 0
                        ? new StreamingMethod(calls.Repetitions, calls.WarmUps, StreamingProbe.MemorySampleEvery)
                        : null,
            };
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or Grpc.Core.RpcException)
        {
            throw new PhaseFailedException("bench stopped before timing anything", e, ".");
        }
    }

    private async Task TrialsAsync()
    {
        try
        {
            if (options.Tls)
            {
                var tls = await TrialPhaseAsync(
                    "trials, TLS",
                    TrialArm.Tls,
                    TrialStatistics.TlsPairs,
                    NewConnectionsPerTrial
                );
                _results = _results with { TlsTrials = tls with { TlsSessions = _tlsSessions } };
            }

            if (options.MeasuresTrials && servers is { Rest: not null, Grpc: not null })
            {
                _results = _results with { Trials = await TrialPhaseAsync("trials", TrialArm.Transport) };
            }

            if (options.MeasuresStylesTrials && servers is { Rest: not null, Grpc.Web: not null })
            {
                _results = _results with
                {
                    StylesTrials = await TrialPhaseAsync("trials, API styles", TrialArm.Styles),
                };
            }

            if (options.MeasuresAotTrials && servers.Aot is not null)
            {
                _results = _results with
                {
                    AotTrials = await TrialPhaseAsync(
                        "trials, JIT and AOT builds",
                        TrialArm.Aot,
                        TrialStatistics.AotPairs
                    ),
                };
            }
        }
        catch (Exception e) when (e is TrialFailedException or OperationCanceledException or ServerStartException)
        {
            throw new PhaseFailedException("bench failed during the trials", e);
        }
    }

    /// <summary>
    /// With <c>--tls</c>, what each TLS arm among <paramref name="arms"/> agrees with the servers now running, read
    /// before the gate.
    /// </summary>
    private async Task ReadTlsSessionsAsync(IReadOnlyList<TrialArm> arms)
    {
        if (options.Tls)
        {
            _tlsSessions = await TlsProbe.ReadAsync(arms, servers);
            output.WriteLine(
                $"// TLS: {string.Join("; ", _tlsSessions.Select(s => $"{s.Arm} {s.ApplicationProtocol}, {s.TlsVersion}, {s.CipherSuite}"))}"
            );
        }
    }

    /// <summary>
    /// New clients per arm and trial whose first answer is timed: enough for a stable median, a fraction of a second.
    /// </summary>
    private const int NewConnectionsPerTrial = 8;

    private async Task<TrialsRun> TrialPhaseAsync(
        string name,
        IReadOnlyList<TrialArm> arms,
        IReadOnlyList<(string Arm, string Baseline)>? pairs = null,
        int newConnections = 0
    )
    {
        var trials = await MeasureTrialsAsync(arms, pairs, newConnections);
        Done(name, $"{trials.Completed} of {options.TrialPlan.Trials} trials, {trials.Headline.Count} ratios");
        return trials;
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
                        .. _settings.Variables().Select(v => new EnvironmentVariable(v.Key, v.Value)),
                    ])
                    .WithArguments([new MsBuildArgument($"/p:{BenchConfig.BenchmarkProcessBuildProperty}=true")])
                    .AsMutator()
            )
            .AddFilter(new VariantBatchFilter());

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
        if (Failures(summaries) is { Count: > 0 } failures)
        {
            RemoveReports(summaries, started);
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
    /// Saves the results with their provenance and pool, keeps the run they replace
    /// (<see cref="RunResults.PreviousFolder"/>), and writes the summary of both.
    /// </summary>
    private void Write(string directory, Provenance provenance)
    {
        _results = _results with { Provenance = provenance, Startup = _startup };
        // The arms are read from the results, the cold starts' included.
        _results = _results with { Arms = BenchmarkArms.NamedIn(_results) };
        _results = _results with { Agreements = MethodAgreements.Of(_results) };
        var previous = RunResults.KeepPrevious(directory);
        _results = RunPool.Carry(previous, _results);
        _results.Save(directory);
        try
        {
            var summary = RunSummary.Write(_results, previous, directory);
            output.WriteLine($"// summary (Markdown, HTML, SVG charts): {summary}");
        }
        catch (ReportSectionException e)
        {
            var saved = Path.Combine(directory, RunResults.FileName);
            throw new PhaseFailedException("summary failed", e, $"; the results are saved in {saved}.");
        }

        if (ScalingReport.ToMarkdown(_results) is { } fit)
        {
            output.WriteLine($"// scaling fit t(n) = a + b·n: {Path.Combine(directory, ScalingReport.FileName)}");
            output.Write(fit);
        }
    }

    /// <summary>
    /// One line per phase the bench runs outside BenchmarkDotNet, with its time; the watch restarts for the next.
    /// </summary>
    private void Done(string name, string what)
    {
        output.WriteLine($"// phase: {name} done in {Units.Time(_phase.Elapsed.TotalNanoseconds)}: {what}");
        _phase.Restart();
    }

    /// <summary>
    /// Trials over <paramref name="arms"/> in fresh client processes; then, unless the run is quick or measures pairs,
    /// load mode's check and, for the transport arms, h2load's where it is installed and the bench started the servers.
    /// </summary>
    private async Task<TrialsRun> MeasureTrialsAsync(
        IReadOnlyList<TrialArm> arms,
        IReadOnlyList<(string Arm, string Baseline)>? pairs,
        int newConnections
    )
    {
        output.WriteLine(
            $"// {SettingsText.Of(options.TrialPlan.ToResults())}; placement: {SettingsText.Of(Orchestrator.Placement(options))}"
        );
        var checksLoad = !options.Quick && pairs is null;
        var trials = await TrialRunner.RunAsync(
            options.TrialPlan,
            arms,
            servers,
            _settings,
            Orchestrator.Placement(options),
            output,
            pairs: pairs,
            newConnections: newConnections,
            openLoop: arms == TrialArm.Transport
        );
        _settings = _settings.At(servers);
        _settings.ApplyToThisProcess();
        if (!checksLoad)
        {
            return trials;
        }

        trials = trials with
        {
            Load = await LoadCrossCheck.RunAsync(options.TrialPlan, trials, servers, _settings, output),
        };
        if (arms == TrialArm.Transport && !H2loadCrossCheck.Available)
        {
            output.WriteLine(H2loadCrossCheck.MissingText);
        }

        if (
            arms != TrialArm.Transport
            || !H2loadCrossCheck.Available
            || servers is not { Rest: { } rest, Grpc: { } grpc, RestProcessId: { } restId, GrpcProcessId: { } grpcId }
        )
        {
            return trials;
        }

        try
        {
            return trials with
            {
                H2load = await H2loadCrossCheck.RunAsync(
                    trials,
                    rest,
                    grpc,
                    restId,
                    grpcId,
                    Math.Max(0.5, options.TrialPlan.SegmentSeconds),
                    output
                ),
            };
        }
        catch (Exception e) when (e is TrialFailedException or HttpRequestException or TimeoutException)
        {
            output.WriteLine($"// h2load's check did not run to the end: {e.Message}");
            return trials with { H2load = [] };
        }
    }

    /// <summary>
    /// The benchmarks that did not run to the end, and critical validation errors; empty for a good run.
    /// </summary>
    private static List<string> Failures(Summary[] summaries)
    {
        var failures = summaries
            .SelectMany(s =>
                s.BenchmarksCases.Where(c => s[c] is not { Success: true })
                    .Select(c => $"{c.DisplayInfo} did not complete")
            )
            .Concat(summaries.SelectMany(s => s.ValidationErrors.Where(v => v.IsCritical).Select(v => v.Message)))
            .ToList();
        if (summaries.Length == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            failures.Add("no benchmark matched the filter");
        }

        return failures;
    }

    /// <summary>
    /// Deletes the reports a failed BenchmarkDotNet run exported (partial, they would read like a result); its logs
    /// stay.
    /// </summary>
    private static void RemoveReports(Summary[] summaries, DateTime since)
    {
        foreach (var directory in summaries.Select(s => s.ResultsDirectoryPath).Where(Directory.Exists).Distinct())
        {
            foreach (
                var report in Directory.EnumerateFiles(directory).Where(file => File.GetLastWriteTimeUtc(file) >= since)
            )
            {
                File.Delete(report);
            }
        }
    }
}
