using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Paired;

/// <summary>
/// The paired rounds, a diagnostic beside the trials: in one process, over the transport suite's own long-lived
/// clients and benchmark bodies, each operation runs in rounds; in a round every arm (and every transport floor)
/// makes <see cref="CallsPerRound"/> calls, the arms taking turns call by call in an order shuffled at each
/// turn with a fixed seed, and the round's ratio is taken from its own calls.
/// An operation stops when every ratio's 95 % interval is within ±<see cref="TargetHalfWidth"/> of its median, or
/// when its time budget ends; the result says which.
/// </summary>
public static class PairedMeasurement
{
    /// <summary>The seed of the per-round shuffles: the same order of arms on every run.</summary>
    public const int Seed = 18;

    /// <summary>Calls of each arm per round, as BenchmarkDotNet's smaller batch.</summary>
    public const int CallsPerRound = 100;

    /// <summary>
    /// Calls an arm makes in a row before another arm's turn: one. A small call's time follows where the scheduler
    /// puts the two ends' threads, which changes from one few-millisecond stretch to the next: arms that take turns
    /// batch by batch would meet different machines, arms that take turns call by call meet the same one.
    /// </summary>
    public const int CallsPerStep = 1;

    /// <summary>The fewest rounds before the stopping rule is asked: an interval of fewer rounds is wide and could close by luck.</summary>
    public const int MinimumRounds = 10;

    /// <summary>The interval half width, relative to the median, at which an operation has measured enough.</summary>
    public const double TargetHalfWidth = 0.03;

    /// <summary>How long an operation may take at most, how many unrecorded rounds warm it up, and how many rounds it may take.</summary>
    public sealed record Plan(string Name, TimeSpan BudgetPerOperation, int WarmUpRounds, int MaxRounds)
    {
        /// <summary>A result run: a minute per operation at most, after three warm-up rounds.</summary>
        public static Plan Standard { get; } = new("standard", TimeSpan.FromSeconds(60), 3, 2000);

        /// <summary>The quick profile: twenty seconds per operation.</summary>
        public static Plan Quick { get; } = new("quick", TimeSpan.FromSeconds(20), 2, 2000);

        /// <summary>A dry run proves the pipeline: one warm-up round and the minimum of rounds; its times are not results.</summary>
        public static Plan Dry { get; } = new("dry", TimeSpan.FromSeconds(60), 1, MinimumRounds);

        /// <summary>The plan as a run's provenance states it.</summary>
        public override string ToString() =>
            $"paired rounds ({Name}): {CallsPerRound} calls per arm per round, arms taking turns call by call (seed {Seed}), {WarmUpRounds} warm-up rounds, "
            + $"{MinimumRounds} to {MaxRounds} rounds until every interval is within ±{TargetHalfWidth:0%} or {BudgetPerOperation.TotalSeconds:0} s per operation";
    }

    /// <summary>
    /// Small calls each arm makes back to back, after the rounds, to split a call's time into CPU and waiting: enough
    /// that the OS's CPU accounting (10 ms ticks on Linux) reads a few hundred milliseconds per arm, to within ±5 %.
    /// </summary>
    public const int BackToBackCalls = 2000;

    private sealed record RoundArm(string Method, Arm Catalogued, PairedRole Role, Func<Task> Call, int? ServerProcessId, double? RequestBytes = null, double? ResponseBytes = null)
    {
        public List<double> Times { get; } = [];

        public double Elapsed { get; set; }

        public CallCost? Cost { get; set; }
    }

