using System.Text;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The orchestrator's side of the headline: a fresh client process per trial, one after another, until the plan stops
/// them; a failed trial is named and the others kept; every process stops with the servers on a signal.
/// </summary>
public static class TrialRunner
{
    /// <summary>
    /// Runs <paramref name="plan"/> over <paramref name="arms"/>, renewing the servers before each trial where the plan
    /// says so (the caller reads the last pair from <paramref name="servers"/>); throws
    /// <see cref="TrialFailedException"/> when every trial fails.
    /// </summary>
    public static async Task<TrialsRun> RunAsync(
        TrialPlan plan,
        IReadOnlyList<TrialArm> arms,
        ServerSet servers,
        BenchSettings settings,
        CpuPlacement placement,
        TextWriter output,
        LinkProfile? link = null,
        IReadOnlyList<(string Arm, string Baseline)>? pairs = null,
        int newConnections = 0
    )
    {
        using var folder = new TrialFolder(servers);
        var request = RequestOf(1, plan, arms, servers) with { NewConnections = newConnections };
        var (measured, failures) = (new List<Trial>(), new List<TrialFailure>());
        IReadOnlyList<Trial> trials = [];
        var started = Stopwatch.GetTimestamp();
        string? stop = null;
        for (var index = 1; stop is null && index <= plan.Trials; index++)
        {
            var trialStarted = Stopwatch.GetTimestamp();
            if (plan.ServersPerTrial && await servers.RenewAsync(TextWriter.Null))
            {
                settings = settings.At(servers);
                request = request.ReadingCpuOf(servers);
            }

            // The delay line's counts start with the trial.
            _ = servers.Namespace?.DelayLine?.Read();
            var (answer, failure) = await RunOneAsync(
                request with
                {
                    Index = index,
                    PeakLevels = plan.PeakLevelsFor(index, arms, trials),
                },
                folder.Path,
                servers,
                settings,
                output
            );
            var (trial, broken) = answer?.Trial is { } done ? HeldLink(done, trialStarted, servers, link) : default;
            if (trial is not null && broken is null)
            {
                measured.Add(trial);
                trials = ThroughputPeak.ChosenOnOtherTrials(measured);
                output.WriteLine(
                    $"// trial {index} of {plan.Trials} done (process {trial.ProcessId}{ServersText(plan, request)}, "
                        + $"order {string.Join(", ", trial.Order)})"
                );
                if (StallText(trial) is { } stalls)
                {
                    output.WriteLine($"// trial {index}: {stalls}");
                }
            }
            else
            {
                failures.Add(
                    broken is not null
                        ? new TrialFailure(index, trial!.ProcessId, 0, null, null) { LinkFault = broken }
                        : (failure ?? new TrialFailure(index, 0, 0, null, null)) with
                        {
                            Index = index,
                        }
                );
                output.WriteLine(
                    $"// trial {index} of {plan.Trials} failed: {FaultText.Of(failures[^1])}; the other trials go on"
                );
            }

            var ratios = Ratios(trials, placement, pairs, plan.ToResults());
            stop = plan.Stopping?.StopAfter(
                trials.Count,
                plan.Trials - failures.Count,
                Stopwatch.GetElapsedTime(started).TotalSeconds,
                ratios,
                NextTrialSeconds(plan, measured, index, Stopwatch.GetElapsedTime(started).TotalSeconds)
            );
            output.WriteLine(
                ProgressText(
                    ratios,
                    index,
                    plan.Trials,
                    Stopwatch.GetElapsedTime(started),
                    plan.Stopping,
                    stop is not null
                ) + (stop is null ? "" : $"; the trials stop: {stop}")
            );
        }

        if (trials.Count == 0)
        {
            throw new TrialFailedException($"every trial failed; trial 1: {FaultText.Of(failures[0])}");
        }

        var concurrency = arms.Select(arm => new ArmConcurrency(
                TrialArm.NameOf(arm.Operation),
                arm.Target,
                MostOftenAt(trials, arm)
            )
            {
                Levels = plan.InFlight[arm.Operation],
            })
            .ToList();
        var headline = Ratios(trials, placement, pairs, plan.ToResults());
        var run = new TrialsRun(plan.ToResults(), placement, concurrency, trials, failures, headline)
        {
            Stalls = StallStatistics.Of(trials, failures, headline),
            Arms = [.. arms.Select(arm => arm.Target).Distinct().Select(id => ArmCatalogue.Clients[id])],
            TrialsSeconds = Stopwatch.GetElapsedTime(started).TotalSeconds,
            StoppedBy = plan.Stopping is null ? null : stop ?? TrialStopping.MostTrials,
            PeakChosenOnOtherTrials = true,
            CurveTrials = plan.CurveTrials < trials.Count ? plan.CurveTrials : null,
            NewConnections = newConnections > 0 ? newConnections : null,
            OpenLoop = OpenLoopStatistics.Of(plan.OpenLoop, trials),
        };
        if (link is null)
        {
            return run;
        }

        var linked = run.OnLink(link.ToResults()) with { LinkSettings = servers.LinkSettings() };
        return link.Delayed ? linked with { RoundTrips = ArmRoundTrips.Of(linked) } : linked;
    }

