using System.Text.Json.Serialization;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// How the headline is measured: trials in fresh processes, each arm per quantity and level in slices an operation's
/// arms take in turns.
/// </summary>
public sealed record TrialPlan(string Name, int Trials, double SegmentSeconds, int Seed, int Slices)
{
    /// <summary>The fewest and most trials a run may ask for.</summary>
    public const int MinTrials = 1;

    /// <summary>The most trials a run may ask for.</summary>
    public const int MaxTrials = 100;

    /// <summary>The shortest and longest segment a run may ask for, seconds.</summary>
    public const double MinSegmentSeconds = 0.05;

    /// <summary>The longest segment a run may ask for, seconds.</summary>
    public const double MaxSegmentSeconds = 60;

    /// <summary>The most slices a segment may be cut into.</summary>
    public const int MaxSlices = 20;

    /// <summary>The seed of the trials' orders: trial N draws its order from this plus N.</summary>
    public const int DefaultSeed = 28;

    /// <summary>
    /// The levels of calls in flight per operation, bracketing each arm's peak here (docs/method.md); an arm's
    /// throughput is taken at the level chosen on the other trials (<see cref="ThroughputPeak"/>).
    /// </summary>
    public static IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>> DefaultInFlight { get; } =
        new Dictionary<LoadOperation, IReadOnlyList<int>>
        {
            [LoadOperation.Small] = [16, 32, 64, 128],
            [LoadOperation.Large] = [2, 4, 8, 16, 32, 64],
            [LoadOperation.Post] = [2, 4, 8, 16, 32],
        };

    /// <summary>
    /// The offered rates of the open loop, as shares of REST + JSON's peak calls/s: light, half and heavy load.
    /// </summary>
    public static IReadOnlyList<double> OpenLoopFractions { get; } = [0.25, 0.5, 0.8];

    /// <summary>
    /// The trials of a result run and of a first look that measure every level: three medians find an arm's peak, and
    /// the later trials measure it with its neighbours only (half the levels).
    /// </summary>
    public const int DefaultCurveTrials = 3;

    /// <summary>
    /// The seconds of trials a result run stops within: with its start and summary, <c>--headline</c> ends within six
    /// minutes here, six trials with the open loop and a seventh without where the machine's pace allows.
    /// </summary>
    public const double StandardCapSeconds = 340;

    /// <summary>The trials of a result run that end with the open loop: the fewest with a 95 % interval.</summary>
    public const int OpenLoopTrials = MedianInterval.MinimumSamples;

    /// <summary>
    /// A result run: 6 to 12 trials, stopping when precise (<see cref="TrialStopping"/>) or before 340 s of trials;
    /// 0.3 s per arm, quantity and level.
    /// </summary>
    public static TrialPlan Standard { get; } =
        new("standard", 12, 0.3, DefaultSeed, 2)
        {
            Stopping = new TrialStopping(6, 0.05, 0.10, 0.90, StandardCapSeconds),
            OpenLoop = new OpenLoopPlan(OpenLoopFractions, 0.3, 100, 1) { Trials = OpenLoopTrials },
            CurveTrials = DefaultCurveTrials,
        };

    /// <summary>
    /// A first look: six trials (the fewest with a 95 % interval) of 0.15 s per arm, quantity and level in two slices,
    /// without the open loop (a quarter of a quick trial's time; the result run has it).
    /// </summary>
    public static TrialPlan Quick { get; } = new("quick", 6, 0.15, DefaultSeed, 2) { CurveTrials = DefaultCurveTrials };

    /// <summary>
    /// A <c>--link</c> run, per link: six trials of 1 s per arm and quantity; the large calls at 16 in flight (a
    /// shorter window counts a handful of large calls on a slow link, and 16 fill 100 Mbit/s or a 20-ms round trip at
    /// these calls' server peak), the small call at 16 and 256 (256 reach its loopback peak across a round trip of up
    /// to about 10 ms, and pass the servers' 100 streams per HTTP/2 connection).
    /// </summary>
    public static TrialPlan Link { get; } =
        new("link", 6, 1.0, DefaultSeed, 2)
        {
            // No settling passes: on a slow link 64 large calls per arm take over a second each pass, and the call's
            // time is the link's.
            SettleCalls = 0,
            InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>>
            {
                [LoadOperation.Small] = [16, 256],
                [LoadOperation.Large] = [16],
                [LoadOperation.Post] = [16],
            },
        };

