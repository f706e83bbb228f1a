using System.Globalization;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// The CPU time of a process's socket engine threads (".NET Sockets": they wait on epoll and hand each completion to the
/// thread pool), from the kernel's per-thread scheduler statistics. With one call in flight it tells how the process's
/// CPU was shared when its answers arrived, which sets a small call's level (docs/method.md).
/// </summary>
public static class SocketEngineThreads
{
    /// <summary>The name .NET gives its socket engine threads on Linux.</summary>
    public const string ThreadName = ".NET Sockets";

    /// <summary>
    /// Nanoseconds on CPU of process <paramref name="processId"/>'s socket engine threads; null off Linux, where the
    /// kernel keeps no scheduler statistics, or where the process is gone or has no such thread yet.
    /// </summary>
    public static long? CpuNanoseconds(int processId)
    {
        var tasks = $"/proc/{processId.ToString(CultureInfo.InvariantCulture)}/task";
        if (!OperatingSystem.IsLinux() || !Directory.Exists(tasks))
        {
            return null;
        }

        long? sum = null;
        foreach (var task in Directory.EnumerateDirectories(tasks))
        {
            if (CpuOf(task) is { } cpu)
            {
                sum = (sum ?? 0) + cpu;
            }
        }

        return sum;
    }

    /// <summary>The thread's CPU nanoseconds (schedstat's first field) where it is a socket engine thread; null otherwise or where it has ended.</summary>
    private static long? CpuOf(string task)
    {
        try
        {
            if (File.ReadAllText(Path.Combine(task, "comm")).TrimEnd('\n') != ThreadName)
            {
                return null;
            }

            var schedstat = File.ReadAllText(Path.Combine(task, "schedstat"));
            return long.Parse(schedstat.AsSpan(0, schedstat.IndexOf(' ', StringComparison.Ordinal)), NumberStyles.None, CultureInfo.InvariantCulture);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The thread ended between the listing and the read, or the kernel keeps no scheduler statistics.
            return null;
        }
    }
}
