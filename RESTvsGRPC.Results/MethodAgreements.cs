namespace RESTvsGRPC.Results;

/// <summary>
/// The checks of the headline by other methods (<see cref="MethodAgreement"/>): BenchmarkDotNet's latency ratios, load
/// mode's throughput ratios and h2load's server CPU ratios, each beside the trials'. The allowance is 1.96 standard
/// errors of the difference of the two log ratios: the trials' from the spread of their per-trial ratios, the method's
/// from the spread of its own repeats (BenchmarkDotNet's batch sizes, each a process; load mode's rounds; h2load's
/// passes), pooled over the run's arms of that method, since two or three repeats of one arm say little of their
/// spread.
/// </summary>
public static class MethodAgreements
{
    /// <summary>The standard error of a median over that of a mean, for normal samples (√(π/2)).</summary>
    private const double MedianEfficiency = 1.2533;

    /// <summary>The normal quantile of a two-sided 95 % interval.</summary>
    private const double Z95 = 1.96;

    /// <summary>Every check the run's results allow, BenchmarkDotNet's first, then load mode's and h2load's.</summary>
    public static IReadOnlyList<MethodAgreement> Of(RunResults run) =>
        run.Trials is not { } trials ? [] : [.. OfBenchmarkDotNet(run, trials), .. OfLoad(trials), .. OfH2load(trials)];

    /// <summary>
    /// BenchmarkDotNet's latency ratio per arm: REST + JSON's time per call over the arm's at each batch size, each a
    /// process; their geometric mean.
    /// </summary>
    public static IReadOnlyList<MethodAgreement> OfBenchmarkDotNet(RunResults run, TrialsRun trials)
    {
        var arms = TrialStatistics
            .Arms(trials.Trials)
            .Where(a => a.Arm != TrialStatistics.Baseline)
            .Select(a => (a.Operation, a.Arm, Logs: BatchLogRatios(run, a.Operation, a.Arm)))
            .Where(a => a.Logs.Count > 0)
            .ToList();
        var spread = PooledSpread(arms.Select(a => a.Logs));
        return
        [
            .. arms.Select(a =>
                Agreement(
                    MethodAgreement.BenchmarkDotNet,
                    HeadlineRatio.Latency,
                    a.Operation,
                    a.Arm,
                    trials,
                    Math.Exp(a.Logs.Average()),
                    a.Logs.Count,
                    spread,
                    1
                )
            ),
        ];
    }

    /// <summary>
    /// Load mode's throughput ratio per arm: the geometric mean of its rounds' ratios to REST + JSON's window of the
    /// same process and round (a mean, not their median: it needs fewer rounds for one allowance).
    /// </summary>
    public static IReadOnlyList<MethodAgreement> OfLoad(TrialsRun trials)
    {
        var checks = (trials.Load ?? [])
            .Where(c => c.RoundRatios is { Count: > 0 })
            .Select(c => (Check: c, Logs: (IReadOnlyList<double>)[.. c.RoundRatios!.Select(r => Math.Log(r))]))
            .ToList();
        var spread = PooledSpread(checks.Select(c => c.Logs));
        return
        [
            .. checks.Select(c =>
                Agreement(
                    MethodAgreement.Load,
                    HeadlineRatio.Throughput,
                    c.Check.Operation,
                    c.Check.Arm,
                    trials,
                    Math.Exp(c.Logs.Average()),
                    c.Logs.Count,
                    spread,
                    1
                )
            ),
        ];
    }

