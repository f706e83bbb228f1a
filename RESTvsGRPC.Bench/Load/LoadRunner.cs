using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// Drives one target through a scenario's closed loop of users, sampling processes and wire each second, into a
/// <see cref="TargetResult"/>.
/// </summary>
public sealed class LoadRunner
{
    /// <summary>Seeds each user's draw of operations, so two runs send the same sequence.</summary>
    public const int Seed = 20261122;

    private readonly LoadTarget _target;
    private readonly LoadScenario _scenario;
    private readonly LoadClient[] _clients;
    private readonly WireCounter _counter;
    private readonly CancellationToken _stop;

    private LoadRunner(
        LoadTarget target,
        LoadScenario scenario,
        LoadClient[] clients,
        WireCounter counter,
        CancellationToken stop
    )
    {
        _target = target;
        _scenario = scenario;
        _clients = clients;
        _counter = counter;
        _stop = stop;
    }

    /// <summary>What the progress line shows once a second.</summary>
    public sealed record Progress(
        string Target,
        int Second,
        string Phase,
        TimeSpan Planned,
        long RequestsLastSecond,
        double P99LastSecond,
        long Errors,
        double ClientCpuPercent
    );

    /// <summary>The shortest tenth of the measured span the drift is judged on, seconds.</summary>
    public const int MinDriftTenthSeconds = 10;

    /// <summary>
    /// Runs <paramref name="target"/> through <paramref name="scenario"/> against the server process
    /// <paramref name="serverProcessId"/> (null: not sampled).
    /// </summary>
    public static async Task<TargetResult> RunAsync(
        LoadTarget target,
        LoadScenario scenario,
        LoadExpectation expected,
        int? serverProcessId,
        Action<Progress> progress,
        CancellationToken stop
    )
    {
        var counter = new WireCounter();
        var transport = target.Transport with { Counter = counter };
        var clients = scenario.Connections == ConnectionMode.Shared ? 1 : Math.Max(1, scenario.Users);
        var runner = new LoadRunner(
            target,
            scenario,
            [.. Enumerable.Range(0, clients).Select(_ => new LoadClient(target.Arm, transport, expected))],
            counter,
            stop
        );
        try
        {
            return await runner.RunAsync(serverProcessId, progress);
        }
        finally
        {
            foreach (var client in runner._clients)
            {
                client.Dispose();
            }
        }
    }

    private async Task<TargetResult> RunAsync(int? serverProcessId, Action<Progress> progress)
    {
        // Connections are opened before the clock starts: set-up is not what a load run measures.
        await Task.WhenAll(_clients.Select(client => client.CallAsync(LoadOperation.Small, _scenario.Timeout)));
        _counter.Reset();

        using var client = ProcessSampler.Current();
        using var server = ProcessSampler.Of(serverProcessId);
        // The last calls may end up to a timeout after the planned end.
        var seconds =
            (int)Math.Ceiling(_scenario.TargetTime.TotalSeconds)
            + 1
            + (int)Math.Ceiling(_scenario.Timeout.TotalSeconds);
        var start = Stopwatch.GetTimestamp();
        var recorder = new LoadRecorder(start, seconds);
        var samples = new (long Sent, long Received, ProcessReading? Client, ProcessReading? Server)?[seconds];

        using var sampling = new CancellationTokenSource();
        var sampler = SampleAsync(recorder, samples, client, server, progress, sampling.Token);
        await Task.WhenAll(Enumerable.Range(0, _scenario.Users).Select(user => UserAsync(user, recorder, start)));

        sampling.Cancel();
        await sampler;
        var end = recorder.SecondOf(Stopwatch.GetTimestamp());
        samples[end] ??= Reading(client, server);
        return Result(recorder, samples, end);
    }

