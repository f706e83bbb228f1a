namespace RESTvsGRPC.Bench.Placement;

/// <summary>
/// The one JIT setting the bench gives every process it starts (servers, trials, BenchmarkDotNet's processes): no
/// delay before hot methods are recompiled at their optimized tier. A process pinned to one CPU sees one processor,
/// and .NET then waits ten times longer before that recompilation (a second, restarted by every method compiled in
/// the meantime): measured here, a fresh client on one CPU took 15–20 s to reach its steady state and ran up to three
/// times slower until then. Without the delay the same optimized, profile-guided code arrives within about 3 s; the
/// steady state itself is unchanged (the large GET's REST + JSON client: 2.3–2.5 ms per call either way).
/// </summary>
public static class JitTiering
{
    /// <summary>The runtime's environment variable for the delay, in milliseconds.</summary>
    public const string CallCountingDelayVariable = "DOTNET_TC_CallCountingDelayMs";

    /// <summary>Sets no delay for every process started from here on, unless the user chose a delay of their own.</summary>
    public static void ApplyToChildProcesses()
    {
        if (Environment.GetEnvironmentVariable(CallCountingDelayVariable) is null)
        {
            Environment.SetEnvironmentVariable(CallCountingDelayVariable, "0");
        }
    }

    /// <summary>What the processes the bench starts run with, for the provenance.</summary>
    public static string InForce => Environment.GetEnvironmentVariable(CallCountingDelayVariable) is { } delay
        ? $"JIT: {CallCountingDelayVariable}={delay} in every process the bench starts"
        : "JIT: the runtime's default tiering";
}
