using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The headline's measurements: <see cref="Trials"/> fresh client processes that each measured every arm, the ratios
/// computed across them, each arm's levels of calls in flight and its peak among them, and the
/// trials of the earlier runs pooled with this one (<see cref="EarlierRuns"/>).
/// </summary>
public sealed record TrialsRun(
    TrialPlanResult Plan,
    CpuPlacement Placement,
    IReadOnlyList<ArmConcurrency> Concurrency,
    IReadOnlyList<Trial> Trials,
    IReadOnlyList<TrialFailure> Failures,
    IReadOnlyList<HeadlineRatio> Headline,
    IReadOnlyList<H2loadCheck>? H2load = null,
    IReadOnlyList<LoadCheck>? Load = null
)
{
    /// <summary>
    /// The trials' arms by id (load mode's target names): one client each, the same for every operation, so an arm's
    /// <see cref="Arm.CallShape"/> is that of its large GET.
    /// </summary>
    public IReadOnlyList<Arm> Arms { get; init; } = [];

    /// <summary>
    /// The trials of earlier runs of the same clean build, machine, job, data, plan and placement written into the same
    /// folder before this one, oldest first (<see cref="RunPool.Carry"/>); null or empty where this run starts the
    /// pool.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<EarlierRun>? EarlierRuns { get; init; }

    /// <summary>
    /// The link between client and servers a <c>--link</c> run measured these trials over; null: loopback, the link of
    /// every other run.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LinkResult? Link { get; init; }

    /// <summary>
    /// Each arm's round trips on a round-trip link (<see cref="ArmRoundTrips"/>); null on every other.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ArmRoundTrips>? RoundTrips { get; init; }

    /// <summary>The settings in effect on a <c>--link</c> run's link; null on loopback.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public LinkSettings? LinkSettings { get; init; }

    /// <summary>
    /// Why the trials stopped under the plan's rule (<see cref="TrialPlanResult.Stopping"/>); null where the run
    /// measured a fixed number of trials.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? StoppedBy { get; init; }

    /// <summary>
    /// True where each trial's throughput of an arm was taken at the level chosen on the other trials
    /// (<see cref="ThroughputPeak"/>); null where at the level the trial itself served best.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? PeakChosenOnOtherTrials { get; init; }

    /// <summary>
    /// The trials that measured every level (<see cref="ThroughputPeak.Bracket"/> chose the later ones' levels); null
    /// where every trial did. An allocation, not the plan: runs that differ in it still pool.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? CurveTrials { get; init; }

    /// <summary>
    /// Wall-clock seconds from the first trial's start to the last one's end; null where not measured.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? TrialsSeconds { get; init; }

    /// <summary>
    /// New clients per arm and trial whose first answer <see cref="TrialSegment.NewConnectionNanoseconds"/> times; null
    /// where not measured.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? NewConnections { get; init; }

    /// <summary>
    /// What each TLS arm's connection agreed with its server, read once before the trials; null for a run without TLS
    /// arms.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<TlsSession>? TlsSessions { get; init; }

    /// <summary>
    /// Latency under load, open loop, over this run's trials (<see cref="OpenLoopStatistics"/>); null where the run
    /// measured none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public OpenLoopSummary? OpenLoop { get; init; }

    /// <summary>
    /// The trials' stalls (<see cref="StallStatistics"/>); null in results written before gaps were recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public StallSummary? Stalls { get; init; }

    /// <summary>Every pooled run's trials, the earlier runs' first and this run's last.</summary>
    [JsonIgnore]
    public IReadOnlyList<IReadOnlyList<Trial>> Pool => [.. (EarlierRuns ?? []).Select(r => r.Trials), Trials];

    /// <summary>
    /// This run as measured over <paramref name="link"/>: the run, every trial's segments and every ratio name it.
    /// </summary>
    public TrialsRun OnLink(LinkResult link) =>
        this with
        {
            Link = link,
            Trials =
            [
                .. Trials.Select(t => t with { Segments = [.. t.Segments.Select(s => s with { Link = link.Name })] }),
            ],
            Headline = [.. Headline.Select(r => r with { Link = link.Name })],
        };

    /// <summary>
    /// Every ratio with Hodges–Lehmann's estimate over this run's trials; as it was where a trial lacks its segments (a
    /// file edited by hand), which the reports then name.
    /// </summary>
    public TrialsRun WithHodgesLehmann() =>
        Trials.Any(t => t.Segments is null)
            ? this
            : this with
            {
                Headline =
                [
                    .. Headline.Select(r =>
                        r with
                        {
                            HodgesLehmann = HodgesLehmannInterval.Of(
                                TrialStatistics.PerTrial(Trials, r.Operation, r.Arm, r.Baseline, r.Quantity)
                            ),
                        }
                    ),
                ],
            };

    /// <summary>
    /// What a reader calls the arm <paramref name="id"/>; the id itself where the catalogue lacks it.
    /// </summary>
    public string NameOf(string id) => Arms.FirstOrDefault(a => a.Id == id)?.Name ?? id;

    /// <summary>The trials that ran to the end.</summary>
    [JsonIgnore]
    public int Completed => Trials.Count;

    /// <summary>
    /// The calls in flight <paramref name="arm"/>'s throughput on <paramref name="operation"/> was taken at in most
    /// trials (1 where not recorded).
    /// </summary>
    public int ConcurrencyOf(string operation, string arm) =>
        Concurrency.FirstOrDefault(c => c.Operation == operation && c.Arm == arm)?.Concurrency ?? 1;
}