    /// <summary>
    /// Measures every operation of <paramref name="benchmarks"/> (set up with <c>Calls</c> = <see cref="CallsPerStep"/>
    /// and validated by the caller). The small call also runs REST + JSON over h2c from <paramref name="httpVersions"/>
    /// where the servers offer it, times <paramref name="floor"/>'s exchanges with each arm's byte counts from
    /// <paramref name="wire"/>, and ends with the back-to-back cost pass against each arm's server (<paramref name="serverOf"/>).
    /// </summary>
    public static async Task<IReadOnlyList<PairedOperation>> RunAsync(
        TransportBenchmarks benchmarks, HttpVersionBenchmarks? httpVersions, TransportFloor? floor, IReadOnlyList<WireBytes> wire, Func<Arm, int?> serverOf, Plan plan, TextWriter output)
    {
        var random = new Random(Seed);
        var results = new List<PairedOperation>();
        var connections = new List<TransportFloor.Connection>();
        try
        {
            foreach (var operation in new[] { OperationNames.Small, OperationNames.Large, OperationNames.Post })
            {
                var arms = ArmsOf(benchmarks, operation, serverOf);
                if (operation == OperationNames.Small && httpVersions is not null)
                {
                    // REST over HTTP/2 beside gRPC: what of gRPC's small call is HTTP/2's, on the same client stack.
                    arms.AddRange(ArmsOf(httpVersions, operation, serverOf).Where(a => a.Method == nameof(HttpVersionBenchmarks.RestH2cGetSmallPayload))
                        .Select(a => a with { Role = PairedRole.Compared }));
                }

                if (operation == OperationNames.Small && floor is not null)
                {
                    foreach (var arm in arms.ToList())
                    {
                        if (wire.FirstOrDefault(w => w.Benchmark == arm.Method) is { } bytes)
                        {
                            var connection = await floor.ConnectAsync((int)Math.Round(bytes.SentPerCall), (int)Math.Round(bytes.ReceivedPerCall));
                            connections.Add(connection);
                            arms.Add(new RoundArm(arm.Method, arm.Catalogued, PairedRole.Floor, connection.ExchangeAsync, floor.ProcessId, connection.RequestBytes, connection.ResponseBytes));
                        }
                    }
                }

                var result = await MeasureAsync(operation, arms, plan, random);
                if (operation == OperationNames.Small)
                {
                    await MeasureCostsAsync(arms);
                    result = result with { Arms = [.. result.Arms.Zip(arms, (measured, arm) => measured with { BackToBack = arm.Cost })] };
                }

                results.Add(result);
                output.WriteLine($"// paired: {Describe(result)}");
            }
        }
        finally
        {
            connections.ForEach(c => c.Dispose());
        }

        return results;
    }

    /// <summary>
    /// The API styles' ratios: every operation of <paramref name="styles"/> (set up with <c>Calls</c> =
    /// <see cref="CallsPerStep"/> and validated by the caller) in rounds as the headline's, controllers + JSON the baseline.
    /// </summary>
    public static async Task<IReadOnlyList<PairedOperation>> RunStylesAsync(StylesBenchmarks styles, Plan plan, TextWriter output)
    {
        var random = new Random(Seed);
        var results = new List<PairedOperation>();
        foreach (var operation in new[] { OperationNames.Small, OperationNames.Large, OperationNames.Post })
        {
            var result = await MeasureAsync(operation, ArmsOf(styles, operation, _ => null), plan, random);
            results.Add(result);
            output.WriteLine($"// paired, API styles: {Describe(result)}");
        }

        return results;
    }

    private static async Task<PairedOperation> MeasureAsync(string operation, List<RoundArm> arms, Plan plan, Random random)
    {
        for (var i = 0; i < plan.WarmUpRounds * CallsPerRound; i++)
        {
            foreach (var arm in arms)
            {
                await arm.Call();
            }
        }

        var started = Stopwatch.GetTimestamp();
        var order = arms.ToArray();
        var rounds = 0;
        PairedStop? stoppedBy;
        while (true)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            for (var step = 0; step < CallsPerRound; step++)
            {
                random.Shuffle(order);
                for (var i = 0; i < order.Length; i++)
                {
                    var start = Stopwatch.GetTimestamp();
                    await order[i].Call();
                    order[i].Elapsed += Stopwatch.GetElapsedTime(start).TotalNanoseconds;
                }
            }

            foreach (var arm in arms)
            {
                arm.Times.Add(arm.Elapsed / CallsPerRound);
                arm.Elapsed = 0;
            }

            rounds++;
            var result = Result(operation, arms, rounds, null, Stopwatch.GetElapsedTime(started));
            if (rounds >= MinimumRounds && result.Compared.All(arm => result.RatioOf(arm)!.RelativeHalfWidth <= TargetHalfWidth))
            {
                stoppedBy = new PairedStop(PairedStopReason.Precision, TargetHalfWidth);
                break;
            }

            if (rounds >= plan.MaxRounds)
            {
                stoppedBy = new PairedStop(PairedStopReason.RoundLimit, plan.MaxRounds);
                break;
            }

            if (rounds >= MinimumRounds && Stopwatch.GetElapsedTime(started) >= plan.BudgetPerOperation)
            {
                stoppedBy = new PairedStop(PairedStopReason.TimeBudget, plan.BudgetPerOperation.TotalSeconds);
                break;
            }
        }

