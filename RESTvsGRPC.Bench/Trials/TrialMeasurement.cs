using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What one trial process measures, each arm on a warm client of its own, an operation's arms in turns: latency (one
/// call in flight), throughput (calls/s and CPU per call at each level), latency under load (open loop). A failed call
/// fails the trial.
/// </summary>
public sealed class TrialMeasurement(
    TrialRequest request,
    IReadOnlyList<LoadTarget> targets,
    LoadExpectation expected,
    TextWriter log
)
{
    private readonly TrialPlan _plan = request.Plan;

    /// <summary>Measures every arm, slice by slice, in this trial's order.</summary>
    public async Task<Trial> RunAsync()
    {
        var order = _plan.OrderOf(request.Index, request.ArmList, request.LevelsOf);
        var clients = await WarmProcessAsync(request, targets, expected);
        try
        {
            var newConnections = await NewConnectionsAsync();
            if (newConnections.Count > 0)
            {
                // The clients just disposed are collected now, not in the first slice.
                CollectFully();
            }

            var slicesStarted = Stopwatch.GetTimestamp();
            var sums = await SlicesAsync(order, clients);
            var slicesSeconds = Stopwatch.GetElapsedTime(slicesStarted).TotalSeconds;
            await OpenLoopAsync(clients, sums);
            var openLoopSeconds = Stopwatch.GetElapsedTime(slicesStarted).TotalSeconds - slicesSeconds;
            var segments = Segments(sums, newConnections);
            return new Trial(
                Index: request.Index,
                ProcessId: Environment.ProcessId,
                Seed: _plan.Seed + request.Index,
                Order: [.. order.Select(s => s.Arm.Name).Distinct()],
                Segments: segments
            )
            {
                // The bench sets the trial's whole time, servers and process start included.
                Timing = new TrialTiming(0, slicesSeconds, openLoopSeconds),
                LinkReading = request.RoundTripServerAddress is { } server
                    ? TrialLinkReading.Of(LinkNamespace.MinRoundTripsTo(server))
                    : null,
            };
        }
        finally
        {
            Dispose(clients);
        }
    }

    /// <summary>Every slice in the trial's order, each arm's sums; a full collection after each slice.</summary>
    private async Task<Dictionary<TrialArm, ArmSums>> SlicesAsync(
        IReadOnlyList<TrialSlice> order,
        Dictionary<TrialArm, LoadClient> clients
    )
    {
        var sums = request.ArmList.ToDictionary(arm => arm, _ => new ArmSums());
        foreach (var slice in order)
        {
            var (client, sum) = (clients[slice.Arm], sums[slice.Arm]);
            if (slice.Quantity == TrialQuantity.Latency)
            {
                sum.AddLatency(
                    await LatencySliceAsync(client, slice.Arm.Operation, ServerOf(slice.Arm), sum.CallTimes)
                );
            }
            else
            {
                sum.AddThroughput(
                    slice.InFlight,
                    await ThroughputAsync(
                        client,
                        slice.Arm.Operation,
                        slice.InFlight,
                        _plan.RampSeconds,
                        _plan.SliceSeconds,
                        ServerOf(slice.Arm),
                        request.LinkDevice
                    )
                );
            }

            CollectFully();
        }

        return sums;
    }

    /// <summary>Each arm's segment from its sums, with its first answer on a new connection; a log line each.</summary>
    private List<TrialSegment> Segments(
        Dictionary<TrialArm, ArmSums> sums,
        Dictionary<TrialArm, double?> newConnections
    )
    {
        var segments = request
            .ArmList.Select(arm =>
                sums[arm].ToSegment(arm) with
                {
                    NewConnectionNanoseconds = newConnections.GetValueOrDefault(arm),
                }
            )
            .ToList();
        foreach (var segment in segments)
        {
            log.WriteLine(
                $"// trial {request.Index}: {segment.Operation} {segment.Arm}: "
                    + $"{Units.Time(segment.LatencyNanosecondsPerCall)} per call"
                    + $", {segment.CallsPerSecond:0} calls/s at {segment.Concurrency} in flight"
            );
        }

        return segments;
    }

    /// <summary>
    /// Each arm open loop (<see cref="OpenLoopDriver"/>) at the plan's shares of REST + JSON's best calls/s in this
    /// trial, so the rate follows the machine's pace and is the same for every arm.
    /// </summary>
    private async Task OpenLoopAsync(Dictionary<TrialArm, LoadClient> clients, Dictionary<TrialArm, ArmSums> sums)
    {
        if (_plan.OpenLoop is not { } openLoop || !openLoop.Drives(request.Index))
        {
            return;
        }

        foreach (var (arm, fraction) in _plan.OpenLoopOrderOf(request.Index, request.ArmList, openLoop))
        {
            if (sums.GetValueOrDefault(arm with { Target = TrialArm.Baseline })?.BestCallsPerSecond is not { } peak)
            {
                continue;
            }

            var (client, perSecond) = (clients[arm], fraction * peak);
            for (var i = 0; i < TrialPlan.SliceWarmUpCalls; i++)
            {
                await client.CallCheckedAsync(arm.Operation);
            }

            var window = await OpenLoopDriver.RunAsync(
                () => client.CallCheckedAsync(arm.Operation),
                perSecond,
                openLoop.CallsAt(perSecond),
                OpenLoopDrain
            );
            sums[arm].AddOpenLoop(window.ToReading(fraction, perSecond), window.Gaps);
            CollectFully();
        }
    }

    /// <summary>
    /// How long an open-loop window waits for its last answers: a rate the arm holds leaves it nothing to wait for.
    /// </summary>
    private static readonly TimeSpan OpenLoopDrain = TimeSpan.FromSeconds(2);

    /// <summary>
    /// A client per arm, run at its highest concurrency for the warm-up (connections open); then a wait for a quiet
    /// JIT, so no arm is measured while shared code is recompiled; then the settling passes.
    /// </summary>
    internal static async Task<Dictionary<TrialArm, LoadClient>> WarmProcessAsync(
        TrialProcessRequest request,
        IReadOnlyList<LoadTarget> targets,
        LoadExpectation expected
    )
    {
        var (plan, clients) = (request.Plan, new Dictionary<TrialArm, LoadClient>());
        try
        {
            foreach (var arm in request.ArmList)
            {
                var target = targets.Single(t => t.Name == arm.Target);
                var client = new LoadClient(target.Arm, target.Transport, expected);
                clients.Add(arm, client);
                await ThroughputAsync(client, arm.Operation, request.LevelsOf(arm).Max(), plan.WarmUpSeconds, 0, null);
            }

            if (!plan.ProvesThePipeline)
            {
                await JitSettling.WaitForQuietAsync();
            }

            if (plan.SettleCalls > 0)
            {
                await JitSettling.SettleAsync(() => SettlingPassAsync(clients, plan.SettleCalls));
            }

            return clients;
        }
        catch
        {
            Dispose(clients);
            throw;
        }
    }

    /// <summary>
    /// One settling pass (<see cref="JitSettling"/>): every arm makes <paramref name="calls"/> calls one at a time.
    /// </summary>
    private static async Task SettlingPassAsync(Dictionary<TrialArm, LoadClient> clients, int calls)
    {
        foreach (var (arm, client) in clients)
        {
            for (var call = 0; call < calls; call++)
            {
                await client.CallCheckedAsync(arm.Operation);
            }
        }
    }

    /// <summary>
    /// Per client arm, the median time (ns) from a new client's creation to its first small GET's answer over
    /// <see cref="TrialRequest.NewConnections"/> clients: with the code warm, what differs from a cleartext twin is the
    /// handshake.
    /// </summary>
    private async Task<Dictionary<TrialArm, double?>> NewConnectionsAsync()
    {
        var medians = new Dictionary<TrialArm, double?>();
        foreach (var arm in request.NewConnections > 0 ? request.ArmList.DistinctBy(a => a.Target) : [])
        {
            var times = new List<double>();
            for (var i = 0; i < request.NewConnections; i++)
            {
                var start = Stopwatch.GetTimestamp();
                using var client = new LoadClient(Target(arm.Target).Arm, Target(arm.Target).Transport, expected);
                await client.CallCheckedAsync(LoadOperation.Small);
                times.Add(Stopwatch.GetElapsedTime(start).TotalNanoseconds);
            }

            medians[arm] = MedianInterval.MedianOf(times);
        }

        return medians;
    }

    /// <summary>
    /// A full blocking collection and the finalizers it queued, as BenchmarkDotNet makes between iterations.
    /// </summary>
    private static void CollectFully()
    {
        GC.Collect(2, GCCollectionMode.Forced, blocking: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true);
    }

    internal static void Dispose(Dictionary<TrialArm, LoadClient> clients)
    {
        foreach (var client in clients.Values)
        {
            client.Dispose();
        }
    }

    private LoadTarget Target(string name) => targets.Single(t => t.Name == name);

    private int? ServerOf(TrialArm arm) => request.ServerProcessOf(Target(arm.Target).Arm);

    /// <summary>
    /// One call at a time on a warm client for a slice's length, after <see cref="TrialPlan.SliceWarmUpCalls"/>
    /// uncounted calls, each call's time recorded in <paramref name="callTimes"/>.
    /// </summary>
    private async Task<SliceWindow> LatencySliceAsync(
        LoadClient client,
        LoadOperation operation,
        int? serverId,
        LatencyHistogram callTimes
    )
    {
        for (var i = 0; i < TrialPlan.SliceWarmUpCalls; i++)
        {
            await client.CallCheckedAsync(operation);
        }

        var calls = 0L;
        var linkBefore = LinkCounters(request.LinkDevice, serverId);
        var lossBefore = TcpLoss.Read(serverId);
        var start = Stopwatch.GetTimestamp();
        var (gaps, previous) = (new GapRecorder(start), start);
        do
        {
            await client.CallCheckedAsync(operation);
            var now = Stopwatch.GetTimestamp();
            gaps.Completed(now);
            callTimes.Record((long)Stopwatch.GetElapsedTime(previous, now).TotalNanoseconds);
            (previous, calls) = (now, calls + 1);
        } while (
            calls < TrialPlan.MinLatencyCalls || Stopwatch.GetElapsedTime(start).TotalSeconds < _plan.SliceSeconds
        );

        var end = Stopwatch.GetTimestamp();
        return new SliceWindow(
            calls,
            Stopwatch.GetElapsedTime(start, end).TotalSeconds,
            0,
            null,
            Difference(linkBefore, LinkCounters(request.LinkDevice, serverId))
        )
        {
            Gaps = gaps.Read(end) with { Loss = TcpLoss.Between(lossBefore, TcpLoss.Read(serverId)) },
        };
    }

    /// <summary>
    /// <paramref name="concurrency"/> closed-loop callers on one client, counted over <paramref name="seconds"/> after
    /// the warm-up, with this process's and the server's CPU and the link's bytes in the same window.
    /// </summary>
    private static async Task<SliceWindow> ThroughputAsync(
        LoadClient client,
        LoadOperation operation,
        int concurrency,
        double warmUpSeconds,
        double seconds,
        int? serverId,
        string? linkDevice = null
    )
    {
        var completed = 0L;
        var running = true;
        GapRecorder? gaps = null;
        var callers = Enumerable
            .Range(0, concurrency)
            .Select(_ =>
                Task.Run(async () =>
                {
                    while (Volatile.Read(ref running))
                    {
                        await client.CallCheckedAsync(operation);
                        Interlocked.Increment(ref completed);
                        Volatile.Read(ref gaps)?.Completed(Stopwatch.GetTimestamp());
                    }
                })
            )
            .ToArray();
        SliceWindow counted;
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(warmUpSeconds));
            counted = await CountAsync(
                () => Interlocked.Read(ref completed),
                recorder => Volatile.Write(ref gaps, recorder),
                seconds,
                serverId,
                linkDevice
            );
        }
        finally
        {
            Volatile.Write(ref running, false);
            // A caller's failure surfaces here, after every caller has stopped.
            await Task.WhenAll(callers);
        }

        return counted;
    }

    /// <summary>
    /// One counted window of <paramref name="seconds"/> while the callers run: calls, time, both sides' CPU, the link's
    /// bytes, the gaps between completions and TCP's loss.
    /// </summary>
    private static async Task<SliceWindow> CountAsync(
        Func<long> completedCalls,
        Action<GapRecorder> startGaps,
        double seconds,
        int? serverId,
        string? linkDevice
    )
    {
        // The link's bytes are read next to the window's clock, inside it, and the CPU times around both: read
        // outside, a busy machine's slow reads of /proc added bytes the window's seconds did not count.
        var before = (Calls: completedCalls(), Time: Stopwatch.GetTimestamp());
        var recorder = new GapRecorder(before.Time);
        startGaps(recorder);
        var linkBefore = LinkCounters(linkDevice, serverId);
        var lossBefore = TcpLoss.Read(serverId);
        var cpuBefore = (Client: CpuNanoseconds(Environment.ProcessId), Server: CpuNanoseconds(serverId));
        await Task.Delay(TimeSpan.FromSeconds(seconds));
        var linkAfter = LinkCounters(linkDevice, serverId);
        var (calls, time) = (completedCalls(), Stopwatch.GetTimestamp());
        var (clientCpu, serverCpu) = (CpuNanoseconds(Environment.ProcessId), CpuNanoseconds(serverId));
        return new SliceWindow(
            Calls: Math.Max(1, calls - before.Calls),
            Seconds: Stopwatch.GetElapsedTime(before.Time, time).TotalSeconds,
            ClientCpuNanoseconds: clientCpu!.Value - cpuBefore.Client!.Value,
            ServerCpuNanoseconds: serverCpu - cpuBefore.Server,
            LinkBytes: Difference(linkBefore, linkAfter)
        )
        {
            Gaps = recorder.Read(time) with { Loss = TcpLoss.Between(lossBefore, TcpLoss.Read(serverId)) },
        };
    }

    /// <summary>
    /// The bytes that have crossed a <c>--link</c> so far each way, once shaped (<see cref="LinkNamespace.Counters"/>);
    /// null on loopback.
    /// </summary>
    private static (long Sent, long Received)? LinkCounters(string? device, int? serverId) =>
        device is null ? null : LinkNamespace.Counters(device, serverId);

    private static (long Sent, long Received)? Difference(
        (long Sent, long Received)? before,
        (long Sent, long Received)? after
    ) => before is { } from && after is { } to ? (to.Sent - from.Sent, to.Received - from.Received) : null;

    internal static (long Sent, long Received)? Add(
        (long Sent, long Received)? sum,
        (long Sent, long Received)? more
    ) => sum is { } a && more is { } b ? (a.Sent + b.Sent, a.Received + b.Received) : null;

    /// <summary>
    /// Process <paramref name="processId"/>'s CPU time so far, user and kernel, every thread (exited ones too); null
    /// for none.
    /// </summary>
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
