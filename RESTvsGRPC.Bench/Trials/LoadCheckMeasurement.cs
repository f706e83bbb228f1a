using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What a load check's process measures: load mode's closed loop on every arm at its peak in the trials, an
/// operation's arms in turns, on a process warmed as a trial's is.
/// </summary>
public sealed class LoadCheckMeasurement(
    LoadCheckRequest request,
    IReadOnlyList<LoadTarget> targets,
    LoadExpectation expected
)
{
    /// <summary>
    /// Load mode's closed loop on every arm at its own concurrency, an operation's arms in turns, a window of whole
    /// seconds after a second's warm-up, on a client load mode makes per window: the throughput ratios by another
    /// engine.
    /// </summary>
    public async Task<IReadOnlyList<LoadCheck>> RunAsync()
    {
        // Warmed as a trial process is, then put away: load mode makes its own client for each window.
        TrialMeasurement.Dispose(await TrialMeasurement.WarmProcessAsync(request, targets, expected));
        var measured = new List<LoadCheck>();
        foreach (var operation in request.ArmList.Select(a => a.Operation).Distinct())
        {
            var arms = request.ArmList.Where(a => a.Operation == operation).ToList();
            var windows = arms.ToDictionary(arm => arm, _ => new List<double>());
            var gaps = arms.ToDictionary(arm => arm, _ => CompletionGaps.None);
            for (var round = request.FirstRound; round < request.FirstRound + request.Plan.LoadCheckRounds; round++)
            {
                var first = round % arms.Count;
                foreach (var arm in arms.Skip(first).Concat(arms.Take(first)))
                {
                    var totals = await LoadWindowAsync(arm);
                    windows[arm].Add(totals.RequestsPerSecond);
                    gaps[arm] = gaps[arm].Add(totals.Gaps ?? CompletionGaps.None);
                }
            }

            measured.AddRange(
                LoadChecksOf(
                        TrialArm.NameOf(operation),
                        [
                            .. arms.Select(arm =>
                                (arm.Target, request.LevelsOf(arm)[0], (IReadOnlyList<double>)windows[arm])
                            ),
                        ]
                    )
                    .Zip(arms, (check, arm) => check with { Gaps = gaps[arm] })
            );
        }

        return measured;
    }

    /// <summary>
    /// An operation's load checks: calls/s the median of an arm's windows, the ratio the median of its rounds' ratios
    /// to the baseline's.
    /// </summary>
    public static IEnumerable<LoadCheck> LoadChecksOf(
        string operation,
        IReadOnlyList<(string Arm, int Concurrency, IReadOnlyList<double> Windows)> arms
    )
    {
        var baseline = arms.FirstOrDefault(a => a.Arm == TrialArm.Baseline).Windows;
        return arms.Select(arm =>
        {
            IReadOnlyList<double>? rounds =
                baseline is null || arm.Arm == TrialArm.Baseline
                    ? null
                    : [.. arm.Windows.Zip(baseline, (own, against) => own / against)];
            return new LoadCheck(
                operation,
                arm.Arm,
                arm.Concurrency,
                MedianInterval.MedianOf(arm.Windows),
                rounds is null ? null : MedianInterval.MedianOf(rounds)
            )
            {
                Windows = arm.Windows.Count,
                RoundRatios = rounds,
            };
        });
    }

    /// <summary>
    /// One window of load mode's closed loop on <paramref name="arm"/>, on a client load mode makes for it: its
    /// totals; throws where a call failed.
    /// </summary>
    private async Task<TargetTotals> LoadWindowAsync(TrialArm arm)
    {
        var scenario = LoadScenario.Presets["light"] with
        {
            Name = $"cross-check of {arm.Name}",
            Users = request.LevelsOf(arm)[0],
            RampUp = TimeSpan.Zero,
            Warmup = TimeSpan.FromSeconds(LoadWarmUpSeconds),
            Duration = TimeSpan.FromSeconds(LoadWindowSeconds),
            Mix = OperationMix.Parse($"{TrialArm.NameOf(arm.Operation)}:100"),
        };
        var result = await LoadRunner.RunAsync(
            targets.Single(t => t.Name == arm.Target),
            scenario,
            expected,
            null,
            _ => { },
            CancellationToken.None
        );
        return result.Totals.Errors.Total == 0
            ? result.Totals
            : throw new InvalidOperationException(
                $"load mode's cross-check of {arm.Name} had {result.Totals.Errors.Total} failed calls."
            );
    }

    /// <summary>The load check's warm-up before each window, seconds: none in the dry plan.</summary>
    private double LoadWarmUpSeconds => request.Plan.ProvesThePipeline ? 0 : 1;

    /// <summary>
    /// The load check's counted window, whole seconds (load mode counts whole seconds), no shorter than a segment.
    /// </summary>
    private double LoadWindowSeconds => Math.Max(1, Math.Ceiling(request.Plan.SegmentSeconds));
}
