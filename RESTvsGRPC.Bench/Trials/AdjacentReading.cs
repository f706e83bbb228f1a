using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What the trial beside a case read of the case's arm (<see cref="Segment"/>), every arm it timed, in its order, and
/// whether it called a server pair started for it (<see cref="FreshServers"/>) rather than the run's.
/// </summary>
public sealed record AdjacentReading(TrialSegment Segment, IReadOnlyList<string> Arms, bool FreshServers);
