using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>What the trial beside a case read of the case's arm (<see cref="Segment"/>), and every arm it timed, in its order.</summary>
public sealed record AdjacentReading(TrialSegment Segment, IReadOnlyList<string> Arms);
