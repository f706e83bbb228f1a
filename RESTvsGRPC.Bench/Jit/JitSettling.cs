using System.Runtime;

namespace RESTvsGRPC.Bench.Jit;

/// <summary>
/// How a measuring process (trial or BenchmarkDotNet's) waits for the JIT: a pause until it is quiet, then settling
/// passes until one compiles at most <see cref="SettledCompilations"/> methods. A quiet JIT is not settled: a method
/// called a few dozen times is recompiled later.
/// </summary>
public static class JitSettling
{
    /// <summary>How long the JIT must have compiled nothing before a process starts measuring.</summary>
    public const int JitQuietMilliseconds = 200;

    /// <summary>The longest a process waits for the JIT to fall quiet.</summary>
    public const double JitQuietLimitSeconds = 10;

    /// <summary>The most settling passes a process makes.</summary>
    public const int MaxSettlePasses = 3;

    /// <summary>Methods a settling pass may compile and still count as settled.</summary>
    public const int SettledCompilations = 32;

    /// <summary>
    /// Waits until the JIT has compiled nothing for <see cref="JitQuietMilliseconds"/> ms, at most
    /// <see cref="JitQuietLimitSeconds"/> s.
    /// </summary>
    public static async Task WaitForQuietAsync()
    {
        var start = Stopwatch.GetTimestamp();
        var compiled = JitInfo.GetCompiledMethodCount();
        while (Stopwatch.GetElapsedTime(start).TotalSeconds < JitQuietLimitSeconds)
        {
            await Task.Delay(JitQuietMilliseconds);
            var now = JitInfo.GetCompiledMethodCount();
            if (now == compiled)
            {
                break;
            }

            compiled = now;
        }
    }

    /// <summary>
    /// Runs <paramref name="pass"/>, then waits for a quiet JIT, until a pass compiles at most
    /// <see cref="SettledCompilations"/> methods; returns the methods each pass compiled.
    /// </summary>
    public static async Task<IReadOnlyList<long>> SettleAsync(Func<Task> pass)
    {
        var compiledByPass = new List<long>();
        while (compiledByPass.Count < MaxSettlePasses)
        {
            var compiled = JitInfo.GetCompiledMethodCount();
            await pass();
            await WaitForQuietAsync();
            compiledByPass.Add(JitInfo.GetCompiledMethodCount() - compiled);
            if (compiledByPass[^1] <= SettledCompilations)
            {
                break;
            }
        }

        return compiledByPass;
    }
}
