namespace RESTvsGRPC.Bench.Jit;

/// <summary>
/// The one JIT setting of every process the bench starts: no delay before tier-up. Pinned to one CPU, .NET waits ten
/// times longer, so a fresh client would measure the JIT for seconds; the steady state is the same.
/// </summary>
public static class JitTiering
{
    /// <summary>The runtime's environment variable for the delay, in milliseconds.</summary>
    public const string CallCountingDelayVariable = "DOTNET_TC_CallCountingDelayMs";

    /// <summary>
    /// Sets no delay for every process started from here on, unless the user chose a delay of their own.
    /// </summary>
    public static void ApplyToChildProcesses()
    {
        if (Environment.GetEnvironmentVariable(CallCountingDelayVariable) is null)
        {
            Environment.SetEnvironmentVariable(CallCountingDelayVariable, "0");
        }
    }
}