        return Result(operation, arms, rounds, stoppedBy, Stopwatch.GetElapsedTime(started));
    }

    /// <summary>
    /// Each arm's calls back to back, with the CPU time this process and the arm's server (or echo process) ran
    /// meanwhile: what of a call is work on either side, and what is waiting for the other to wake up.
    /// </summary>
    private static async Task MeasureCostsAsync(List<RoundArm> arms)
    {
        foreach (var arm in arms.Where(a => a.ServerProcessId is not null))
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            using var self = Process.GetCurrentProcess();
            using var server = Process.GetProcessById(arm.ServerProcessId!.Value);
            var (clientBefore, serverBefore) = (self.TotalProcessorTime, server.TotalProcessorTime);
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < BackToBackCalls; i++)
            {
                await arm.Call();
            }

            var elapsed = Stopwatch.GetElapsedTime(start).TotalNanoseconds;
            self.Refresh();
            server.Refresh();
            arm.Cost = new CallCost(
                elapsed / BackToBackCalls,
                (self.TotalProcessorTime - clientBefore).TotalNanoseconds / BackToBackCalls,
                (server.TotalProcessorTime - serverBefore).TotalNanoseconds / BackToBackCalls);
        }
    }

    private static PairedOperation Result(string operation, List<RoundArm> arms, int rounds, PairedStop? stoppedBy, TimeSpan elapsed) => new(
        operation, CallsPerRound, rounds, stoppedBy, elapsed.TotalSeconds,
        [.. arms.Select(a => new PairedArm(a.Method, a.Catalogued.Id, a.Role, [.. a.Times], a.RequestBytes, a.ResponseBytes))])
    {
        BackToBackCalls = BackToBackCalls,
    };

    /// <summary>A benchmark class's bodies of one operation, the baseline first.</summary>
    private static List<RoundArm> ArmsOf(object benchmarks, string operation, Func<Arm, int?> serverOf) =>
    [
        .. benchmarks.GetType().GetMethods()
            .Select(method => (Method: method, Benchmark: method.GetCustomAttribute<BenchmarkAttribute>(), Category: method.GetCustomAttribute<BenchmarkCategoryAttribute>()))
            .Where(m => m.Benchmark is not null && m.Category?.Categories.Contains(operation) == true)
            .OrderByDescending(m => m.Benchmark!.Baseline)
            .Select(m => new RoundArm(
                m.Method.Name,
                BenchmarkArms.Of(m.Method),
                m.Benchmark!.Baseline ? PairedRole.Baseline : PairedRole.Compared,
                // A delegate bound once, so the timed region holds the call and no reflection.
                (Func<Task>)Delegate.CreateDelegate(typeof(Func<Task>), benchmarks, m.Method),
                serverOf(BenchmarkArms.Of(m.Method)))),
    ];

    private static string Describe(PairedOperation result)
    {
        var ratios = result.Compared.Select(arm => (Arm: arm, Ratio: result.RatioOf(arm)))
            .Select(r => r.Ratio is { } ratio
                ? $"{ArmCatalogue.All[r.Arm.Arm].Name} {Units.Ratio(ratio.Median)} [{Units.Ratio(ratio.Lower)}, {Units.Ratio(ratio.Upper)}]"
                : ArmCatalogue.All[r.Arm.Arm].Name);
        return $"{result.Operation}: {result.Rounds} rounds in {result.Seconds.ToString("0.0", CultureInfo.InvariantCulture)} s, stopped by {PairedStopText.Of(result.StoppedBy)}; "
            + $"REST + JSON's time over {string.Join(", ", ratios)}";
    }
}