    /// <summary>
    /// The trial with its whole time and, on a round-trip link, the delay line's reading over it; and the link's check
    /// where the link did not hold through it (its figures are then no result).
    /// </summary>
    private static (Trial Trial, RoundTripCheck? Broken) HeldLink(
        Trial trial,
        long started,
        ServerSet servers,
        LinkProfile? link
    )
    {
        trial = trial with
        {
            Timing = trial.Timing! with { Seconds = Stopwatch.GetElapsedTime(started).TotalSeconds },
            LinkReading = trial.LinkReading is { } reading
                ? reading with
                {
                    DelayLine = servers.Namespace?.DelayLine?.Read(),
                }
                : null,
        };
        return (
            trial,
            link is not null && RoundTripCheck.Of(trial, link.ToResults()) is { Fault: true } check ? check : null
        );
    }

    /// <summary>
    /// The trial's stalled cells in one line ("2 stalls: large grpc, throughput at 32 in flight, 0.62 s longest"); null
    /// where none stalled.
    /// </summary>
    public static string? StallText(Trial trial)
    {
        var stalled = StallStatistics.Of([trial], [], [])?.Cells.Where(c => c.Stalls > 0).ToList() ?? [];
        return stalled.Count == 0
            ? null
            : $"{stalled.Sum(c => c.Stalls)} stall(s): "
                + string.Join(
                    "; ",
                    stalled.Select(c =>
                        $"{c.Operation} {c.Arm}, {c.Quantity}{(c.Level is { } l ? $" at {l}" : "")}, "
                        + $"{c.LongestMilliseconds / 1000:0.00} s longest"
                    )
                );
    }

    /// <summary>
    /// What trial <paramref name="done"/> + 1 should take: the last measured trial's time, less its open loop where the
    /// next one drives none; the mean so far where no trial kept its timing.
    /// </summary>
    public static double NextTrialSeconds(TrialPlan plan, IReadOnlyList<Trial> measured, int done, double elapsed) =>
        measured.LastOrDefault()?.Timing is { } last
            ? last.Seconds - (plan.OpenLoop?.Drives(done + 1) == false ? last.OpenLoopSeconds : 0)
            : elapsed / Math.Max(1, done);

    /// <summary>
    /// Each arm's ratios against REST + JSON, or, where <paramref name="pairs"/> is given, those (arm, baseline)
    /// pairs'.
    /// </summary>
    private static IReadOnlyList<HeadlineRatio> Ratios(
        IReadOnlyList<Trial> trials,
        CpuPlacement placement,
        IReadOnlyList<(string Arm, string Baseline)>? pairs,
        TrialsPlan plan
    ) =>
        pairs is null
            ? TrialStatistics.Headline(trials, placement, plan: plan)
            : TrialStatistics.PairRatios(trials, placement, pairs, plan);

    /// <summary>
    /// A temporary folder for the trial processes' requests and answers, deleted at the end or, on a signal, with the
    /// servers.
    /// </summary>
    private sealed class TrialFolder : IDisposable
    {
        private readonly IDisposable _attached;

        private static int s_orphansRemoved;

        public TrialFolder(ServerSet servers)
        {
            if (Interlocked.Exchange(ref s_orphansRemoved, 1) == 0)
            {
                RemoveOrphanedFolders(System.IO.Path.GetTempPath());
            }

            Path = Directory.CreateTempSubdirectory($"{BenchFiles.TrialFolderPrefix}{Environment.ProcessId}-").FullName;
            _attached = servers.Attach(new Deletion(Path));
        }

        /// <summary>The folder's full path.</summary>
        public string Path { get; }

        public void Dispose()
        {
            _attached.Dispose();
            new Deletion(Path).Dispose();
        }
    }

