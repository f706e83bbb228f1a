using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The trials of one run so far: each answer kept, or named as a failure (its process failed, or its round-trip link
/// did not hold through it); every arm's peak chosen on the other trials; the ratios across them; the run they make.
/// </summary>
public sealed class TrialAccount(TrialSetup setup, CpuPlacement placement)
{
    private readonly List<Trial> _measured = [];
    private readonly List<TrialFailure> _failures = [];

    /// <summary>The trials kept, in the order they ran, each as its process measured it.</summary>
    public IReadOnlyList<Trial> Measured => _measured;

    /// <summary>The trials kept, each arm's throughput taken at the level chosen on the other trials.</summary>
    public IReadOnlyList<Trial> Trials { get; private set; } = [];

    /// <summary>The trials that failed, in the order they ran.</summary>
    public IReadOnlyList<TrialFailure> Failures => _failures;

    /// <summary>
    /// Keeps trial <paramref name="index"/>'s answer, with its whole time <paramref name="seconds"/> and, on a
    /// round-trip link, the delay line's reading over it; or names it a failure. The failure, where it is one.
    /// </summary>
    public TrialFailure? Add(int index, TrialOutcome outcome, double seconds, ITrialLauncher launcher)
    {
        var (trial, broken) = outcome.Trial is { } done ? Held(done, seconds, launcher) : default;
        if (trial is not null && broken is null)
        {
            _measured.Add(trial);
            Trials = ThroughputPeak.ChosenOnOtherTrials(_measured);
            return null;
        }

        var failure = broken is not null
            ? new TrialFailure(index, trial!.ProcessId, 0, null, null) { LinkFault = broken }
            : (outcome.Failure ?? new TrialFailure(index, 0, 0, null, null)) with
            {
                Index = index,
            };
        _failures.Add(failure);
        return failure;
    }

    /// <summary>Each arm's ratios over the trials kept: against REST + JSON, or the setup's pairs'.</summary>
    public IReadOnlyList<HeadlineRatio> Ratios() =>
        setup.Pairs is { } pairs
            ? TrialStatistics.PairRatios(Trials, placement, pairs, setup.Plan.ToResults())
            : TrialStatistics.Headline(Trials, placement, plan: setup.Plan.ToResults());

    /// <summary>
    /// The run the trials make, stopped by <paramref name="stop"/> after <paramref name="seconds"/>; throws
    /// <see cref="TrialFailedException"/> where every trial failed.
    /// </summary>
    public TrialsRun ToRun(string? stop, double seconds)
    {
        if (Trials.Count == 0)
        {
            throw new TrialFailedException($"every trial failed; trial 1: {FaultText.Of(_failures[0])}");
        }

        var plan = setup.Plan;
        var concurrency = setup
            .Arms.Select(arm => new ArmConcurrency(TrialArm.NameOf(arm.Operation), arm.Target, MostOftenAt(arm))
            {
                Levels = plan.InFlight[arm.Operation],
            })
            .ToList();
        var headline = Ratios();
        return new TrialsRun(plan.ToResults(), placement, concurrency, Trials, _failures, headline)
        {
            Stalls = StallStatistics.Of(Trials, _failures, headline),
            Arms = [.. setup.Arms.Select(arm => arm.Target).Distinct().Select(id => ArmCatalogue.Clients[id])],
            TrialsSeconds = seconds,
            StoppedBy = plan.Stopping is null ? null : stop ?? TrialStopping.MostTrials,
            PeakChosenOnOtherTrials = true,
            CurveTrials = plan.CurveTrials < Trials.Count ? plan.CurveTrials : null,
            NewConnections = setup.NewConnections > 0 ? setup.NewConnections : null,
            OpenLoop = OpenLoopStatistics.Of(plan.OpenLoop, Trials),
        };
    }

    /// <summary>
    /// The level <paramref name="arm"/>'s throughput was taken at in the most trials; the lower one on a tie.
    /// </summary>
    public int MostOftenAt(TrialArm arm) =>
        MostOften(
            Trials
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
    /// The trial with its whole time and, on a round-trip link, the delay line's reading over it; and the link's check
    /// where the link did not hold through it (its figures are then no result).
    /// </summary>
    private (Trial Trial, RoundTripCheck? Broken) Held(Trial trial, double seconds, ITrialLauncher launcher)
    {
        trial = trial with
        {
            Timing = trial.Timing! with { Seconds = seconds },
            LinkReading = trial.LinkReading is { } reading
                ? reading with
                {
                    DelayLine = launcher.ReadDelayLine(),
                }
                : null,
        };
        var link = setup.Link?.ToResults();
        return (trial, link is not null && RoundTripCheck.Of(trial, link) is { Fault: true } check ? check : null);
    }
}
