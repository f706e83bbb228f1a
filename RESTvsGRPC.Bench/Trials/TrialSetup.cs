using RESTvsGRPC.Bench.Links;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What one run of trials measures: the plan, the arms, the pairs its ratios compare (null: each arm against REST +
/// JSON), the new connections each trial times, and the link (null: loopback).
/// </summary>
public sealed record TrialSetup(
    TrialPlan Plan,
    IReadOnlyList<TrialArm> Arms,
    IReadOnlyList<(string Arm, string Baseline)>? Pairs = null,
    int NewConnections = 0,
    LinkProfile? Link = null
);