    /// <summary>
    /// A closed-loop user: starts at its share of the ramp-up, then calls, waits for the answer, thinks, and calls
    /// again until the end.
    /// </summary>
    private async Task UserAsync(int user, LoadRecorder recorder, long start)
    {
        var client = _clients[user % _clients.Length];
        var random = new Random(Seed + user);
        var end = start + Ticks(_scenario.TargetTime);
        try
        {
            await Task.Delay(_scenario.RampUp * user / _scenario.Users, _stop);
            while (!_stop.IsCancellationRequested)
            {
                var began = Stopwatch.GetTimestamp();
                if (began >= end)
                {
                    break;
                }

                var outcome = await client.CallAsync(_scenario.Mix.Pick(random.NextDouble()), _scenario.Timeout);
                var ended = Stopwatch.GetTimestamp();
                recorder.Record(ended, Nanoseconds(began, ended), outcome);
                if (_scenario.ThinkTime > TimeSpan.Zero)
                {
                    await Task.Delay(_scenario.ThinkTime, _stop);
                }
            }
        }
        catch (OperationCanceledException) when (_stop.IsCancellationRequested)
        {
            // Ctrl+C: the user stops; what it measured stays counted.
        }
    }

    /// <summary>
    /// Once a second: bytes on the wire, the processes' resources, and the progress line, for the second that just
    /// ended.
    /// </summary>
    private async Task SampleAsync(
        LoadRecorder recorder,
        (long Sent, long Received, ProcessReading? Client, ProcessReading? Server)?[] samples,
        ProcessSampler client,
        ProcessSampler? server,
        Action<Progress> progress,
        CancellationToken done
    )
    {
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1));
        var reported = -1;
        try
        {
            while (await timer.WaitForNextTickAsync(done))
            {
                var now = Stopwatch.GetTimestamp();
                var second = Math.Max(0, recorder.SecondOf(now) - 1);
                var reading = Reading(client, server);
                // Timer ticks drift: a second read twice keeps both readings' bytes.
                samples[second] = samples[second] is { } earlier
                    ? reading with
                    {
                        Sent = reading.Sent + earlier.Sent,
                        Received = reading.Received + earlier.Received,
                    }
                    : reading;
                var errors = recorder.Errors(0, recorder.Seconds);
                // Each second once, in order: a late tick reports the second it skipped from the recorder, which has
                // it.
                for (; reported < second; reported++)
                {
                    var s = reported + 1;
                    progress(
                        new Progress(
                            _target.Name,
                            s + 1,
                            Phase(s),
                            _scenario.TargetTime,
                            recorder.Count(CallOutcome.Ok, s, s + 1),
                            recorder.Latencies(s, s + 1).Percentile(99),
                            errors,
                            reading.Client?.CpuPercent ?? 0
                        )
                    );
                }
            }
        }
        catch (OperationCanceledException)
        {
            // The run ended.
        }
    }

    private string Phase(int second) =>
        second < _scenario.RampUp.TotalSeconds ? "ramp-up"
        : second < _scenario.MeasuredFrom.TotalSeconds ? "warm-up"
        : "measured";

    private (long Sent, long Received, ProcessReading? Client, ProcessReading? Server) Reading(
        ProcessSampler client,
        ProcessSampler? server
    )
    {
        var (sent, received) = (_counter.Sent, _counter.Received);
        _counter.Reset();
        return (sent, received, client.Read(), server?.Read());
    }

    private TargetResult Result(
        LoadRecorder recorder,
        (long Sent, long Received, ProcessReading? Client, ProcessReading? Server)?[] samples,
        int lastSecond
    )
    {
        var series = Series(recorder, samples, lastSecond);

        // The measured span: after the ramp-up and the warm-up, up to the planned end.
        // Calls still in flight at the end land after it; their errors still count, below.
        var from = (int)Math.Ceiling(_scenario.MeasuredFrom.TotalSeconds);
        var to = Math.Max(Math.Min(lastSecond + 1, (int)Math.Ceiling(_scenario.TargetTime.TotalSeconds)), from + 1);
        var totals = Totals(recorder, series, from, to);
        var version = _clients[0].LastResponseVersion is { } v
            ? $"HTTP/{(v.Major == 1 ? "1.1" : v.Major.ToString(System.Globalization.CultureInfo.InvariantCulture))}"
            : "unknown";
        return new TargetResult(
            Name: _target.Name,
            Description: _target.Description,
            HttpVersion: version,
            SharedClient: _scenario.Connections == ConnectionMode.Shared,
            Clients: _clients.Length,
            Totals: totals,
            Drift: DriftOf(recorder, from, to),
            Series: series
        );
    }

    /// <summary>A sample per second of the target's run: answers, errors, percentiles, bytes, processes.</summary>
    private static List<SecondSample> Series(
        LoadRecorder recorder,
        (long Sent, long Received, ProcessReading? Client, ProcessReading? Server)?[] samples,
        int lastSecond
    )
    {
        var series = new List<SecondSample>();
        for (var second = 0; second <= lastSecond; second++)
        {
            var latency = recorder.Latencies(second, second + 1);
            var sample = samples[second];
            series.Add(
                new SecondSample(
                    Second: second,
                    Requests: latency.Count,
                    Errors: recorder.Errors(second, second + 1),
                    P50: latency.Percentile(50),
                    P99: latency.Percentile(99),
                    SentBytes: sample?.Sent ?? 0,
                    ReceivedBytes: sample?.Received ?? 0,
                    ClientCpuPercent: sample?.Client?.CpuPercent,
                    ClientResidentBytes: sample?.Client?.ResidentBytes,
                    ServerCpuPercent: sample?.Server?.CpuPercent,
                    ServerResidentBytes: sample?.Server?.ResidentBytes,
                    ServerThreads: sample?.Server?.Threads,
                    ServerHandles: sample?.Server?.Handles
                )
            );
        }

        return series;
    }

    /// <summary>The measured span's totals, from second <paramref name="from"/> up to <paramref name="to"/>.</summary>
    private static TargetTotals Totals(LoadRecorder recorder, List<SecondSample> series, int from, int to)
    {
        var measured = series.Where(s => s.Second >= from && s.Second < to).ToList();
        var seconds = Math.Max(1, measured.Count);
        var latencies = recorder.Latencies(from, to);
        var errors = new ErrorCounts(
            recorder.Count(CallOutcome.Status, 0, recorder.Seconds),
            recorder.Count(CallOutcome.Timeout, 0, recorder.Seconds),
            recorder.Count(CallOutcome.Validation, 0, recorder.Seconds),
            recorder.Count(CallOutcome.Transport, 0, recorder.Seconds)
        );
        var serverCpu = measured
            .Where(s => s.ServerCpuPercent is not null)
            .Select(s => s.ServerCpuPercent!.Value)
            .ToList();
        var clientCpu = measured.Select(s => s.ClientCpuPercent).OfType<double>().DefaultIfEmpty(0).ToList();
        return new TargetTotals(
            MeasuredSeconds: measured.Count,
            Requests: latencies.Count,
            RequestsPerSecond: latencies.Count / (double)seconds,
            Latency: latencies.Summary(),
            Errors: errors,
            SentBytesPerSecond: measured.Sum(s => s.SentBytes) / (double)seconds,
            ReceivedBytesPerSecond: measured.Sum(s => s.ReceivedBytes) / (double)seconds,
            ClientCpuPercent: clientCpu.Average(),
            ClientCpuPercentMax: clientCpu.Max(),
            ClientPeakResidentBytes: series.Select(s => s.ClientResidentBytes).OfType<long>().DefaultIfEmpty(0).Max(),
            ServerCpuPercent: serverCpu.Count > 0 ? serverCpu.Average() : null,
            ServerPeakResidentBytes: series.Any(s => s.ServerResidentBytes is not null)
                ? series.Max(s => s.ServerResidentBytes ?? 0)
                : null
        )
        {
            // Many calls are in flight and users may think between them: a stall spans 100 mean spacings of answers.
            Gaps = recorder.Gaps(
                from,
                to,
                StallRule.ThresholdMilliseconds(seconds * 1000.0 / Math.Max(1, latencies.Count))
            ),
        };
    }

    /// <summary>
    /// The first tenth of the measured span against the last; null where a tenth is too short to judge.
    /// </summary>
    private Drift? DriftOf(LoadRecorder recorder, int from, int to)
    {
        // A tenth shorter than 10 s is a handful of samples: its rate and p99 say more about the second than the run.
        var tenth = (to - from) / 10;
        return tenth >= MinDriftTenthSeconds
            ? new Drift(
                recorder.Latencies(from, from + tenth).Count / (double)tenth,
                recorder.Latencies(to - tenth, to).Count / (double)tenth,
                recorder.Latencies(from, from + tenth).Percentile(99),
                recorder.Latencies(to - tenth, to).Percentile(99)
            )
            : null;
    }

    private static long Ticks(TimeSpan span) => (long)(span.TotalSeconds * Stopwatch.Frequency);

    private static long Nanoseconds(long from, long to) => (long)((to - from) * (1e9 / Stopwatch.Frequency));
}
