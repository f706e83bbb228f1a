using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What the trial beside a case read of the case's arm (<see cref="Segment"/>), every arm it timed, in its order,
/// whether it called a server pair started for it (<see cref="FreshServers"/>) rather than the run's, and how many
/// seconds after the case's own process it started (<see cref="SecondsAfterCase"/>), and whether it was the case's own
/// (<see cref="PerCase"/>, <c>--beside-after case</c>) rather than its operation's.
/// </summary>
public sealed record AdjacentReading(TrialSegment Segment, IReadOnlyList<string> Arms, bool FreshServers, double SecondsAfterCase, bool PerCase = false);
