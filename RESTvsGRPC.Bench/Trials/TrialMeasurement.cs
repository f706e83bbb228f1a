using System.Diagnostics;
using System.Runtime;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What one trial process measures: every arm in one contiguous segment, with a client of its own made for the
/// segment and warmed up before the clock starts. Latency: one call in flight, time per call. Throughput: a closed
/// loop of the arm's saturating concurrency, calls/s and each side's CPU time per call over the same window. Every call's
/// answer is checked (status, version or record count and id sum); a failed call fails the trial. Whatever the
/// process measures, it first runs every arm once, unrecorded (<see cref="WarmProcessAsync"/>).
/// </summary>
public sealed class TrialMeasurement(TrialRequest request, IReadOnlyList<LoadTarget> targets, LoadExpectation expected, TextWriter log)
{
    private readonly TrialPlan _plan = request.Plan;

    /// <summary>Measures every arm in this trial's order.</summary>
    public async Task<Trial> RunAsync()
    {
        var order = _plan.OrderOf(request.Index, request.ArmList);
        await WarmProcessAsync([.. order.Select(o => new TrialArm(o.Operation, o.Arm))]);
        var segments = new List<TrialSegment>();
        foreach (var (operation, arm) in order)
        {
            var segment = await SegmentAsync(operation, Target(arm), request.ConcurrencyOf(new TrialArm(operation, arm)));
            log.WriteLine($"// trial {request.Index}: {TrialArm.NameOf(operation)} {arm}: {Units.Time(segment.LatencyNanosecondsPerCall)} per call, {segment.CallsPerSecond:0} calls/s at {segment.Concurrency} in flight");
            segments.Add(segment);
        }

        return new Trial(request.Index, Environment.ProcessId, _plan.Seed + request.Index, [.. order.Select(o => new TrialArm(o.Operation, o.Arm).Name)], segments);
    }

    /// <summary>
    /// Each arm's calls/s up the concurrency ladder until <see cref="TrialPlan.LadderDone"/>, and the fewest calls in
    /// flight at which it reached <see cref="TrialPlan.SaturationShare"/> of its best (<see cref="TrialPlan.Knee"/>).
    /// </summary>
    public async Task<IReadOnlyList<ArmConcurrency>> CalibrateAsync()
    {
        await WarmProcessAsync(request.ArmList);
        var result = new List<ArmConcurrency>();
        foreach (var arm in request.ArmList)
        {
            using var client = await WarmClientAsync(arm.Operation, Target(arm.Target));
            var steps = new List<ConcurrencyStep>();
            foreach (var concurrency in TrialPlan.ConcurrencyLadder)
            {
                var window = await ThroughputAsync(client, arm.Operation, concurrency, _plan.SegmentSeconds / 4, _plan.SegmentSeconds / 4, null);
                steps.Add(new ConcurrencyStep(arm.Target, concurrency, window.CallsPerSecond));
                if (TrialPlan.LadderDone(steps.ConvertAll(s => s.CallsPerSecond)))
                {
                    break;
                }
            }

            var knee = steps[TrialPlan.Knee(steps.ConvertAll(s => s.CallsPerSecond))].Concurrency;
            result.Add(new ArmConcurrency(TrialArm.NameOf(arm.Operation), arm.Target, knee, steps));
            log.WriteLine($"// calibration: {arm.Name} saturates at {knee} calls in flight");
        }

        await SettleAsync();
        return result;
    }

    /// <summary>
    /// Every arm one call at a time for a segment's length, unrecorded: after the ladder's many calls in flight the
    /// servers run slower for a few seconds, which belongs to the calibration, not to a trial.
    /// </summary>
    private async Task SettleAsync()
    {
        foreach (var arm in request.ArmList)
        {
            using var client = await WarmClientAsync(arm.Operation, Target(arm.Target));
            var start = Stopwatch.GetTimestamp();
            while (Stopwatch.GetElapsedTime(start).TotalSeconds < _plan.SegmentSeconds)
            {
                await client.CallCheckedAsync(arm.Operation);
            }
        }
    }