    /// <summary>
    /// Deletes the trial folders in <paramref name="parent"/> that a killed bench left (its process gone); once per
    /// bench.
    /// </summary>
    public static void RemoveOrphanedFolders(string parent) =>
        BenchFiles.RemoveOrphans(
            Directory.EnumerateDirectories(parent, BenchFiles.TrialFolderPrefix + "*"),
            BenchFiles.TrialFolderPrefix,
            folder => new Deletion(folder).Dispose()
        );

    /// <summary>
    /// Deletes a folder and what it holds; whichever of the bench's ends gets there second finds nothing to delete.
    /// </summary>
    private sealed class Deletion(string path) : IDisposable
    {
        public void Dispose()
        {
            try
            {
                Directory.Delete(path, recursive: true);
            }
            catch (DirectoryNotFoundException) { }
        }
    }

    /// <summary>
    /// Progress after <paramref name="done"/> of <paramref name="total"/> trials: the widest interval so far and the
    /// time left at this pace, within <paramref name="stopping"/>'s cap (none once <paramref name="stopped"/>).
    /// </summary>
    public static string ProgressText(
        IReadOnlyList<HeadlineRatio> ratios,
        int done,
        int total,
        TimeSpan elapsed,
        TrialStopping? stopping = null,
        bool stopped = false
    )
    {
        var widest = ratios.Where(r => r.HasInterval).MaxBy(r => (r.High - r.Low) / 2 / r.Median);
        var width = widest is null
            ? $"no interval before {MedianInterval.MinimumSamples} trials"
            : $"widest interval ±{Units.Percent((widest.High - widest.Low) / 2 / widest.Median)} ({widest.Operation} "
                + $"{widest.Arm}, {widest.Quantity})";
        var pace = elapsed.TotalSeconds / done;
        var trialsLeft =
            stopped ? 0
            : stopping is null ? total - done
            : Math.Min(
                total - done,
                Math.Max(
                    stopping.MinTrials - done,
                    (int)Math.Ceiling((stopping.CapSeconds - elapsed.TotalSeconds) / pace)
                )
            );
        var left = TimeSpan.FromSeconds(pace * Math.Max(0, trialsLeft));
        var time = left.TotalMinutes >= 1 ? $"{(int)left.TotalMinutes} min {left.Seconds} s" : $"{left.Seconds} s";
        var most = stopping is null ? "" : " at most";
        return $"// progress: {done} of {(stopping is null ? "" : "at most ")}{total} trials, {width}, "
            + $"about {time} of trials left{most}";
    }

    private static string ServersText(TrialPlan plan, TrialRequest request) =>
        plan.ServersPerTrial && request is { RestProcessId: { } rest, GrpcProcessId: { } grpc }
            ? $", servers {rest} and {grpc} started for it"
            : "";

    /// <summary>
    /// The level <paramref name="arm"/>'s throughput was taken at in the most trials; the lower one on a tie.
    /// </summary>
    public static int MostOftenAt(IReadOnlyList<Trial> trials, TrialArm arm) =>
        MostOften(
            trials
                .SelectMany(t => t.Segments)
                .Where(s => s.Operation == TrialArm.NameOf(arm.Operation) && s.Arm == arm.Target)
                .Select(s => s.Concurrency)
        );

    /// <summary>
    /// The concurrency that occurs most often in <paramref name="concurrencies"/>; the lower one on a tie.
    /// </summary>
    public static int MostOften(IEnumerable<int> concurrencies) =>
        concurrencies.GroupBy(c => c).OrderByDescending(g => g.Count()).ThenBy(g => g.Key).First().Key;

    /// <summary>
    /// Load mode's check of <paramref name="arms"/>, each at its level in <paramref name="levels"/>, in a fresh process
    /// from round <paramref name="firstRound"/>; throws <see cref="TrialFailedException"/>.
    /// </summary>
    public static async Task<IReadOnlyList<LoadCheck>> RunLoadCheckAsync(
        TrialPlan plan,
        IReadOnlyList<string> arms,
        IReadOnlyDictionary<string, int> levels,
        int firstRound,
        ServerSet servers,
        BenchSettings settings,
        TextWriter output
    )
    {
        using var folder = new TrialFolder(servers);
        var request = new TrialRequest(TrialRequest.LoadCheck, plan, arms, Environment.ProcessId, "")
        {
            LoadCheckLevels = levels,
            LoadCheckFirstRound = firstRound,
        }.ReadingCpuOf(servers);
        var (answer, failure) = await RunOneAsync(request, folder.Path, servers, settings, output);
        return answer?.LoadChecks
            ?? throw new TrialFailedException($"load mode's cross-check failed: {FaultText.Of(failure!)}");
    }

