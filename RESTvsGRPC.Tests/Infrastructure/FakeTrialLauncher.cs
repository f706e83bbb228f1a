using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// A trial launcher that answers each request as its script says, in the test's own process: the clock moves on by
/// each trial's seconds, and every request and renewal is kept for the test to read.
/// </summary>
internal sealed class FakeTrialLauncher(
    ManualClock clock,
    Func<TrialRequest, (TrialOutcome Outcome, double Seconds)> script
) : ITrialLauncher
{
    /// <summary>The first process id a renewal hands out: RestAPI's, GrpcAPI's one above it.</summary>
    public const int FirstServerId = 5000;

    /// <summary>Every request the runner sent, in order.</summary>
    public List<TrialRequest> Requests { get; } = [];

    /// <summary>How often the runner renewed the servers.</summary>
    public int Renewals { get; private set; }

    public Task<TrialRequest> RenewServersAsync(TrialRequest request)
    {
        Renewals++;
        var rest = FirstServerId + (2 * Renewals);
        return Task.FromResult(request with { RestProcessId = rest, GrpcProcessId = rest + 1 });
    }

    public Task<TrialOutcome> RunAsync(TrialRequest request)
    {
        Requests.Add(request);
        var (outcome, seconds) = script(request);
        clock.Advance(TimeSpan.FromSeconds(seconds));
        return Task.FromResult(outcome);
    }

    public DelayLineReading? ReadDelayLine() => null;
}

/// <summary>A clock that moves only when the test moves it.</summary>
internal sealed class ManualClock : TimeProvider
{
    private long _ticks;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => _ticks;

    public void Advance(TimeSpan by) => _ticks += by.Ticks;
}
