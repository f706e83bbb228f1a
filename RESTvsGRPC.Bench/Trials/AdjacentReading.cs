using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What the trial beside a case read of the case's arm (<see cref="Segment"/>), every arm it timed, in its order, and
/// how many seconds after the case's own process it started (<see cref="SecondsAfterCase"/>).
/// </summary>
public sealed record AdjacentReading(TrialSegment Segment, IReadOnlyList<string> Arms, double SecondsAfterCase);
