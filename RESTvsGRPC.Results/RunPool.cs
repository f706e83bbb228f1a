using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The trials of an earlier run of the same build, machine, job, plan and placement, carried forward into a run's pool.
/// </summary>
public sealed record EarlierRun(DateTimeOffset Date, IReadOnlyList<Trial> Trials)
{
    /// <summary>
    /// That run's load-mode cross-check, so the pool can set load mode over the runs beside the trials over the runs;
    /// null where it made none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<LoadCheck>? Load { get; init; }

    /// <summary>
    /// That run's BenchmarkDotNet time per call for each arm its trials measured, so the pool can set both latency
    /// methods over the runs; null where it timed none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<BenchmarkLatency>? Latency { get; init; }
}

/// <summary>
/// BenchmarkDotNet's time per call (nanoseconds) for an arm the trials measured, as the latency check compares it
/// (<see cref="RunResults.LatencyTime"/>).
/// </summary>
public sealed record BenchmarkLatency(string Operation, string Arm, double NanosecondsPerCall);

/// <summary>
/// A headline ratio over every run in the pool: the median of all their per-trial ratios, and the range a run's median
/// falls in 95 % of the time (<see cref="RunPool.Interval"/>), which widens with what differs from run to run as much
/// as with what differs from trial to trial.
/// </summary>
public sealed record PooledRatio(
    string Quantity,
    string Operation,
    string Arm,
    double Median,
    double Low,
    double High,
    int Runs,
    int Trials,
    string Baseline = TrialStatistics.Baseline
);

/// <summary>
/// How often a run's median fell inside another interval: <see cref="Inside"/> of <see cref="Checks"/>.
/// </summary>
public sealed record Coverage(int Checks, int Inside)
{
    /// <summary>The share of checks that fell inside; NaN without checks.</summary>
    public double Share => Checks == 0 ? double.NaN : (double)Inside / Checks;
}

/// <summary>
/// The level above the trials: several runs of one build on one machine, pooled. Whatever every trial of a run shares
/// (the minutes of the machine it ran in, its server processes) escapes one run's interval; the pool's interval comes
/// from resampling at both levels (Kalibera and Jones's hierarchical resampling): draw a run, then that run's trials
/// with replacement, and take the median of the drawn ratios, <see cref="Resamples"/> times. Its 2.5 % and 97.5 %
/// points bound where one run's median falls: the claim a reader can check by running again.
/// </summary>
public static class RunPool
{
    /// <summary>The most runs a pool holds: the newest, so that the pool spans hours, not weeks.</summary>
    public const int MaxRuns = 12;

    /// <summary>Bootstrap draws per interval.</summary>
    public const int Resamples = 4000;

    /// <summary>The bootstrap's seed: the same results render the same intervals.</summary>
    public const int Seed = 33;

    /// <summary>
    /// The share of a run's 95 % interval over its trials that another run's median falls inside when nothing but
    /// the trials varies: two medians with the same standard error differ by less than 1.96 of it times √2 in 83 % of
    /// pairs. Fewer than that says the runs differ by more than their trials do.
    /// </summary>
    public const double ExpectedCrossCoverage = 0.834;

    /// <summary>
    /// Every ratio of the pool <paramref name="runs"/> (each run's trials), in the order of
    /// <see cref="TrialStatistics.Headline"/>.
    /// </summary>
    public static IReadOnlyList<PooledRatio> Headline(
        IReadOnlyList<IReadOnlyList<Trial>> runs,
        string baseline = TrialStatistics.Baseline
    ) =>
        Pooled(
            runs,
            TrialStatistics
                .Arms([.. runs.SelectMany(r => r)])
                .Where(a => a.Arm != baseline)
                .Select(a => (a.Operation, a.Arm, baseline))
        );

    /// <summary>
    /// The ratios of each (arm, baseline) pair in <paramref name="pairs"/> over the pool, in the order of
    /// <see cref="TrialStatistics.PairRatios"/>.
    /// </summary>
    public static IReadOnlyList<PooledRatio> PairRatios(
        IReadOnlyList<IReadOnlyList<Trial>> runs,
        IReadOnlyList<(string Arm, string Baseline)> pairs
    ) =>
        Pooled(
            runs,
            TrialStatistics
                .Arms([.. runs.SelectMany(r => r)])
                .Select(a => a.Operation)
                .Distinct()
                .SelectMany(operation => pairs.Select(p => (operation, p.Arm, p.Baseline)))
        );

