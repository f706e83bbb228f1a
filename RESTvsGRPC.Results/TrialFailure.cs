using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// A trial that did not end well: its number and its process, which either was stopped after
/// <see cref="StoppedAfterSeconds"/> (it had not finished) or exited with <see cref="ExitCode"/>, the last line it
/// wrote on standard error quoted as written (null where it wrote none).
/// </summary>
public sealed record TrialFailure(
    int Index,
    int ProcessId,
    int? ExitCode,
    double? StoppedAfterSeconds,
    string? LastErrorLine
)
{
    /// <summary>
    /// Where the trial ran to its end but its round-trip link did not hold (<see cref="RoundTripCheck"/>): the check,
    /// and the trial's figures left out; null otherwise.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public RoundTripCheck? LinkFault { get; init; }
}
