namespace RESTvsGRPC.Bench.Placement;

/// <summary>
/// The one JIT setting the bench gives every process it starts (servers, trials, BenchmarkDotNet's processes): no
/// delay before hot methods are recompiled at their optimized tier. A process pinned to one CPU sees one processor,
/// and .NET then waits ten times longer before that recompilation, restarted by every method compiled meanwhile, so a
/// fresh client would spend its first seconds measuring the JIT; the steady state itself is the same either way.
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
}