    private static List<PooledRatio> Pooled(
        IReadOnlyList<IReadOnlyList<Trial>> runs,
        IEnumerable<(string Operation, string Arm, string Baseline)> comparisons
    )
    {
        var ratios = new List<PooledRatio>();
        foreach (var (operation, arm, baseline) in comparisons)
        {
            foreach (var quantity in new[] { HeadlineRatio.Latency, HeadlineRatio.Throughput })
            {
                var perRun = runs.Select(r => TrialStatistics.PerTrial(r, operation, arm, baseline, quantity))
                    .Where(r => r.Count > 0)
                    .ToList();
                if (perRun.Count == 0)
                {
                    continue;
                }

                var (median, low, high) = Interval(perRun);
                ratios.Add(
                    new PooledRatio(
                        quantity,
                        operation,
                        arm,
                        median,
                        low,
                        high,
                        perRun.Count,
                        perRun.Sum(r => r.Count),
                        baseline
                    )
                );
            }
        }

        return ratios;
    }

    /// <summary>
    /// The median of every value of every run, and the 2.5 % and 97.5 % points of one run's median under the two-level
    /// bootstrap.
    /// </summary>
    public static (double Median, double Low, double High) Interval(
        IReadOnlyList<IReadOnlyList<double>> runs,
        int resamples = Resamples,
        int seed = Seed
    )
    {
        var random = new Random(seed);
        var medians = new double[resamples];
        var drawn = new List<double>();
        for (var b = 0; b < resamples; b++)
        {
            drawn.Clear();
            var run = runs[random.Next(runs.Count)];
            for (var t = 0; t < run.Count; t++)
            {
                drawn.Add(run[random.Next(run.Count)]);
            }

            medians[b] = MedianInterval.MedianOf(drawn);
        }

        Array.Sort(medians);
        return (
            MedianInterval.MedianOf(runs.SelectMany(r => r)),
            medians[(int)(0.025 * (resamples - 1))],
            medians[(int)Math.Ceiling(0.975 * (resamples - 1))]
        );
    }

    /// <summary>
    /// How often a run's median ratio fell inside another run's own 95 % interval over its trials, over every ordered
    /// pair of runs and every ratio (against REST + JSON, or those of <paramref name="pairs"/> where given); with
    /// <paramref name="hodgesLehmann"/>, the same for Hodges–Lehmann's estimate and interval.
    /// </summary>
    public static Coverage CrossCoverage(
        IReadOnlyList<IReadOnlyList<Trial>> runs,
        IReadOnlyList<(string Arm, string Baseline)>? pairs = null,
        bool hodgesLehmann = false
    )
    {
        var headlines = runs.Select(r => RatiosOf(r, pairs)).ToList();
        var (checks, inside) = (0, 0);
        for (var i = 0; i < runs.Count; i++)
        {
            for (var j = 0; j < runs.Count; j++)
            {
                foreach (var own in headlines[i].Where(h => h.HasInterval && i != j))
                {
                    if (
                        headlines[j]
                            .FirstOrDefault(h =>
                                (h.Quantity, h.Operation, h.Arm, h.Baseline)
                                == (own.Quantity, own.Operation, own.Arm, own.Baseline)
                            ) is
                        { } other
                    )
                    {
                        var (low, high, centre) = hodgesLehmann
                            ? (own.HodgesLehmann?.Lower, own.HodgesLehmann?.Upper, other.HodgesLehmann?.Estimate)
                            : (own.Low, own.High, other.Median);
                        if (low is null || high is null || centre is null)
                        {
                            continue;
                        }

                        checks++;
                        inside += low <= centre && centre <= high ? 1 : 0;
                    }
                }
            }
        }

        return new Coverage(checks, inside);
    }