    /// <summary>
    /// h2load's server CPU ratio per arm, from its runs at the trials' calls/s where h2load held that pace: REST +
    /// JSON's CPU per call over the arm's in the same pass over the arms, the geometric mean over the passes.
    /// </summary>
    public static IReadOnlyList<MethodAgreement> OfH2load(TrialsRun trials)
    {
        var held = (trials.H2load ?? [])
            .Where(c => c is { AtTrialsRate: true, ShortOfPace: false, ServerCpuNanosecondsPerCall: > 0 })
            .ToList();
        List<double> Passes(string operation, string arm) =>
            [
                .. held.Where(c => (c.Operation, c.Arm) == (operation, arm))
                    .Select(c => c.ServerCpuNanosecondsPerCall!.Value),
            ];
        var arms = held.Select(c => (c.Operation, c.Arm))
            .Distinct()
            .Where(a => a.Arm != TrialStatistics.Baseline && TrialsServerCpu(trials, a.Operation, a.Arm).Count > 0)
            .Select(a =>
                (
                    a.Operation,
                    a.Arm,
                    Logs: (IReadOnlyList<double>)
                        [
                            .. Passes(a.Operation, a.Arm)
                                .Zip(Passes(a.Operation, TrialStatistics.Baseline), (own, baseline) =>
                                    Math.Log(baseline / own)
                                ),
                        ]
                )
            )
            .Where(a => a.Logs.Count > 0)
            .ToList();
        var spread = PooledSpread(arms.Select(a => a.Logs));
        return
        [
            .. arms.Select(a =>
                Agreement(
                    MethodAgreement.H2load,
                    MethodAgreement.ServerCpu,
                    a.Operation,
                    a.Arm,
                    trials,
                    Math.Exp(a.Logs.Average()),
                    a.Logs.Count,
                    spread,
                    1
                )
            ),
        ];
    }

    /// <summary>
    /// The trials' per-trial server CPU ratios for the arm: REST + JSON's CPU per call over the arm's, in the same
    /// trial.
    /// </summary>
    public static IReadOnlyList<double> TrialsServerCpu(TrialsRun trials, string operation, string arm) =>
        [
            .. trials
                .Trials.Select(t =>
                    (
                        Arm: t.Segments.FirstOrDefault(s =>
                            s.Operation == operation && s.Arm == arm
                        )?.ServerCpuNanosecondsPerCall,
                        Baseline: t.Segments.FirstOrDefault(s =>
                            s.Operation == operation && s.Arm == TrialStatistics.Baseline
                        )?.ServerCpuNanosecondsPerCall
                    )
                )
                .Where(p => p is { Arm: > 0, Baseline: > 0 })
                .Select(p => p.Baseline!.Value / p.Arm!.Value),
        ];

    private static MethodAgreement Agreement(
        string method,
        string quantity,
        string operation,
        string arm,
        TrialsRun trials,
        double ratio,
        int repeats,
        double? spread,
        double efficiency
    )
    {
        var perTrial =
            quantity == MethodAgreement.ServerCpu
                ? TrialsServerCpu(trials, operation, arm)
                : TrialStatistics.PerTrial(trials.Trials, operation, arm, TrialStatistics.Baseline, quantity);
        var trialsError =
            MedianEfficiency
            * PooledSpread([
                [.. perTrial.Select(r => Math.Log(r))],
            ])
            / Math.Sqrt(perTrial.Count);
        double? allowance =
            trialsError is { } t && spread is { } s
                ? Math.Exp(Z95 * Math.Sqrt((t * t) + (efficiency * efficiency * s * s / repeats))) - 1
                : null;
        return new MethodAgreement(
            method,
            quantity,
            operation,
            arm,
            MedianInterval.MedianOf(perTrial),
            perTrial.Count,
            ratio,
            repeats,
            allowance
        );
    }

    /// <summary>
    /// REST + JSON's time per call over the arm's, as a logarithm, at each batch size BenchmarkDotNet timed both at.
    /// </summary>
    private static IReadOnlyList<double> BatchLogRatios(RunResults run, string operation, string arm)
    {
        if (
            run.LatencyTime(operation, arm) is not { } own
            || run.LatencyTime(operation, TrialStatistics.Baseline) is not { } baseline
        )
        {
            return [];
        }

        return
        [
            .. own.Batches.Join(
                baseline.Batches,
                b => b.CallsPerBatch,
                b => b.CallsPerBatch,
                (a, b) => Math.Log(b.NanosecondsPerCall / a.NanosecondsPerCall)
            ),
        ];
    }

    /// <summary>
    /// The standard deviation of one repeat, pooled over groups (each group's deviations from its own mean); null where
    /// no group has two repeats.
    /// </summary>
    public static double? PooledSpread(IEnumerable<IReadOnlyList<double>> groups)
    {
        var (sum, freedom) = (0.0, 0);
        foreach (var group in groups.Where(g => g.Count >= 2))
        {
            var mean = group.Average();
            sum += group.Sum(v => (v - mean) * (v - mean));
            freedom += group.Count - 1;
        }

        return freedom == 0 ? null : Math.Sqrt(sum / freedom);
    }
}