    /// <summary>
    /// Proves the pipeline: two trials of 50 ms per arm and quantity, two levels per operation; not a result.
    /// </summary>
    public static TrialPlan Dry { get; } =
        new("dry", 2, MinSegmentSeconds, DefaultSeed, 1)
        {
            SettleCalls = 0,
            LoadCheckProcesses = 1,
            LoadCheckRounds = 1,
            OpenLoop = new OpenLoopPlan(OpenLoopFractions, MinSegmentSeconds, 10, 0.2),
            InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>>
            {
                [LoadOperation.Small] = [16, 64],
                [LoadOperation.Large] = [2, 16],
                [LoadOperation.Post] = [4, 16],
            },
        };

    /// <summary>
    /// True for the dry plan, whose processes skip what only a result needs (the quiet-JIT wait, the load check's
    /// warm-up).
    /// </summary>
    [JsonIgnore]
    public bool ProvesThePipeline => Name == "dry";

    /// <summary>The most calls in flight <c>--in-flight</c> accepts.</summary>
    public const int MaxInFlight = 1024;

    /// <summary>"small=32/64,large=2/16,post=4/16": concurrencies as <c>--in-flight</c> takes them.</summary>
    public static string Describe(IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>> inFlight) =>
        string.Join(
            ",",
            inFlight.OrderBy(p => p.Key).Select(p => $"{TrialArm.NameOf(p.Key)}={string.Join("/", p.Value)}")
        );

    /// <summary>
    /// <c>--in-flight</c>'s levels over the defaults; throws <see cref="ArgumentException"/> naming the part it cannot
    /// read.
    /// </summary>
    public static IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>> ParseInFlight(string value)
    {
        var inFlight = new Dictionary<LoadOperation, IReadOnlyList<int>>(DefaultInFlight);
        foreach (var part in value.Split(',', StringSplitOptions.TrimEntries))
        {
            var pair = part.Split('=', 2, StringSplitOptions.TrimEntries);
            IReadOnlyList<int>? counts = pair.Length == 2 ? Counts(pair[1]) : null;
            if (
                pair.Length != 2
                || !Enum.TryParse<LoadOperation>(pair[0], ignoreCase: true, out var operation)
                || !Enum.IsDefined(operation)
                || char.IsDigit(pair[0][0])
                || counts is null
            )
            {
                throw new ArgumentException(
                    $"--in-flight takes OP=N[/N] for small, large or post, N from 1 to {MaxInFlight} (e.g. "
                        + $"{Describe(DefaultInFlight)}), not '{part}'."
                );
            }

            inFlight[operation] = counts;
        }

        return inFlight;
    }

    private static IReadOnlyList<int>? Counts(string text)
    {
        var counts = text.Split('/', StringSplitOptions.TrimEntries)
            .Select(n =>
                int.TryParse(n, NumberStyles.None, CultureInfo.InvariantCulture, out var count)
                && count is >= 1 and <= MaxInFlight
                    ? count
                    : 0
            )
            .ToList();
        return counts.Contains(0) ? null : [.. counts.Distinct().Order()];
    }

    /// <summary>The fewest calls a latency slice makes, however short the slice.</summary>
    public const int MinLatencyCalls = 10;

    /// <summary>
    /// Calls made, uncounted, at the start of each latency slice: the first call after another arm's slice finds its
    /// code out of the caches.
    /// </summary>
    public const int SliceWarmUpCalls = 3;

    /// <summary>
    /// Each arm's warm-up at its highest level, seconds: a quarter segment where settling passes follow, half where
    /// none do.
    /// </summary>
    [JsonIgnore]
    public double WarmUpSeconds => SegmentSeconds / (SettleCalls > 0 ? 4 : 2);

