using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench;

/// <summary>
/// <c>load</c>: servers, gate, each target through the scenario in turn, results and summary (marked incomplete when
/// stopped early).
/// </summary>
public static class LoadCommand
{
    /// <summary>
    /// Runs <c>load</c> (or, as a <paramref name="soak"/>, every target at once, judged by <see cref="SoakVerdict"/>);
    /// 0 when it passed.
    /// </summary>
    public static async Task<int> RunAsync(
        LoadOptions options,
        IReadOnlyList<string> commandLine,
        TextWriter output,
        TextWriter error,
        bool liveProgress,
        bool soak = false
    )
    {
        using var stop = new CancellationTokenSource();
        // Ctrl+C and termination end the run early but cleanly: loops stop, what was measured is written, servers stop.
        PosixSignalRegistration[] signals =
        [
            .. new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGQUIT }.Select(signal =>
                PosixSignalRegistration.Create(signal, context =>
                {
                    context.Cancel = true;
                    stop.Cancel();
                })
            ),
        ];
        try
        {
            if (options.Links is { } links)
            {
                return LinkHost.Refusal(links) is { } refusal
                    ? Refuse(refusal, error)
                    : await RunOverLinksAsync(links, options, commandLine, output, error, liveProgress, stop.Token);
            }

            return await RunOnceAsync(options, null, commandLine, output, error, liveProgress, soak, stop.Token);
        }
        finally
        {
            foreach (var signal in signals)
            {
                signal.Dispose();
            }
        }
    }

    private static int Refuse(string refusal, TextWriter error)
    {
        error.WriteLine(refusal);
        return BenchCommandLine.BadUsage;
    }

    /// <summary>
    /// One load run per link, each on servers started afresh for it, into its own folder; the worst exit code, and none
    /// after a stop.
    /// </summary>
    private static async Task<int> RunOverLinksAsync(
        IReadOnlyList<LinkProfile> links,
        LoadOptions options,
        IReadOnlyList<string> commandLine,
        TextWriter output,
        TextWriter error,
        bool liveProgress,
        CancellationToken stop
    )
    {
        var exitCode = 0;
        foreach (var link in links.TakeWhile(_ => !stop.IsCancellationRequested))
        {
            output.WriteLine($"// link {link.Name}: load into {Path.Combine(options.OutputDirectory, link.Name)}");
            exitCode = Math.Max(
                exitCode,
                await RunOnceAsync(
                    options with
                    {
                        OutputDirectory = Path.Combine(options.OutputDirectory, link.Name),
                    },
                    link,
                    commandLine,
                    output,
                    error,
                    liveProgress,
                    false,
                    stop
                )
            );
        }

        return exitCode;
    }

    /// <summary>
    /// One load run over <paramref name="link"/> (null: loopback): servers, gate, every target, results and summary.
    /// </summary>
    private static async Task<int> RunOnceAsync(
        LoadOptions options,
        LinkProfile? link,
        IReadOnlyList<string> commandLine,
        TextWriter output,
        TextWriter error,
        bool liveProgress,
        bool soak,
        CancellationToken stop
    )
    {
        try
        {
            var dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(options.Servers.DataPath));
            using var servers = await ServerSet.StartAsync(
                options.Servers.ServerStartFor(dataset.SourcePath, scaling: false, link),
                output
            );
            if (TargetsOf(options, servers, error) is not { } targets)
            {
                return 2;
            }

            await Orchestrator.GateAsync(servers, dataset, output);
            SetCallTimeout(options.Scenario);
            Announce(output, options.Scenario, targets, soak);
            var results = await RunTargetsAsync(
                targets,
                options,
                LoadExpectation.For(dataset),
                servers,
                output,
                error,
                soak ? null : liveProgress,
                stop
            );
            var complete = !stop.IsCancellationRequested;
            var run = new LoadResults(
                Provenance: ProvenanceOf(options, dataset, servers, commandLine),
                Scenario: options.Scenario.ToResults(),
                Timing: options.Scenario.Timing(),
                Complete: complete,
                Stop: complete ? null : new LoadStop(results.Count, targets.Count),
                Targets: results
            )
            {
                Soak = soak,
                Link = link?.ToResults(),
            };
            return Report(run, options, output, error);
        }
        catch (Exception e) when (e is DataFileException or ServerStartException or GateFailedException)
        {
            error.WriteLine($"load run stopped before measuring anything: {e.Message}");
            return 1;
        }
    }

    /// <summary>Where, on what and by which command the load run measured.</summary>
    private static Provenance ProvenanceOf(
        LoadOptions options,
        MeteoriteDataset dataset,
        ServerSet servers,
        IReadOnlyList<string> commandLine
    ) =>
        ProvenanceReader.ReadHere(
            dataset,
            Orchestrator.ServerUrls(servers),
            [.. commandLine],
            $"load, scenario {options.Scenario.Name}",
            ProcessSetup.Load,
            CpuPlacement.None
        );

    /// <summary>
    /// The targets the options name, resolved against the servers; null, said on <paramref name="error"/>, where a
    /// target's server was not named (only with given URLs, so nothing was started).
    /// </summary>
    private static IReadOnlyList<LoadTarget>? TargetsOf(LoadOptions options, ServerSet servers, TextWriter error)
    {
        try
        {
            return LoadTarget.Resolve(options.Targets, servers.Rest, servers.Grpc);
        }
        catch (ArgumentException e)
        {
            error.WriteLine(e.Message);
            return null;
        }
    }

    /// <summary>
    /// Each call's own --timeout ends it and counts it as a timeout: the load clients' HttpClient must not end it
    /// first.
    /// </summary>
    private static void SetCallTimeout(LoadScenario scenario) =>
        Environment.SetEnvironmentVariable(
            HttpClientSettings.CallTimeoutVariable,
            ((int)Math.Ceiling(scenario.Timeout.TotalSeconds) + 1).ToString(
                System.Globalization.CultureInfo.InvariantCulture
            )
        );

    /// <summary>The scenario's settings and its targets, in the order they run.</summary>
    private static void Announce(TextWriter output, LoadScenario scenario, IReadOnlyList<LoadTarget> targets, bool soak)
    {
        var settings = LoadScenarioText.Rows(scenario.ToResults()).Select(p => $"{p.Name} {p.Value}");
        output.WriteLine($"// load scenario: {string.Join("; ", settings)}");
        output.WriteLine(
            $"// targets, {(soak ? "all at once" : "one after another")}: "
                + $"{string.Join(", ", targets.Select(t => t.Name))}"
        );
    }

    /// <summary>
    /// Saves the results, writes the reports made from them (for a soak, its verdict too); the run's exit code.
    /// </summary>
    private static int Report(LoadResults run, LoadOptions options, TextWriter output, TextWriter error)
    {
        Directory.CreateDirectory(options.OutputDirectory);
        run.Save(options.OutputDirectory);
        output.WriteLine(
            $"// load summary (Markdown, HTML, CSV time series, SVG charts): "
                + $"{LoadSummary.Write(run, options.OutputDirectory)}"
        );
        if (!run.Complete)
        {
            error.WriteLine("load run stopped early: the summary is marked incomplete.");
            return 1;
        }

        var wrong = run.Targets.Where(r => r.Totals.Errors.Validation > 0).Select(r => r.Name).ToList();
        if (wrong.Count > 0)
        {
            error.WriteLine(
                $"load run failed: {string.Join(", ", wrong)} answered with wrong content (see the validation errors "
                    + $"in the summary)."
            );
            return 1;
        }

        return run.Soak ? Judge(run, options, output, error) : 0;
    }

    /// <summary>
    /// Every target one after another, or (a soak: <paramref name="liveProgress"/> null) all at once; stopped early,
    /// those run so far.
    /// </summary>
    private static async Task<IReadOnlyList<TargetResult>> RunTargetsAsync(
        IReadOnlyList<LoadTarget> targets,
        LoadOptions options,
        LoadExpectation expected,
        ServerSet servers,
        TextWriter output,
        TextWriter error,
        bool? liveProgress,
        CancellationToken stop
    )
    {
        if (liveProgress is not { } live)
        {
            var shared = TextWriter.Synchronized(output);
            return await Task.WhenAll(
                targets.Select(target =>
                    RunTargetAsync(target, options, expected, servers, shared, error, live: false, stop)
                )
            );
        }

        var results = new List<TargetResult>();
        foreach (var target in targets.TakeWhile(_ => !stop.IsCancellationRequested))
        {
            results.Add(await RunTargetAsync(target, options, expected, servers, output, error, live, stop));
        }

        return results;
    }

    private static async Task<TargetResult> RunTargetAsync(
        LoadTarget target,
        LoadOptions options,
        LoadExpectation expected,
        ServerSet servers,
        TextWriter output,
        TextWriter error,
        bool live,
        CancellationToken stop
    )
    {
        var printer = new ProgressPrinter(output, live);
        var result = await LoadRunner.RunAsync(
            target,
            options.Scenario,
            expected,
            target.IsServedByGrpcApi ? servers.GrpcProcessId : servers.RestProcessId,
            printer.Print,
            stop
        );
        printer.End();
        var perSecond = result.Totals.RequestsPerSecond.ToString("#,0", CultureInfo.InvariantCulture);
        output.WriteLine(
            $"// {target.Name}: {perSecond} requests/s, p99 {Units.Time(result.Totals.Latency.P99)}, "
                + $"{result.Totals.Errors.Total} errors, client CPU "
                + $"{result.Totals.ClientCpuPercent.ToString("0", CultureInfo.InvariantCulture)} %"
        );
        foreach (var warning in LoadSummary.WarningsOf(result.Totals))
        {
            error.WriteLine($"warning: {target.Name}: {warning}");
        }

        return result;
    }

    /// <summary>
    /// Prints the soak's verdict, which the reports wrote beside the summary; 0 when every server passed.
    /// </summary>
    private static int Judge(LoadResults run, LoadOptions options, TextWriter output, TextWriter error)
    {
        var (results, verdicts) = (run.Targets, SoakVerdict.Of(run));
        var path = Path.Combine(options.OutputDirectory, SoakVerdict.FileName);
        output.Write(File.ReadAllText(path));
        output.WriteLine($"// soak verdict: {path}");
        if (verdicts.Count < results.Count || verdicts.Any(v => !v.Passed))
        {
            var failed = results.Select(r => r.Name).Except(verdicts.Where(v => v.Passed).Select(v => v.Target));
            error.WriteLine(
                $"soak failed: {string.Join(", ", failed)} had errors, a resource that grew or left its range, "
                    + $"or ran too short to judge (see {path})."
            );
            return 1;
        }

        return 0;
    }

    /// <summary>
    /// The progress line per second: rewritten in place on a terminal, every tenth second as a plain line where output
    /// is redirected.
    /// </summary>
    private sealed class ProgressPrinter(TextWriter output, bool live)
    {
        private bool _written;

        public void Print(LoadRunner.Progress p)
        {
            var figures =
                p is { RequestsLastSecond: 0, Errors: 0 } ? "no answers yet"
                : p.RequestsLastSecond == 0 ? $"no good answer this second, {p.Errors} errors so far"
                : string.Create(
                    CultureInfo.InvariantCulture,
                    $"{p.RequestsLastSecond:#,0} requests/s, p99 {Units.Time(p.P99LastSecond)}, {p.Errors} errors, "
                        + $"client CPU {p.ClientCpuPercent:0} %"
                );
            var line = string.Create(
                CultureInfo.InvariantCulture,
                $"{p.Target}: {p.Second}/{p.Planned.TotalSeconds:0} s, {p.Phase}: {figures}"
            );
            if (live)
            {
                output.Write($"\r{line, -120}");
                _written = true;
            }
            else if (p.Second % 10 == 0)
            {
                output.WriteLine(line);
            }
        }

        public void End()
        {
            if (_written)
            {
                output.WriteLine();
            }
        }
    }
}
