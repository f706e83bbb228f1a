using System.Globalization;
using RESTvsGRPC.Bench.Load;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// How the headline is measured: <see cref="Trials"/> fresh client processes, each measuring every arm in a
/// contiguous segment of <see cref="SegmentSeconds"/> per quantity (latency, then throughput), each after a warm-up of
/// half that; the arms' order drawn per trial from <see cref="Seed"/> and the trial's number.
/// </summary>
public sealed record TrialPlan(string Name, int Trials, double SegmentSeconds, int Seed)
{
    /// <summary>The fewest and most trials a run may ask for.</summary>
    public const int MinTrials = 1;

    /// <summary>The most trials a run may ask for.</summary>
    public const int MaxTrials = 100;

    /// <summary>The shortest and longest segment a run may ask for, seconds.</summary>
    public const double MinSegmentSeconds = 0.05;

    /// <summary>The longest segment a run may ask for, seconds.</summary>
    public const double MaxSegmentSeconds = 60;

    /// <summary>The seed of the trials' orders: trial N draws its order from this plus N.</summary>
    public const int DefaultSeed = 28;

    /// <summary>
    /// A result run: nine trials, the fewest whose exact 95 % interval leaves out the slowest and the fastest trial
    /// (one trial in a worse state cannot widen it), with segments of 0.7 s so the headline stays within six minutes
    /// on two cores (docs/benchmark.md, "The headline", has the measurements behind both numbers).
    /// </summary>
    public static TrialPlan Standard { get; } = new("standard", 9, 0.7, DefaultSeed);

    /// <summary>A first look: six trials (the fewest with a 95 % interval) of quarter-second segments.</summary>
    public static TrialPlan Quick { get; } = new("quick", 6, 0.25, DefaultSeed);

    /// <summary>Proves the pipeline: two trials of 50 ms segments; too few for an interval, and not a result.</summary>
    public static TrialPlan Dry { get; } = new("dry", 2, MinSegmentSeconds, DefaultSeed);

    /// <summary>Calls in flight the calibration tries for the throughput segments, per arm.</summary>
    public static IReadOnlyList<int> ConcurrencyLadder { get; } = [1, 2, 4, 8, 16, 32, 64, 128];

    /// <summary>The share of an arm's best calls/s at which its ladder counts as saturated.</summary>
    public const double SaturationShare = 0.95;

    /// <summary>The gain over the best step so far that counts a step as adding calls/s.</summary>
    public const double LadderGain = 1.05;

    /// <summary>
    /// Steps in a row that add nothing before the ladder stops. Two, because a step is a fraction of a second and one
    /// slow step stopped the ladder on the shoulder of its curve: REST + JSON's small GET saturated "at 1 call in flight"
    /// and was measured at 20,418 calls/s where 16 in flight serve about 46,000.
    /// </summary>
    public const int LadderPatience = 2;

    /// <summary>Whether the ladder has climbed far enough: its last <see cref="LadderPatience"/> steps added nothing.</summary>
    public static bool LadderDone(IReadOnlyList<double> callsPerSecond)
    {
        if (callsPerSecond.Count <= LadderPatience)
        {
            return false;
        }

        var before = callsPerSecond.Take(callsPerSecond.Count - LadderPatience).Max();
        return callsPerSecond.Skip(callsPerSecond.Count - LadderPatience).All(c => c < LadderGain * before);
    }

    /// <summary>The index of the ladder's knee: the first step at <see cref="SaturationShare"/> of its best calls/s.</summary>
    public static int Knee(IReadOnlyList<double> callsPerSecond)
    {
        var best = callsPerSecond.Max();
        return callsPerSecond.Select((c, i) => (c, i)).First(step => step.c >= SaturationShare * best).i;
    }

    /// <summary>The fewest calls a latency segment makes, however short the segment.</summary>
    public const int MinLatencyCalls = 10;

    /// <summary>The warm-up before each segment, seconds: half the segment.</summary>
    public double WarmUpSeconds => SegmentSeconds / 2;

    /// <summary>The order of <paramref name="trial"/>'s segments: operations shuffled, then each operation's arms shuffled.</summary>
    public IReadOnlyList<(LoadOperation Operation, string Arm)> OrderOf(int trial, IReadOnlyList<TrialArm> arms)
    {
        var random = new Random(Seed + trial);
        var operations = arms.Select(a => a.Operation).Distinct().ToArray();
        random.Shuffle(operations);
        var order = new List<(LoadOperation, string)>();
        foreach (var operation in operations)
        {
            var ofOperation = arms.Where(a => a.Operation == operation).Select(a => a.Target).ToArray();
            random.Shuffle(ofOperation);
            order.AddRange(ofOperation.Select(target => (operation, target)));
        }

        return order;
    }

    /// <summary>The plan as a run's provenance states it.</summary>
    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"trials ({Name}): {Trials} fresh client processes, each arm in one contiguous segment per trial ({SegmentSeconds:0.###} s of latency, one call in flight, "
        + $"then {SegmentSeconds:0.###} s of throughput at the arm's saturating concurrency, each after {WarmUpSeconds:0.###} s of warm-up), arms in an order drawn per trial (seed {Seed})");
}

/// <summary>One arm of the headline: a load target (by its command-line name) on one operation; the baseline is REST + JSON.</summary>
public sealed record TrialArm(LoadOperation Operation, string Target)
{
    /// <summary>Every operation's baseline.</summary>
    public const string Baseline = "rest-json";

    /// <summary>The transport suite's arms: REST + JSON (HTTP/1.1 and, for the small call, h2c), REST + protobuf, gRPC, and the large GET as a gRPC stream.</summary>
    public static IReadOnlyList<TrialArm> Transport { get; } =
    [
        new(LoadOperation.Small, Baseline), new(LoadOperation.Small, "rest-json-h2c"), new(LoadOperation.Small, "rest-protobuf"), new(LoadOperation.Small, "grpc"),
        new(LoadOperation.Large, Baseline), new(LoadOperation.Large, "rest-protobuf"), new(LoadOperation.Large, "grpc"), new(LoadOperation.Large, "grpc-stream"),
        new(LoadOperation.Post, Baseline), new(LoadOperation.Post, "rest-protobuf"), new(LoadOperation.Post, "grpc"),
    ];

    /// <summary>
    /// The styles suite's arms: MVC controllers + JSON (the baseline), minimal APIs, JSON transcoding, gRPC-Web binary
    /// over HTTP/1.1 and over h2c, and gRPC on every operation; the large GET also as gRPC's stream and gRPC-Web text's.
    /// </summary>
    public static IReadOnlyList<TrialArm> Styles { get; } =
    [
        .. new[] { LoadOperation.Small, LoadOperation.Large, LoadOperation.Post }.SelectMany(operation =>
            new[] { Baseline, "rest-minimal", "grpc-transcoding", "grpc-web", "grpc-web-h2c", "grpc" }.Select(target => new TrialArm(operation, target))),
        new(LoadOperation.Large, "grpc-stream"), new(LoadOperation.Large, "grpc-web-text"),
    ];

    /// <summary>"operation/target", as a trial's order and request name the arm.</summary>
    public string Name => $"{NameOf(Operation)}/{Target}";

    /// <summary>The operation's name as load's <c>--mix</c> and the results contract write it.</summary>
    public static string NameOf(LoadOperation operation) => operation.ToString().ToLowerInvariant();
}