    /// <summary>
    /// Calls per arm in each settling pass: past the runtime's 30 calls before tier-up; 0 makes no pass.
    /// </summary>
    public int SettleCalls { get; init; } = DefaultSettleCalls;

    /// <summary>The settling passes' calls per arm in every plan but a link run's.</summary>
    public const int DefaultSettleCalls = 64;

    /// <summary>One slice's length, seconds: each arm's segment split into <see cref="Slices"/>.</summary>
    [JsonIgnore]
    public double SliceSeconds => SegmentSeconds / Slices;

    /// <summary>
    /// The start of a throughput slice left uncounted while its callers fill the pipe, seconds: a quarter slice.
    /// </summary>
    [JsonIgnore]
    public double RampSeconds => SliceSeconds / 4;

    /// <summary>
    /// True where every trial meets servers started for it alone, so what a server process brings (code and heap
    /// layout, JIT choices) varies between trials and their interval covers it. Servers given by URL are never renewed.
    /// </summary>
    public bool ServersPerTrial { get; init; } = true;

    /// <summary>
    /// Fresh processes load mode's check runs in, each warmed as a trial's: a process can land an arm high or low for
    /// all its windows, so the rounds are spread over processes (docs/method.md).
    /// </summary>
    public int LoadCheckProcesses { get; init; } = DefaultLoadCheckProcesses;

    /// <summary>
    /// The load check's processes in every plan but the dry one (which has one, to prove the pipeline).
    /// </summary>
    public const int DefaultLoadCheckProcesses = 3;

    /// <summary>
    /// Rounds of one window per arm in each load-check process: two (six rounds keep their share of the allowance near
    /// ±15 %).
    /// </summary>
    public int LoadCheckRounds { get; init; } = 2;

    /// <summary>The calls kept in flight in each operation's throughput slices.</summary>
    public IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>> InFlight { get; init; } = DefaultInFlight;

    /// <summary>
    /// Latency under load: each trial drives the transport arms open loop at these rates; null where the plan measures
    /// none.
    /// </summary>
    public OpenLoopPlan? OpenLoop { get; init; }

    /// <summary>When the trials stop before <see cref="Trials"/>, the most; null: every one of them runs.</summary>
    public TrialStopping? Stopping { get; init; }

    /// <summary>
    /// The trials that measure every arm at every level of its operation, the curve's; each later trial measures an
    /// arm at its peak over the trials before and the levels either side of it (<see cref="ThroughputPeak.Bracket"/>).
    /// Null: every trial measures every level.
    /// </summary>
    public int? CurveTrials { get; init; }

    /// <summary>
    /// Each arm's levels in trial <paramref name="index"/> given the <paramref name="done"/> trials before it: null
    /// (every level of its operation) in the curve's trials, else each arm's peak and its neighbours.
    /// </summary>
    public IReadOnlyDictionary<string, IReadOnlyList<int>>? PeakLevelsFor(
        int index,
        IReadOnlyList<TrialArm> arms,
        IReadOnlyList<Trial> done
    ) =>
        CurveTrials is { } curve && index > curve && done.Count >= curve
            ? arms.ToDictionary(
                arm => arm.Name,
                arm => ThroughputPeak.Bracket(done, TrialArm.NameOf(arm.Operation), arm.Target, InFlight[arm.Operation])
            )
            : null;

