using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One arm's calls in flight: the levels its throughput slices were measured at (<see cref="Levels"/>, its operation's,
/// the same for every arm of it) and its peak among them (<see cref="Concurrency"/>: the level its throughput was
/// taken at in most trials, which load mode's and h2load's checks use).
/// </summary>
public sealed record ArmConcurrency(string Operation, string Arm, int Concurrency)
{
    /// <summary>
    /// The levels the trials measured the arm at; null in a results file that had one only (<see cref="Concurrency"/>).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<int>? Levels { get; init; }
}
