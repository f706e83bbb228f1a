namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// One process's resources at one moment: CPU used since the previous reading, as a share of the whole machine, and its
/// memory, threads and handles.
/// </summary>
public sealed record ProcessReading(double CpuPercent, long ResidentBytes, int Threads, int Handles);

/// <summary>
/// A process's CPU (as a share of all cores, so client's and server's add up) and resident memory, read once a second.
/// </summary>
public sealed class ProcessSampler : IDisposable
{
    private readonly Process _process;
    private TimeSpan _lastCpu;
    private long _lastTimestamp;

    private ProcessSampler(Process process)
    {
        _process = process;
        _lastCpu = process.TotalProcessorTime;
        _lastTimestamp = Stopwatch.GetTimestamp();
    }

    /// <summary>A sampler of this process: the load client.</summary>
    public static ProcessSampler Current() => new(Process.GetCurrentProcess());

    /// <summary>
    /// A sampler of process <paramref name="id"/>, or null where it is unknown (servers given by URL) or gone.
    /// </summary>
    public static ProcessSampler? Of(int? id)
    {
        try
        {
            return id is { } pid ? new ProcessSampler(Process.GetProcessById(pid)) : null;
        }
        catch (ArgumentException)
        {
            return null;
        }
    }

    /// <summary>
    /// Reads the process now; CPU covers the time since the previous reading (or since the sampler was made). Null once
    /// the process has exited.
    /// </summary>
    public ProcessReading? Read()
    {
        try
        {
            _process.Refresh();
            var cpu = _process.TotalProcessorTime;
            var now = Stopwatch.GetTimestamp();
            var wall = Stopwatch.GetElapsedTime(_lastTimestamp, now);
            var percent = wall > TimeSpan.Zero ? 100 * (cpu - _lastCpu) / (wall * Environment.ProcessorCount) : 0;
            (_lastCpu, _lastTimestamp) = (cpu, now);
            return new ProcessReading(percent, _process.WorkingSet64, _process.Threads.Count, _process.HandleCount);
        }
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    public void Dispose() => _process.Dispose();
}