    /// <summary>
    /// The order of <paramref name="trial"/>'s slices: latency then throughput, operations shuffled, and within an
    /// operation rounds visiting every arm (at each level) in an order drawn per round, so a slow moment falls on all
    /// arms, not on one.
    /// </summary>
    /// <remarks>
    /// <paramref name="levelsOf"/> gives each arm's levels where they are its own (a trial after the curve's); by
    /// default every arm of an operation takes its operation's levels.
    /// </remarks>
    public IReadOnlyList<TrialSlice> OrderOf(
        int trial,
        IReadOnlyList<TrialArm> arms,
        Func<TrialArm, IReadOnlyList<int>>? levelsOf = null
    )
    {
        levelsOf ??= arm => InFlight[arm.Operation];
        var random = new Random(Seed + trial);
        var slices = new List<TrialSlice>();
        foreach (var quantity in new[] { TrialQuantity.Latency, TrialQuantity.Throughput })
        {
            var operations = arms.Select(a => a.Operation).Distinct().ToArray();
            random.Shuffle(operations);
            foreach (var operation in operations)
            {
                for (var round = 0; round < Slices; round++)
                {
                    var turns = arms.Where(a => a.Operation == operation)
                        .SelectMany(arm =>
                            (quantity == TrialQuantity.Latency ? [1] : levelsOf(arm)).Select(n => new TrialSlice(
                                quantity,
                                arm,
                                n
                            ))
                        )
                        .ToArray();
                    random.Shuffle(turns);
                    slices.AddRange(turns);
                }
            }
        }

        return slices;
    }

    /// <summary>
    /// The order of <paramref name="trial"/>'s open-loop slices: operations shuffled, rates from the lightest, arms
    /// drawn per rate.
    /// </summary>
    public IReadOnlyList<(TrialArm Arm, double Fraction)> OpenLoopOrderOf(
        int trial,
        IReadOnlyList<TrialArm> arms,
        OpenLoopPlan openLoop
    )
    {
        // Its own draw, so the open loop leaves the other slices' orders as they were.
        var random = new Random(~(Seed + trial));
        var operations = arms.Select(a => a.Operation).Distinct().ToArray();
        random.Shuffle(operations);
        var slices = new List<(TrialArm, double)>();
        foreach (
            var (operation, fraction) in operations.SelectMany(operation =>
                openLoop.Fractions.Order().Select(fraction => (operation, fraction))
            )
        )
        {
            var turns = arms.Where(a => a.Operation == operation).ToArray();
            random.Shuffle(turns);
            slices.AddRange(turns.Select(arm => (arm, fraction)));
        }

        return slices;
    }

    /// <summary>The plan as the results file holds it: its numbers, which the reports put in words.</summary>
    public TrialPlanResult ToResults() =>
        new(
            Name,
            Trials,
            WarmUpSeconds,
            SegmentSeconds,
            Slices,
            SliceSeconds,
            RampSeconds,
            [.. InFlight.OrderBy(p => p.Key).Select(p => new OperationInFlight(TrialArm.NameOf(p.Key), p.Value))],
            Seed
        )
        {
            Settle =
                SettleCalls > 0
                    ? new TrialsSettle(SettleCalls, JitSettling.MaxSettlePasses, JitSettling.SettledCompilations)
                    : null,
            CollectsAfterSlices = true,
            ServersPerTrial = ServersPerTrial ? true : null,
            Stopping = Stopping,
        };
}

/// <summary>Which quantity a slice measures.</summary>
public enum TrialQuantity
{
    /// <summary>One call in flight: time per call.</summary>
    Latency,

    /// <summary>The operation's calls in flight: calls/s and CPU per call.</summary>
    Throughput,
}

/// <summary>
/// One slice of a trial: an arm measured for one quantity, with <see cref="InFlight"/> calls in flight, for a slice's
/// length.
/// </summary>
public sealed record TrialSlice(TrialQuantity Quantity, TrialArm Arm, int InFlight);

/// <summary>
/// One arm of the headline: a load target (by its command-line name) on one operation; the baseline is REST + JSON.
/// </summary>
public sealed record TrialArm(LoadOperation Operation, string Target)
{
    /// <summary>Every operation's baseline.</summary>
    public const string Baseline = TrialStatistics.Baseline;

