using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Probes;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench;

/// <summary>Where a set of trials' results go in the results file.</summary>
public enum TrialSlot
{
    /// <summary>The headline's transport arms (over a link: the link's arms).</summary>
    Transport,

    /// <summary>The API styles' arms.</summary>
    Styles,

    /// <summary>The JIT and Native AOT builds' arms, in pairs.</summary>
    Aot,

    /// <summary>The TLS arms beside their cleartext twins, in pairs.</summary>
    Tls,
}

/// <summary>
/// One set of trials a run measures: its arms, the pairs its ratios compare (null: each arm against REST + JSON), the
/// new connections each trial times, whether its trials end open loop and whether load mode and h2load check them.
/// </summary>
public sealed record TrialSet(
    string Name,
    TrialSlot Slot,
    IReadOnlyList<TrialArm> Arms,
    IReadOnlyList<(string Arm, string Baseline)>? Pairs = null,
    int NewConnections = 0,
    bool OpenLoop = false,
    bool Checked = false
)
{
    /// <summary>
    /// The plan the set's trials run: <paramref name="plan"/>, without its open loop where the set has none.
    /// </summary>
    public TrialPlan PlanFrom(TrialPlan plan) => OpenLoop ? plan : plan with { OpenLoop = null };

    /// <summary>
    /// True where the servers serve every arm of the set (servers given by URL may lack an endpoint).
    /// </summary>
    public bool ServedBy(ServerSet servers) =>
        Slot switch
        {
            TrialSlot.Styles => servers is { Rest: not null, Grpc.Web: not null },
            TrialSlot.Aot => servers.Aot is not null,
            TrialSlot.Transport => servers is { Rest: not null, Grpc: not null },
            _ => true,
        };
}

/// <summary>
/// What a run does, decided once from its options: the conditions it measures under (loopback, or each link), the
/// trial sets under each, whether the scaling servers start, whether it probes and runs BenchmarkDotNet, and where a
/// run without BenchmarkDotNet writes its results, as what method.
/// </summary>
public sealed record BenchMode(
    IReadOnlyList<LinkProfile?> Conditions,
    IReadOnlyList<TrialSet> TrialSets,
    bool Scaling,
    bool Probes,
    bool RunsBenchmarkDotNet,
    string Folder,
    string Method
)
{
    /// <summary>
    /// New clients per arm and trial whose first answer is timed: a stable median, a fraction of a second.
    /// </summary>
    public const int NewConnectionsPerTrial = 8;

    /// <summary>True where the run publishes the Native AOT servers before any server starts.</summary>
    public bool PublishesAot { get; init; }

    /// <summary>True where the run measures the builds' cold starts and memory over fresh server processes.</summary>
    public bool MeasuresStartup { get; init; }

    /// <summary>
    /// Why a <c>--suite full</c> run leaves the AOT builds out, in one sentence; null where it measures them or was not
    /// asked to.
    /// </summary>
    public string? AotLeftOut { get; init; }

    /// <summary>
    /// True where BenchmarkDotNet's processes settle the JIT on their case before timing it (on loopback, under any
    /// job but the dry one).
    /// </summary>
    public bool SettlesBenchmarks { get; init; }

    /// <summary>The streaming probe's calls per arm: the dry job's few, which prove the pipeline.</summary>
    public StreamingProbe.Calls StreamingPasses { get; init; } = StreamingProbe.Passes;

    /// <summary>The TLS arms whose sessions the run reads before each gate; none without <c>--tls</c>.</summary>
    public IReadOnlyList<TrialArm> TlsArms =>
        [.. TrialSets.Where(s => s.Slot == TrialSlot.Tls).SelectMany(s => s.Arms)];

    /// <summary>The mode of a run with <paramref name="options"/>.</summary>
    public static BenchMode Of(BenchOptions options) =>
        Measures(options) with
        {
            PublishesAot = options.MeasuresAotTrials,
            MeasuresStartup = options.MeasuresStartup,
            AotLeftOut = options.AotLeftOut,
            SettlesBenchmarks = options.SettlesBenchmarks,
            StreamingPasses = options.Dry ? StreamingProbe.DryPasses : StreamingProbe.Passes,
        };

    /// <summary>What the run measures under which conditions, into which folder, as what method.</summary>
    private static BenchMode Measures(BenchOptions options)
    {
        var plan = options.TrialPlan.Name;
        if (options.Links is { } links)
        {
            var set = options.Tls
                ? new TrialSet(
                    "trials",
                    TrialSlot.Tls,
                    [.. TrialArm.Tls.Where(arm => arm.Operation != LoadOperation.Small)],
                    TrialStatistics.TlsPairs,
                    NewConnectionsPerTrial
                )
                : new TrialSet("trials", TrialSlot.Transport, TrialArm.Link, NewConnections: NewConnectionsPerTrial);
            var folder = options.Tls ? "headline-tls" : "headline";
            return new(
                [.. links],
                [set],
                Scaling: false,
                Probes: false,
                RunsBenchmarkDotNet: false,
                folder,
                $"trials ({plan})"
            );
        }

        var onlyTrials = options.Headline || options.MeasuresBuildsOnly;
        var (folderOf, method) = options.Headline
            ? (options.Tls ? "headline-tls" : "headline", $"trials ({plan}{(options.Tls ? ", TLS" : "")})")
            : ("aot", $"startup (fresh server processes) and trials ({plan})");
        return new(
            [null],
            [.. LoopbackSets(options)],
            Scaling: !onlyTrials && StartsScaling(options),
            Probes: !onlyTrials,
            RunsBenchmarkDotNet: !onlyTrials,
            folderOf,
            method
        );
    }

    /// <summary>
    /// Whether a run with BenchmarkDotNet starts the scaling servers: every run does (the streaming probe reads their
    /// 10 000 records) unless the user's own filter chooses no scaling benchmark; then neither the servers nor the
    /// probe run.
    /// </summary>
    private static bool StartsScaling(BenchOptions options) =>
        !options.Filtered || BenchmarkDotNetArguments.Selects(options.BenchmarkDotNetArgs, typeof(ScalingBenchmarks));

    private static IEnumerable<TrialSet> LoopbackSets(BenchOptions options)
    {
        if (options.Tls)
        {
            yield return new(
                "trials, TLS",
                TrialSlot.Tls,
                TrialArm.Tls,
                TrialStatistics.TlsPairs,
                NewConnectionsPerTrial
            );
        }

        if (options.MeasuresTrials)
        {
            yield return new(
                "trials",
                TrialSlot.Transport,
                TrialArm.Transport,
                OpenLoop: true,
                Checked: !options.Headline
            );
        }

        if (options.MeasuresStylesTrials)
        {
            // The dry job checks the transport arms alone: the styles' check is the same pipeline, a second per arm.
            yield return new(
                "trials, API styles",
                TrialSlot.Styles,
                TrialArm.Styles,
                Checked: !options.Headline && !options.Dry
            );
        }

        if (options.MeasuresAotTrials)
        {
            yield return new("trials, JIT and AOT builds", TrialSlot.Aot, TrialArm.Aot, TrialStatistics.AotPairs);
        }
    }
}
