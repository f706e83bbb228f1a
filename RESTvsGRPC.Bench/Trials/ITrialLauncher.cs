using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The trial runner's one door to processes: it runs a trial's client process and reads its answer, renews the
/// servers between trials and reads the delay line; tests hand the runner a fake that answers with chosen trials.
/// </summary>
public interface ITrialLauncher
{
    /// <summary>
    /// Starts fresh servers for the next trial: <paramref name="request"/> reading the new servers' CPU where it did,
    /// as it was where it did not.
    /// </summary>
    Task<TrialRequest> RenewServersAsync(TrialRequest request);

    /// <summary>Runs one trial process for <paramref name="request"/>: its trial, or how it failed.</summary>
    Task<TrialOutcome> RunAsync(TrialRequest request);

    /// <summary>The delay line's counts since its last reading; null without a delay line.</summary>
    DelayLineReading? ReadDelayLine();
}

/// <summary>What one trial process gave: its answer, or (<see cref="Trial"/> null) how it failed.</summary>
public sealed record TrialOutcome(Trial? Trial, TrialFailure? Failure);
