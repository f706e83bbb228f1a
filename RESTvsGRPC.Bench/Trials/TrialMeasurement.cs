using System.Diagnostics;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Reports;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What one trial process measures: every arm in one contiguous segment, with a client of its own made for the
/// segment and warmed up before the clock starts. Latency: one call in flight, time per call. Throughput: a closed
/// loop of the operation's concurrency, calls/s and each side's CPU time per call over the same window. Every call's
/// answer is checked (status, version or record count and id sum); a failed call fails the trial.
/// </summary>
public sealed class TrialMeasurement(TrialRequest request, IReadOnlyList<LoadTarget> targets, LoadExpectation expected, TextWriter log)
{
    private readonly TrialPlan _plan = request.Plan;

    /// <summary>Measures every arm in this trial's order.</summary>
    public async Task<Trial> RunAsync()
    {
        var order = _plan.OrderOf(request.Index, request.ArmList);
        var segments = new List<TrialSegment>();
        foreach (var (operation, arm) in order)
        {
            var segment = await SegmentAsync(operation, Target(arm), request.ConcurrencyOf(operation));
            log.WriteLine($"// trial {request.Index}: {TrialArm.NameOf(operation)} {arm}: {Units.Time(segment.LatencyNanosecondsPerCall)} per call, {segment.CallsPerSecond:0} calls/s at {segment.Concurrency} in flight");
            segments.Add(segment);
        }

        return new Trial(request.Index, Environment.ProcessId, _plan.Seed + request.Index, [.. order.Select(o => $"{TrialArm.NameOf(o.Operation)}/{o.Arm}")], segments);
    }

    /// <summary>
    /// Each arm's calls/s up the concurrency ladder until a step adds less than 5 %; per operation, the most calls in
    /// flight any of its arms needed to reach <see cref="TrialPlan.SaturationShare"/> of its best.
    /// </summary>
    public async Task<IReadOnlyList<OperationConcurrency>> CalibrateAsync()
    {
        var result = new List<OperationConcurrency>();
        foreach (var operation in request.ArmList.Select(a => a.Operation).Distinct())
        {
            var ladder = new List<ConcurrencyStep>();
            var knees = new List<int>();
            foreach (var arm in request.ArmList.Where(a => a.Operation == operation))
            {
                using var client = await WarmClientAsync(operation, Target(arm.Target));
                var steps = new List<ConcurrencyStep>();
                foreach (var concurrency in TrialPlan.ConcurrencyLadder)
                {
                    var window = await ThroughputAsync(client, operation, concurrency, _plan.SegmentSeconds / 4, _plan.SegmentSeconds / 4, null);
                    steps.Add(new ConcurrencyStep(arm.Target, concurrency, window.CallsPerSecond));
                    if (steps.Count > 1 && window.CallsPerSecond < 1.05 * steps.SkipLast(1).Max(s => s.CallsPerSecond))
                    {
                        break;
                    }
                }

                var best = steps.Max(s => s.CallsPerSecond);
                knees.Add(steps.First(s => s.CallsPerSecond >= TrialPlan.SaturationShare * best).Concurrency);
                ladder.AddRange(steps);
            }

            result.Add(new OperationConcurrency(TrialArm.NameOf(operation), knees.Max(), ladder));
            log.WriteLine($"// calibration: {TrialArm.NameOf(operation)} saturates at {knees.Max()} calls in flight");
        }

        await SettleAsync();
        return result;
    }

    /// <summary>
    /// Every arm one call at a time for a segment's length, unrecorded: after the ladder's many calls in flight the
    /// servers run slower for a few seconds (the first arms of the first trial took up to 2.3 times their median), and
    /// that belongs to the calibration, not to a trial.
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