    /// <summary>
    /// The transport suite's arms: REST + JSON (HTTP/1.1 and, for the small call, h2c), REST + protobuf, gRPC, and the
    /// large GET as a gRPC stream.
    /// </summary>
    public static IReadOnlyList<TrialArm> Transport { get; } =
    [
        new(LoadOperation.Small, Baseline),
        new(LoadOperation.Small, "rest-json-h2c"),
        new(LoadOperation.Small, "rest-protobuf"),
        new(LoadOperation.Small, "grpc"),
        new(LoadOperation.Large, Baseline),
        new(LoadOperation.Large, "rest-protobuf"),
        new(LoadOperation.Large, "grpc"),
        new(LoadOperation.Large, "grpc-stream"),
        new(LoadOperation.Post, Baseline),
        new(LoadOperation.Post, "rest-protobuf"),
        new(LoadOperation.Post, "grpc"),
    ];

    /// <summary>The transport suite's arms as the benchmarks name them: each operation's name and arm id.</summary>
    public static IReadOnlyList<(string Operation, string Arm)> TransportCases { get; } =
    [.. Transport.Select(arm => (NameOf(arm.Operation), arm.Target))];

    /// <summary>
    /// A <c>--link</c> run's arms: the small GET as REST + JSON over HTTP/1.1 and h2c and as gRPC (where a round trip
    /// is most likely to turn loopback's answer); the large GET and POST as REST + JSON, with gzip, REST + protobuf,
    /// gRPC and gRPC with gzip.
    /// </summary>
    public static IReadOnlyList<TrialArm> Link { get; } =
    [
        new(LoadOperation.Small, Baseline),
        new(LoadOperation.Small, "rest-json-h2c"),
        new(LoadOperation.Small, "grpc"),
        .. new[] { LoadOperation.Large, LoadOperation.Post }.SelectMany(operation =>
            new[] { Baseline, "rest-json-gzip", "rest-protobuf", "grpc", "grpc-gzip" }.Select(target => new TrialArm(
                operation,
                target
            ))
        ),
    ];

    /// <summary>
    /// The styles suite's arms: controllers (baseline), minimal APIs, transcoding, gRPC-Web over HTTP/1.1 and h2c,
    /// gRPC; streams on the large GET.
    /// </summary>
    public static IReadOnlyList<TrialArm> Styles { get; } =
    [
        .. new[] { LoadOperation.Small, LoadOperation.Large, LoadOperation.Post }.SelectMany(operation =>
            new[] { Baseline, "rest-minimal", "grpc-transcoding", "grpc-web", "grpc-web-h2c", "grpc" }.Select(
                target => new TrialArm(operation, target)
            )
        ),
        new(LoadOperation.Large, "grpc-stream"),
        new(LoadOperation.Large, "grpc-web-text"),
    ];

    /// <summary>
    /// The AOT suite's arms: REST + JSON (minimal APIs) and gRPC, from the JIT and Native AOT builds, taking turns
    /// (<see cref="TrialStatistics.AotPairs"/>).
    /// </summary>
    public static IReadOnlyList<TrialArm> Aot { get; } =
    [
        .. new[] { LoadOperation.Small, LoadOperation.Large, LoadOperation.Post }.SelectMany(operation =>
            new[] { "rest-minimal", "grpc", "rest-minimal-aot", "grpc-aot" }.Select(target => new TrialArm(
                operation,
                target
            ))
        ),
    ];

    /// <summary>
    /// <c>--headline --tls</c>'s arms: REST + JSON over TLS with HTTP/1.1 and HTTP/2 and gRPC over TLS, each beside its
    /// cleartext twin in turns (<see cref="TrialStatistics.TlsPairs"/>).
    /// </summary>
    public static IReadOnlyList<TrialArm> Tls { get; } =
    [
        .. new[] { LoadOperation.Small, LoadOperation.Large, LoadOperation.Post }.SelectMany(operation =>
            new[] { "rest-json", "rest-json-h2c", "rest-json-tls-http11", "rest-json-tls", "grpc", "grpc-tls" }.Select(
                target => new TrialArm(operation, target)
            )
        ),
    ];

    /// <summary>"operation/target", as a trial's order and request name the arm.</summary>
    public string Name => $"{NameOf(Operation)}/{Target}";

    /// <summary>The operation's name as load's <c>--mix</c> and the results contract write it.</summary>
    public static string NameOf(LoadOperation operation) => operation.ToString().ToLowerInvariant();
}