    /// <summary>
    /// How often a run's median ratio fell inside the pooled interval of the other runs (needs three runs or more); the
    /// ratios as <see cref="CrossCoverage"/>'s.
    /// </summary>
    public static Coverage LeaveOneOutCoverage(
        IReadOnlyList<IReadOnlyList<Trial>> runs,
        IReadOnlyList<(string Arm, string Baseline)>? pairs = null
    )
    {
        var (checks, inside) = (0, 0);
        for (var i = 0; runs.Count >= 3 && i < runs.Count; i++)
        {
            IReadOnlyList<IReadOnlyList<Trial>> rest = [.. runs.Where((_, j) => j != i)];
            var others = pairs is null ? Headline(rest) : PairRatios(rest, pairs);
            foreach (var own in RatiosOf(runs[i], pairs))
            {
                if (
                    others.FirstOrDefault(p =>
                        (p.Quantity, p.Operation, p.Arm, p.Baseline)
                        == (own.Quantity, own.Operation, own.Arm, own.Baseline)
                    ) is
                    { } pooled
                )
                {
                    checks++;
                    inside += pooled.Low <= own.Median && own.Median <= pooled.High ? 1 : 0;
                }
            }
        }

        return new Coverage(checks, inside);
    }

    private static IReadOnlyList<HeadlineRatio> RatiosOf(
        IReadOnlyList<Trial> run,
        IReadOnlyList<(string Arm, string Baseline)>? pairs
    ) =>
        pairs is null
            ? TrialStatistics.Headline(run, CpuPlacement.None)
            : TrialStatistics.PairRatios(run, CpuPlacement.None, pairs);

    /// <summary>
    /// BenchmarkDotNet's time per call for each arm of <paramref name="trials"/> it timed in <paramref name="run"/>;
    /// null where it timed none.
    /// </summary>
    public static IReadOnlyList<BenchmarkLatency>? LatencyOf(RunResults run, TrialsRun? trials)
    {
        List<BenchmarkLatency> timed =
        [
            .. TrialStatistics
                .Arms(trials?.Trials ?? [])
                .Select(a =>
                    run.LatencyTime(a.Operation, a.Arm) is { } t
                        ? new BenchmarkLatency(a.Operation, a.Arm, t.NanosecondsPerCall)
                        : null
                )
                .OfType<BenchmarkLatency>(),
        ];
        return timed.Count == 0 ? null : timed;
    }

    /// <summary>
    /// <paramref name="current"/> with the trials of <paramref name="previous"/> (and its own pool) carried forward,
    /// where both are clean builds of one commit on one machine with the same job, data, trial plan, placement and
    /// link; otherwise <paramref name="current"/> as it is, its pool starting anew.
    /// </summary>
    public static RunResults Carry(RunResults? previous, RunResults current) =>
        current with
        {
            Trials = CarryTrials(
                previous,
                previous?.Trials,
                current,
                current.Trials,
                previous is null ? null : LatencyOf(previous, previous.Trials)
            ),
            // Only the headline's trials are set beside BenchmarkDotNet, which timed the servers they call.
            StylesTrials = CarryTrials(previous, previous?.StylesTrials, current, current.StylesTrials, null),
            AotTrials = CarryTrials(previous, previous?.AotTrials, current, current.AotTrials, null),
            TlsTrials = CarryTrials(previous, previous?.TlsTrials, current, current.TlsTrials, null),
        };

    private static TrialsRun? CarryTrials(
        RunResults? previous,
        TrialsRun? before,
        RunResults current,
        TrialsRun? now,
        IReadOnlyList<BenchmarkLatency>? latency
    )
    {
        if (
            previous is null
            || before is null
            || now is null
            || !SameBuildAndMachine(previous.Provenance, current.Provenance)
            || (before.Plan.PoolKey, before.Placement, before.Link) != (now.Plan.PoolKey, now.Placement, now.Link)
        )
        {
            return now;
        }

        EarlierRun[] pool =
        [
            .. before.EarlierRuns ?? [],
            new EarlierRun(previous.Provenance.Date, before.Trials) { Load = before.Load, Latency = latency },
        ];
        return now with { EarlierRuns = pool[Math.Max(0, pool.Length - (MaxRuns - 1))..] };
    }

    private static bool SameBuildAndMachine(Provenance a, Provenance b) =>
        !a.Dirty
        && !b.Dirty
        && (a.Commit, a.Cpu, a.LogicalCores, a.Os, a.Runtime, a.Job, a.DataSha256, a.CpuPlacement)
            == (b.Commit, b.Cpu, b.LogicalCores, b.Os, b.Runtime, b.Job, b.DataSha256, b.CpuPlacement);
}
