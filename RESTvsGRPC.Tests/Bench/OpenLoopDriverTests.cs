using System.Diagnostics;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The open loop the trials end with: times from each call's intended start, a rate not held said so, a failed
/// call fails the window.</summary>
public sealed class OpenLoopDriverTests
{
    private static readonly LoadExpectation Expected = LoadExpectation.For(
        MeteoriteDataset.Load(RepositoryPaths.CommittedData)
    );

    /// <summary>
    /// GrpcAPI frozen (SIGSTOP) for 300 ms early in 4 s of small GETs (the rest of the window lets it work off the
    /// queue, which took it up to a quarter second more here, and most of a second on a loaded CI machine): driven
    /// open loop at 200 calls/s, every call due during the freeze waits for it, so the 99th percentile holds most of
    /// the 300 ms; one call at a time in a closed loop,
    /// timed from each call's own start, only the call in flight waits, and its 99th percentile stays a call's time.
    /// </summary>
    [LinuxFact]
    public async Task Open_loop_sees_a_server_freeze_in_its_p99_where_a_closed_loop_does_not()
    {
        using var server = await TestServers.StartGrpcAsync();
        using var client = new LoadClient(
            ArmCatalogue.Clients["grpc"],
            HttpTransport.H2c(server.BaseAddress),
            Expected
        );
        await WarmAsync(client);

        var freeze = FreezeAsync(server.Id, TimeSpan.FromMilliseconds(600));
        var open = await OpenLoopDriver.RunAsync(
            () => client.CallCheckedAsync(LoadOperation.Small),
            200,
            800,
            TimeSpan.FromSeconds(5)
        );
        await freeze;
        var reading = open.ToReading(0.5, 200);

        freeze = FreezeAsync(server.Id, TimeSpan.FromMilliseconds(600));
        var closed = await ClosedLoopAsync(client, TimeSpan.FromSeconds(2));
        await freeze;

        Assert.True(reading.Held, $"{reading}");
        Assert.True(
            reading.P99Nanoseconds >= 200e6,
            $"open loop's p99 {reading.P99Nanoseconds / 1e6:0.0} ms does not show the 300-ms freeze"
        );
        Assert.True(
            reading.P50Nanoseconds < 50e6,
            $"open loop median {reading.P50Nanoseconds / 1e6:0.0} ms: "
                + string.Join(
                    ", ",
                    new[] { 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1 }.Select(p =>
                        (OpenLoopWindow.Percentile(open.Latencies, p) / 1e6).ToString("0.0")
                    )
                )
                + $"; late {OpenLoopWindow.Percentile(open.Lateness, 0.5) / 1e6:0.0} "
                + $"{OpenLoopWindow.Percentile(open.Lateness, 0.99) / 1e6:0.0}"
        );
        Assert.True(closed.Count > 400, $"the closed loop made {closed.Count} calls");
        Assert.True(closed.Max() >= 200e6, "the closed loop's call in flight did not wait for the freeze");
        Assert.True(
            OpenLoopWindow.Percentile(closed, 0.99) < 50e6,
            $"closed loop's p99 {OpenLoopWindow.Percentile(closed, 0.99) / 1e6:0.0} ms"
        );
    }

    /// <summary>
    /// A server that answers one call at a time in 20 ms (50 calls/s at most) offered 200 calls/s: the window says the
    /// rate was not held, with what was achieved and the backlog, and its percentiles are not a latency.
    /// </summary>
    [Fact]
    public async Task Open_loop_marks_a_rate_the_server_cannot_hold_with_its_achieved_rate()
    {
        // A server that answers one call per tick of a 20-ms timer: a capacity of 50 calls/s, one call at a time.
        using var ticks = new PeriodicTimer(TimeSpan.FromMilliseconds(20));
        using var oneAtATime = new SemaphoreSlim(1);
        async Task CallAsync()
        {
            await oneAtATime.WaitAsync();
            try
            {
                await ticks.WaitForNextTickAsync();
            }
            finally
            {
                oneAtATime.Release();
            }
        }

        var reading = (await OpenLoopDriver.RunAsync(CallAsync, 200, 100, TimeSpan.FromSeconds(0.5))).ToReading(
            0.8,
            200
        );

        Assert.False(reading.Held);
        Assert.False(reading.IsLatency);
        Assert.InRange(reading.AchievedPerSecond, 1, 60);
        Assert.True(reading.Backlog >= 60, $"{reading}");
        Assert.True(reading.Unanswered > 0, $"{reading}");
    }

