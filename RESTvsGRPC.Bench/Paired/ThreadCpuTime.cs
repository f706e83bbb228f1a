using System.Globalization;

namespace RESTvsGRPC.Bench.Paired;

/// <summary>
/// The CPU time all threads of a process have run, in nanoseconds, from the scheduler's own accounting
/// (<c>/proc/PID/task/*/schedstat</c>, Linux): exact to the nanosecond where <c>/proc/PID/stat</c> counts 10 ms ticks,
/// so a few thousand small calls are enough to split one call's time into CPU and waiting.
/// </summary>
public static class ThreadCpuTime
{
    /// <summary>True where the scheduler's accounting can be read.</summary>
    public static bool Supported => OperatingSystem.IsLinux() && File.Exists("/proc/self/schedstat");

    /// <summary>The process's threads' CPU time so far; threads that have ended no longer count.</summary>
    public static long Of(int processId)
    {
        long total = 0;
        foreach (var task in Directory.EnumerateDirectories($"/proc/{processId}/task"))
        {
            try
            {
                var fields = File.ReadAllText(Path.Combine(task, "schedstat")).Split(' ');
                total += long.Parse(fields[0], CultureInfo.InvariantCulture);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // The thread ended while the threads were listed.
            }
        }

        return total;
    }
}