    /// <summary>
    /// Trial <paramref name="index"/>'s request: the plan whole, <paramref name="arms"/>, the servers' CPU read.
    /// </summary>
    public static TrialRequest RequestOf(int index, TrialPlan plan, IReadOnlyList<TrialArm> arms, ServerSet servers) =>
        new TrialRequest(index, plan, [.. arms.Select(a => a.Name)], Environment.ProcessId, "")
        {
            LinkDevice = servers.Namespace?.HostDevice,
            RoundTripServerAddress = servers.Namespace is { DelayLine: not null } link ? link.ServerAddress : null,
        }.ReadingCpuOf(servers);

    /// <summary>
    /// Starts one trial process, waits for it (bounded), and reads its answer; how it failed otherwise.
    /// </summary>
    private static async Task<(TrialAnswer? Answer, TrialFailure? Failure)> RunOneAsync(
        TrialRequest request,
        string folder,
        ServerSet servers,
        BenchSettings settings,
        TextWriter output
    )
    {
        var name = request.Index == TrialRequest.LoadCheck ? "load-check" : $"trial-{request.Index}";
        var requestPath = Path.Combine(folder, name + ".request.json");
        request = request with { OutputPath = Path.Combine(folder, name + ".json") };
        request.Save(requestPath);
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        settings.ApplyTo(start);
        foreach (var argument in new[] { typeof(TrialProcess).Assembly.Location, TrialProcess.Command, requestPath })
        {
            start.ArgumentList.Add(argument);
        }

        var errors = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => { };
        process.ErrorDataReceived += (_, e) =>
        {
            lock (errors)
            {
                errors.AppendLine(e.Data);
            }
        };
        using var stop = new ChildProcess(process);
        using var attached = servers.Attach(stop);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var exited = process.WaitForExitAsync();
        if (await Task.WhenAny(exited, Task.Delay(TimeLimit(request))) != exited)
        {
            return (null, new TrialFailure(request.Index, process.Id, null, TimeLimit(request).TotalSeconds, null));
        }

        process.WaitForExit();
        if (process.ExitCode != 0 || !File.Exists(request.OutputPath))
        {
            string? said;
            lock (errors)
            {
                said = errors
                    .ToString()
                    .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                    .LastOrDefault();
            }

            return (null, new TrialFailure(request.Index, process.Id, process.ExitCode, null, said));
        }

        return (TrialAnswer.Load(request.OutputPath), null);
    }

    /// <summary>Three times what the plan needs, plus a minute for start-up: a trial past that is stuck.</summary>
    private static TimeSpan TimeLimit(TrialRequest request)
    {
        // Per arm: its client's warm-up and settling passes (a generous 20 ms a call), then its slices (the load check:
        // at most 20 s for its window), then its open-loop windows with their drains.
        var plan = request.Plan;
        var perArm =
            plan.WarmUpSeconds
            + (JitSettling.MaxSettlePasses * plan.SettleCalls * 0.02)
            + (
                request.Index == TrialRequest.LoadCheck
                    ? plan.LoadCheckRounds * (1 + 20)
                    : plan.SegmentSeconds
                        + (
                            request.ArmList.Max(arm => request.LevelsOf(arm).Count)
                            * (plan.SegmentSeconds + (plan.Slices * plan.RampSeconds))
                        )
            )
            + (plan.OpenLoop is { } openLoop ? openLoop.Fractions.Count * (openLoop.MaxSliceSeconds + 2) : 0);
        return TimeSpan.FromSeconds((3 * request.Arms.Count * perArm) + 60);
    }

    /// <summary>Kills a child process and its children when disposed, if it still runs.</summary>
    private sealed class ChildProcess(Process process) : IDisposable
    {
        public void Dispose()
        {
            try
            {
                if (!process.HasExited)
                {
                    process.Kill(entireProcessTree: true);
                    process.WaitForExit();
                }
            }
            catch (InvalidOperationException)
            {
                // Never started, or already gone: nothing to stop.
            }
        }
    }
}

/// <summary>The headline could not be measured: every trial failed.</summary>
public sealed class TrialFailedException(string message) : Exception(message);