    [Fact]
    public async Task Open_loop_fails_the_window_on_a_failed_call()
    {
        var calls = 0;
        Task CallAsync() =>
            Interlocked.Increment(ref calls) == 5
                ? Task.FromException(new LoadValidationException("the fifth answer was wrong"))
                : Task.CompletedTask;

        var error = await Assert.ThrowsAsync<LoadValidationException>(() =>
            OpenLoopDriver.RunAsync(CallAsync, 1000, 20, TimeSpan.FromSeconds(1))
        );
        Assert.Equal("the fifth answer was wrong", error.Message);
    }

    [Fact]
    public async Task Open_loop_fails_the_window_on_a_call_that_fails_after_the_drain()
    {
        var drain = new HeldDrain();
        var late = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var calls = 0;
        async Task CallAsync()
        {
            if (Interlocked.Increment(ref calls) == 20)
            {
                await late.Task;
                throw new LoadValidationException("the last answer was wrong, late");
            }
        }

        var run = OpenLoopDriver.RunAsync(CallAsync, 1000, 20, TimeSpan.FromSeconds(1), drain);
        var endDrain = await drain.Started.Task.WaitAsync(TimeSpan.FromSeconds(10));
        endDrain(); // the drain ends with the last call still out, and only then does that call fail
        late.SetResult();

        var error = await Assert.ThrowsAsync<LoadValidationException>(() => run);
        Assert.Equal("the last answer was wrong, late", error.Message);
    }

    /// <summary>
    /// A clock whose one timer, the drain's, fires only when the test says: <see cref="Started"/> hands the test the
    /// way to end it once the driver has begun to drain.
    /// </summary>
    private sealed class HeldDrain : TimeProvider
    {
        public TaskCompletionSource<Action> Started { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
        {
            Started.TrySetResult(() => callback(state));
            return new HeldTimer();
        }

        private sealed class HeldTimer : ITimer
        {
            public bool Change(TimeSpan dueTime, TimeSpan period) => true;

            public void Dispose() { }

            public ValueTask DisposeAsync() => ValueTask.CompletedTask;
        }
    }

    [Theory]
    [InlineData(0.50, 50)]
    [InlineData(0.90, 90)]
    [InlineData(0.99, 99)]
    [InlineData(1.00, 100)]
    public void Percentile_is_the_nearest_rank(double share, double expected) =>
        Assert.Equal(expected, OpenLoopWindow.Percentile([.. Enumerable.Range(1, 100).Select(i => (double)i)], share));

    private static async Task WarmAsync(LoadClient client)
    {
        for (var i = 0; i < 200; i++)
        {
            await client.CallCheckedAsync(LoadOperation.Small);
        }
    }

    /// <summary>Calls one at a time for <paramref name="length"/>, each timed from its own start, in nanoseconds,
    /// sorted.</summary>
    private static async Task<IReadOnlyList<double>> ClosedLoopAsync(LoadClient client, TimeSpan length)
    {
        var times = new List<double>();
        var start = Stopwatch.GetTimestamp();
        while (Stopwatch.GetElapsedTime(start) < length)
        {
            var call = Stopwatch.GetTimestamp();
            await client.CallCheckedAsync(LoadOperation.Small);
            times.Add(Stopwatch.GetElapsedTime(call).TotalNanoseconds);
        }

        return [.. times.Order()];
    }

    /// <summary>Stops process <paramref name="id"/> after <paramref name="after"/> for 300 ms, then lets it go
    /// on.</summary>
    private static async Task FreezeAsync(int id, TimeSpan after)
    {
        // The freeze is the fault the test plants, a length of time by its nature: a timer schedules its start and end.
        using (var start = new PeriodicTimer(after))
        {
            await start.WaitForNextTickAsync();
        }

        BenchProcess.Signal("STOP", id);
        using (var end = new PeriodicTimer(TimeSpan.FromMilliseconds(300)))
        {
            await end.WaitForNextTickAsync();
        }

        BenchProcess.Signal("CONT", id);
    }
}