    /// <summary>
    /// Load mode's closed loop on every arm at its own concurrency, one arm after another, each for a whole
    /// number of seconds no shorter than a segment after a one-second warm-up: the throughput ratios measured by
    /// another engine (a shared client per arm, load's own validation), to set beside the trials'.
    /// </summary>
    public async Task<IReadOnlyList<LoadCheck>> LoadCheckAsync()
    {
        await WarmProcessAsync(request.ArmList);
        var measured = new List<LoadCheck>();
        foreach (var operation in request.ArmList.Select(a => a.Operation).Distinct())
        {
            double? baseline = null;
            foreach (var arm in request.ArmList.Where(a => a.Operation == operation))
            {
                var concurrency = request.ConcurrencyOf(arm);
                var scenario = LoadScenario.Presets["light"] with
                {
                    Name = $"cross-check of {arm.Name}", Users = concurrency, RampUp = TimeSpan.Zero, Warmup = TimeSpan.FromSeconds(1),
                    Duration = TimeSpan.FromSeconds(Math.Max(1, Math.Ceiling(_plan.SegmentSeconds))), Mix = OperationMix.Parse($"{TrialArm.NameOf(operation)}:100"),
                };
                var result = await LoadRunner.RunAsync(Target(arm.Target), scenario, expected, null, _ => { }, CancellationToken.None);
                if (result.Totals.Errors.Total > 0)
                {
                    throw new InvalidOperationException($"load mode's cross-check of {arm.Name} had {result.Totals.Errors.Total} failed calls.");
                }

                var callsPerSecond = result.Totals.RequestsPerSecond;
                baseline ??= arm.Target == TrialArm.Baseline ? callsPerSecond : null;
                measured.Add(new LoadCheck(TrialArm.NameOf(operation), arm.Target, concurrency, callsPerSecond, arm.Target == TrialArm.Baseline || baseline is not > 0 ? null : callsPerSecond / baseline));
            }
        }

        return measured;
    }

    /// <summary>
    /// Every arm in a closed loop at its concurrency for a warm-up's length, unrecorded, then a pause until
    /// the JIT has compiled nothing for <see cref="JitQuietMilliseconds"/> ms (at most <see cref="JitQuietLimitSeconds"/> s),
    /// so that no arm is measured while the code all arms share is still being recompiled at its optimized tier in the
    /// background (it would make the first arm of each trial the slowest).
    /// </summary>
    private async Task WarmProcessAsync(IReadOnlyList<TrialArm> arms)
    {
        foreach (var arm in arms)
        {
            using var client = new LoadClient(Target(arm.Target).Kind, Target(arm.Target).Transport, expected);
            await ThroughputAsync(client, arm.Operation, request.ConcurrencyOf(arm), _plan.WarmUpSeconds, 0, null);
        }

        var start = Stopwatch.GetTimestamp();
        var compiled = JitInfo.GetCompiledMethodCount();
        while (Stopwatch.GetElapsedTime(start).TotalSeconds < JitQuietLimitSeconds)
        {
            await Task.Delay(JitQuietMilliseconds);
            var now = JitInfo.GetCompiledMethodCount();
            if (now == compiled)
            {
                break;
            }

            compiled = now;
        }
    }

    /// <summary>How long the JIT must have compiled nothing before a trial process starts measuring.</summary>
    public const int JitQuietMilliseconds = 200;

    /// <summary>The longest a trial process waits for the JIT to fall quiet.</summary>
    public const double JitQuietLimitSeconds = 10;

    private LoadTarget Target(string name) => targets.Single(t => t.Name == name);

