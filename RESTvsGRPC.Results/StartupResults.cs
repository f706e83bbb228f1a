namespace RESTvsGRPC.Results;

/// <summary>
/// The servers' builds from their first instant: <see cref="ColdStarts"/> over fresh server processes and each build's
/// <see cref="Memory"/>, with how long the AOT build took to publish and where the processes ran.
/// </summary>
public sealed record StartupRun(
    int Starts,
    double PublishSeconds,
    CpuPlacement Placement,
    IReadOnlyList<ColdStart> ColdStarts,
    IReadOnlyList<ServerMemory> Memory
)
{
    /// <summary>The JIT build: the servers run by <c>dotnet</c> from their build output.</summary>
    public const string Jit = "JIT";

    /// <summary>The Native AOT build: RestAPI.Aot and GrpcAPI.Aot, native executables.</summary>
    public const string Aot = "AOT";

    /// <summary>The builds in the order reports list them.</summary>
    public static IReadOnlyList<string> Builds { get; } = [Jit, Aot];

    /// <summary>
    /// How long each operation was held at saturation while the memory was read, seconds; null in files written before
    /// it was recorded, which held it 2 s.
    /// </summary>
    [System.Text.Json.Serialization.JsonIgnore(
        Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull
    )]
    public double? SaturationSeconds { get; init; }
}

/// <summary>
/// One build's cold start for one operation of one arm: milliseconds from starting the server's process to the first
/// validated answer of that operation (the process's first call), one value per fresh process, with their median
/// and its 95 % interval; and, of the same processes, the milliseconds until the server printed that it listens.
/// </summary>
public sealed record ColdStart(
    string Build,
    string Arm,
    string Operation,
    IReadOnlyList<double> Milliseconds,
    IReadOnlyList<double> ListeningMilliseconds
)
{
    /// <summary>The median and its 95 % interval (the median three times with too few starts for one).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public (double Median, double Low, double High) Interval => TrialStatistics.Interval(Milliseconds);
}

/// <summary>
/// One build's resident memory (RSS) in MiB for one arm's server: after the warm-up (each operation called 200 times),
/// and the most seen while each operation in turn was called at saturation.
/// </summary>
public sealed record ServerMemory(string Build, string Arm, double WarmMebibytes, double SaturatedMebibytes);
