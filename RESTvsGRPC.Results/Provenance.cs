using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Where, when and how a run was made: enough to rerun it and to know which runs may be compared. The processes'
/// setup says where the measured calls ran and with which GC and JIT settings; the placement, which CPUs the servers
/// and the client were pinned to, if any; the servers' URLs, and whether the bench started them on loopback (then
/// their cost was measured) or was given them.
/// </summary>
public sealed record Provenance(
    string Commit,
    bool Dirty,
    string Os,
    string Cpu,
    int LogicalCores,
    string Runtime,
    string Sdk,
    ProcessSetup Processes,
    string BenchmarkDotNetVersion,
    IReadOnlyDictionary<string, string> Packages,
    string DataFile,
    string DataSha256,
    IReadOnlyList<string> Servers,
    DateTimeOffset Date,
    string CommandLine,
    string Job,
    CpuPlacement? CpuPlacement = null,
    bool ServersStarted = false
);
