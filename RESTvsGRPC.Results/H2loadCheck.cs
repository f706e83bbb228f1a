using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The outside check: h2load (nghttp2's C client, which parses no answer) driving one arm's request against the same
/// server in the same placement, at the trials' calls/s (<see cref="TargetRequestsPerSecond"/>) or unthrottled (null),
/// and the server CPU per call that implies, beside the trials'.
/// </summary>
public sealed record H2loadCheck(
    string Operation,
    string Arm,
    int Concurrency,
    double? TargetRequestsPerSecond,
    long Requests,
    double RequestsPerSecond,
    double? ServerCpuNanosecondsPerCall,
    double? TrialsServerCpuNanosecondsPerCall,
    H2loadProblem? Problem = null
)
{
    /// <summary>
    /// How far short of the trials' calls/s h2load may fall and still count as running at their pace.
    /// </summary>
    public const double PaceTolerance = 0.05;

    /// <summary>
    /// True for the run at the trials' own rate, the one whose server CPU per call must match theirs.
    /// </summary>
    [JsonIgnore]
    public bool AtTrialsRate => TargetRequestsPerSecond is not null;

    /// <summary>
    /// True for a run at the trials' rate that h2load could not hold (over <see cref="PaceTolerance"/> short): the
    /// server then ran at another pace than in the trials, so its CPU per call is not the figure to compare.
    /// </summary>
    [JsonIgnore]
    public bool ShortOfPace =>
        TargetRequestsPerSecond is { } target && RequestsPerSecond < target * (1 - PaceTolerance);
}
