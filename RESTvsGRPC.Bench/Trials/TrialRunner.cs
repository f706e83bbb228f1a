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
    /// Runs <paramref name="setup"/> in trial processes against <paramref name="servers"/>, renewing them before each
    /// trial where the plan says so (the caller reads the last pair from <paramref name="servers"/>); throws
    /// <see cref="TrialFailedException"/> when every trial fails.
    /// </summary>
    public static async Task<TrialsRun> RunAsync(
        TrialSetup setup,
        ServerSet servers,
        BenchSettings settings,
        CpuPlacement placement,
        TextWriter output
    )
    {
        using var launcher = new TrialProcessLauncher(servers, settings);
        var request = RequestOf(1, setup.Plan, setup.Arms, servers) with { NewConnections = setup.NewConnections };
        var run = await RunAsync(setup, request, launcher, placement, output, TimeProvider.System);
        if (setup.Link is not { } link)
        {
            return run;
        }

        var linked = run.OnLink(link.ToResults()) with { LinkSettings = servers.LinkSettings() };
        return link.Delayed ? linked with { RoundTrips = ArmRoundTrips.Of(linked) } : linked;
    }

    /// <summary>
    /// Runs <paramref name="setup"/>'s trials through <paramref name="launcher"/>, from <paramref name="first"/>'s
    /// request, timed by <paramref name="clock"/>: renew the servers, run the trial, account for it, and stop where
    /// the plan's rule says; throws <see cref="TrialFailedException"/> when every trial fails.
    /// </summary>
    public static async Task<TrialsRun> RunAsync(
        TrialSetup setup,
        TrialRequest first,
        ITrialLauncher launcher,
        CpuPlacement placement,
        TextWriter output,
        TimeProvider clock
    )
    {
        var (plan, request) = (setup.Plan, first);
        var account = new TrialAccount(setup, placement);
        var started = clock.GetTimestamp();
        string? stop = null;
        for (var index = 1; stop is null && index <= plan.Trials; index++)
        {
            var trialStarted = clock.GetTimestamp();
            if (plan.ServersPerTrial)
            {
                request = await launcher.RenewServersAsync(request);
            }

            // The delay line's counts start with the trial.
            _ = launcher.ReadDelayLine();
            var outcome = await launcher.RunAsync(
                request with
                {
                    Index = index,
                    PeakLevels = plan.PeakLevelsFor(index, setup.Arms, account.Trials),
                }
            );
            var failure = account.Add(index, outcome, clock.GetElapsedTime(trialStarted).TotalSeconds, launcher);
            output.WriteLine(TrialProgress.TrialText(index, plan, request, account.Measured, failure));
            var ratios = account.Ratios();
            var elapsed = clock.GetElapsedTime(started);
            stop = plan.Stopping?.StopAfter(
                account.Trials.Count,
                plan.Trials - account.Failures.Count,
                elapsed.TotalSeconds,
                ratios,
                NextTrialSeconds(plan, account.Measured, index, elapsed.TotalSeconds)
            );
            output.WriteLine(
                TrialProgress.ProgressText(ratios, index, plan.Trials, elapsed, plan.Stopping, stop is not null)
                    + (stop is null ? "" : $"; the trials stop: {stop}")
            );
        }

        return account.ToRun(stop, clock.GetElapsedTime(started).TotalSeconds);
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
    /// Load mode's check of <paramref name="arms"/>, each at its level in <paramref name="levels"/>, in a fresh process
    /// from round <paramref name="firstRound"/>; throws <see cref="TrialFailedException"/>.
    /// </summary>
    public static async Task<IReadOnlyList<LoadCheck>> RunLoadCheckAsync(
        TrialPlan plan,
        IReadOnlyList<string> arms,
        IReadOnlyDictionary<string, int> levels,
        int firstRound,
        ServerSet servers,
        BenchSettings settings
    )
    {
        using var launcher = new TrialProcessLauncher(servers, settings);
        var request = new LoadCheckRequest(plan, arms, Environment.ProcessId, "", levels, firstRound).ReadingCpuOf(
            servers
        );
        var (checks, failure) = await launcher.RunLoadCheckAsync(request);
        return checks ?? throw new TrialFailedException($"load mode's cross-check failed: {FaultText.Of(failure!)}");
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
}

/// <summary>The headline could not be measured: every trial failed.</summary>
public sealed class TrialFailedException(string message) : Exception(message);
