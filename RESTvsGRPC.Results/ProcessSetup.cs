using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// How a run's processes were set up: where the measured calls were made (<see cref="Measurer"/>, one of the
/// constants below), the bench's own GC (server or workstation, concurrent or not, DATAS on, off, or null where it does
/// not apply), and the JIT's call-counting delay the bench gave every process it started (null: the runtime's default).
/// The servers keep the runtime's default GC.
/// </summary>
public sealed record ProcessSetup(
    string Measurer,
    bool ServerGc,
    bool ConcurrentGc,
    bool? Datas,
    int? CallCountingDelayMs
)
{
    /// <summary>
    /// BenchmarkDotNet in a process per benchmark, which the bench starts with DATAS off; paired rounds in the bench's
    /// process.
    /// </summary>
    public const string BenchmarkProcesses = "benchmark-processes";

    /// <summary>BenchmarkDotNet's in-process toolchain, in the bench's own process.</summary>
    public const string BenchmarkInProcess = "benchmark-in-process";

    /// <summary>No BenchmarkDotNet: the headline's trials in client processes of their own.</summary>
    public const string Trials = "trials";

    /// <summary>No BenchmarkDotNet: load mode's client in the bench's own process.</summary>
    public const string Load = "load";
}