    private async Task<TrialSegment> SegmentAsync(LoadOperation operation, LoadTarget target, int concurrency)
    {
        using var client = await WarmClientAsync(operation, target);
        var calls = 0L;
        var start = Stopwatch.GetTimestamp();
        do
        {
            await client.CallCheckedAsync(operation);
            calls++;
        }
        while (calls < TrialPlan.MinLatencyCalls || Stopwatch.GetElapsedTime(start).TotalSeconds < _plan.SegmentSeconds);

        var latency = Stopwatch.GetElapsedTime(start).TotalNanoseconds / calls;
        var serverId = target.IsServedByGrpcApi ? request.GrpcProcessId : request.RestProcessId;
        var throughput = await ThroughputAsync(client, operation, concurrency, _plan.WarmUpSeconds, _plan.SegmentSeconds, serverId);
        return new TrialSegment(
            TrialArm.NameOf(operation), target.Name, calls, latency, concurrency, throughput.Calls, throughput.CallsPerSecond,
            throughput.ClientCpuNanoseconds / throughput.Calls, throughput.ServerCpuNanoseconds / throughput.Calls);
    }

    /// <summary>A client of its own for one arm, its connection open and its code paths run for the warm-up's length.</summary>
    private async Task<LoadClient> WarmClientAsync(LoadOperation operation, LoadTarget target)
    {
        var client = new LoadClient(target.Kind, target.Transport, expected);
        var start = Stopwatch.GetTimestamp();
        var calls = 0;
        do
        {
            await client.CallCheckedAsync(operation);
            calls++;
        }
        while (calls < TrialPlan.MinLatencyCalls || Stopwatch.GetElapsedTime(start).TotalSeconds < _plan.WarmUpSeconds);

        return client;
    }

    private sealed record Window(long Calls, double CallsPerSecond, double ClientCpuNanoseconds, double? ServerCpuNanoseconds);

    /// <summary>
    /// <paramref name="concurrency"/> callers on one client, each starting its next call when its last one answered;
    /// counted over <paramref name="seconds"/> after <paramref name="warmUpSeconds"/>, with the CPU time this process
    /// and the server <paramref name="serverId"/> used in the same window.
    /// </summary>
    private static async Task<Window> ThroughputAsync(LoadClient client, LoadOperation operation, int concurrency, double warmUpSeconds, double seconds, int? serverId)
    {
        var completed = 0L;
        var running = true;
        var callers = Enumerable.Range(0, concurrency).Select(_ => Task.Run(async () =>
        {
            while (Volatile.Read(ref running))
            {
                await client.CallCheckedAsync(operation);
                Interlocked.Increment(ref completed);
            }
        })).ToArray();
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(warmUpSeconds));
            var before = (Calls: Interlocked.Read(ref completed), Time: Stopwatch.GetTimestamp(), Client: CpuNanoseconds(Environment.ProcessId), Server: CpuNanoseconds(serverId));
            await Task.Delay(TimeSpan.FromSeconds(seconds));
            var (calls, time, clientCpu, serverCpu) = (Interlocked.Read(ref completed), Stopwatch.GetTimestamp(), CpuNanoseconds(Environment.ProcessId), CpuNanoseconds(serverId));
            var elapsed = Stopwatch.GetElapsedTime(before.Time, time).TotalSeconds;
            var count = Math.Max(1, calls - before.Calls);
            return new Window(count, count / elapsed, clientCpu!.Value - before.Client!.Value, serverCpu - before.Server);
        }
        finally
        {
            Volatile.Write(ref running, false);
            // A caller's failure surfaces here, after every caller has stopped.
            await Task.WhenAll(callers);
        }
    }

    /// <summary>Process <paramref name="processId"/>'s CPU time so far, user and kernel, every thread (exited ones too); null for none.</summary>
    private static double? CpuNanoseconds(int? processId)
    {
        if (processId is not { } id)
        {
            return null;
        }

        using var process = Process.GetProcessById(id);
        return process.TotalProcessorTime.TotalNanoseconds;
    }
}
