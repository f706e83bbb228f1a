using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Everything one run measured, written as <c>summary.json</c> beside BenchmarkDotNet's reports: the summary, its
/// charts and <c>compare</c> are all made from it, and it reads back the same on any OS.
/// </summary>
public sealed record RunResults(
    Provenance Provenance,
    IReadOnlyList<BenchmarkResult> Benchmarks,
    IReadOnlyList<WireBytes> WireBytes,
    IReadOnlyList<StreamingResult> Streaming,
    TrialsRun? Trials = null,
    TrialsRun? StylesTrials = null
)
{
    /// <summary>The file name inside a results folder.</summary>
    public const string FileName = "summary.json";

    /// <summary>
    /// The version of the file's shape this build writes and reads; files without the field are version 1.
    /// </summary>
    public const int CurrentSchemaVersion = 5;

    /// <summary>
    /// The older shape this build still reads: version 4 lacks the rounds, the variance components and
    /// Hodges–Lehmann's estimate, which <see cref="Load"/> computes from its trials.
    /// </summary>
    public const int ReadableSchemaVersion = 4;

    /// <summary>The version of the shape the file was written in.</summary>
    [JsonPropertyOrder(-1)]
    public int SchemaVersion { get; init; } = CurrentSchemaVersion;

    /// <summary>Every arm a measurement of this run names, by id.</summary>
    public IReadOnlyList<Arm> Arms { get; init; } = [];

    /// <summary>How the streaming probe measured, where it ran.</summary>
    public StreamingMethod? StreamingMethod { get; init; }

    /// <summary>
    /// The headline's trials on every further link a <c>--link</c> run measured, in the order given (the first link's
    /// are <see cref="Trials"/>); null for a run on loopback alone.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<TrialsRun>? LinkRuns { get; init; }

    /// <summary>
    /// The servers' builds, JIT and Native AOT, from their first instant (<c>--suite aot</c>); null where the run did
    /// not measure them.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public StartupRun? Startup { get; init; }

    /// <summary>
    /// The headline's trials of the arms both server builds serve, JIT and Native AOT taking turns in every trial
    /// (<c>--suite aot</c>, <c>--suite full</c>), with the ratios of <see cref="TrialStatistics.AotPairs"/>; null where
    /// the run did not measure them.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialsRun? AotTrials { get; init; }

    /// <summary>
    /// The headline's arms over TLS and their cleartext twins taking turns in every trial (<c>--headline --tls</c>),
    /// with the ratios of <see cref="TrialStatistics.TlsPairs"/>; null where the run did not measure them.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public TrialsRun? TlsTrials { get; init; }

    /// <summary>
    /// The TLS trials on every further link a <c>--link --tls</c> run measured, in the order given (the first link's
    /// are <see cref="TlsTrials"/>).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<TrialsRun>? TlsLinkRuns { get; init; }

    /// <summary>
    /// Every link's TLS trials, the first link's (<see cref="TlsTrials"/>) first; empty where none ran.
    /// </summary>
    [JsonIgnore]
    public IReadOnlyList<TrialsRun> EveryTlsLink => [.. new[] { TlsTrials }.OfType<TrialsRun>(), .. TlsLinkRuns ?? []];

    /// <summary>
    /// The headline's checks by other methods (<see cref="MethodAgreements"/>); null in results written before they
    /// were kept.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<MethodAgreement>? Agreements { get; init; }

    /// <summary>
    /// Every link's trials, the first link's (<see cref="Trials"/>) first; empty where no trials ran.
    /// </summary>
    [JsonIgnore]
    public IReadOnlyList<TrialsRun> EveryLink => [.. new[] { Trials }.OfType<TrialsRun>(), .. LinkRuns ?? []];

    /// <summary>The catalogue's entry for <paramref name="result"/>'s arm.</summary>
    public Arm ArmOf(BenchmarkResult result) =>
        Arms.FirstOrDefault(a => a.Id == result.Arm)
        ?? throw new InvalidDataException($"arm '{result.Arm}' of {result.Method} is not in the run's arm catalogue.");

    /// <summary>The catalogue's entry for the arm <paramref name="id"/>; null where the catalogue lacks it.</summary>
    public Arm? ArmOfId(string id) => Arms.FirstOrDefault(a => a.Id == id);

    /// <summary>
    /// What a reader calls the arm <paramref name="id"/>; the id itself where the catalogue lacks it.
    /// </summary>
    public string NameOfArm(string id) => Arms.FirstOrDefault(a => a.Id == id)?.Name ?? id;

    /// <summary>
    /// The BenchmarkDotNet case the latency check sets beside the trials' <paramref name="arm"/> on
    /// <paramref name="operation"/> (the same arm id; one process per case, back-to-back calls in batches): among the
    /// transport suites' cases, the transport suite's first, its largest batch; null where none timed the arm.
    /// </summary>
    public BenchmarkResult? LatencyCase(string operation, string arm) =>
        Benchmarks
            .Where(r => r.Suite is Suites.Transport or Suites.HttpVersions && r.Operation == operation && r.Arm == arm)
            .OrderBy(r => r.Suite != Suites.Transport)
            .ThenByDescending(r => r.CallsPerBatch)
            .FirstOrDefault();

    /// <summary>
    /// BenchmarkDotNet's time per call for the latency check on <paramref name="arm"/>'s <paramref name="operation"/>:
    /// the mean over <see cref="LatencyCase"/>'s batch sizes, each timed in a process of its own, so that one process's
    /// level weighs half as much; null where none timed the arm.
    /// </summary>
    public BenchmarkLatencyTime? LatencyTime(string operation, string arm) =>
        LatencyCase(operation, arm) is { } latencyCase
            ? new BenchmarkLatencyTime(latencyCase, BatchesOf(latencyCase))
            : null;

    /// <summary>
    /// Every batch size's result for <paramref name="result"/>'s case (the same suite, class, method and records),
    /// <paramref name="result"/> among them.
    /// </summary>
    private List<BenchmarkResult> BatchesOf(BenchmarkResult result) =>
        [
            .. Benchmarks.Where(r =>
                r.Suite == result.Suite
                && r.Class == result.Class
                && r.Method == result.Method
                && r.Records == result.Records
            ),
        ];

    public void Save(string directory) =>
        File.WriteAllText(
            Path.Combine(directory, FileName),
            JsonSerializer.Serialize(this, RunResultsJsonContext.Default.RunResults)
        );

    /// <summary>
    /// The folder inside a results folder where a run keeps the results of the run it replaced there.
    /// </summary>
    public const string PreviousFolder = "previous";

    /// <summary>
    /// Keeps the run in <paramref name="directory"/>, about to be replaced, in its <see cref="PreviousFolder"/> and
    /// returns it; where it cannot be read (another version of the results format, damaged) or there is none, clears
    /// that folder and returns null, so a summary is never set against a run older than the one it replaced.
    /// </summary>
    public static RunResults? KeepPrevious(string directory)
    {
        var kept = Path.Combine(directory, PreviousFolder);
        if (Directory.Exists(kept))
        {
            Directory.Delete(kept, recursive: true);
        }

        var current = Path.Combine(directory, FileName);
        if (!File.Exists(current))
        {
            return null;
        }

        try
        {
            var previous = Load(directory);
            Directory.CreateDirectory(kept);
            File.Copy(current, Path.Combine(kept, FileName));
            return previous;
        }
        catch (InvalidDataException)
        {
            return null;
        }
    }

    /// <summary>
    /// The run a results folder's run replaced (its <see cref="PreviousFolder"/>), or null where there is none or it
    /// cannot be read: written by another version of the results format, or damaged.
    /// </summary>
    public static RunResults? LoadPrevious(string directory)
    {
        var folder = Path.Combine(directory, PreviousFolder);
        try
        {
            return File.Exists(Path.Combine(folder, FileName)) ? Load(folder) : null;
        }
        catch (InvalidDataException)
        {
            return null;
        }
    }

    /// <summary>
    /// A version 4 file's run in this version's shape: every trials' ratio given Hodges–Lehmann's estimate from its
    /// trials (the rounds and components it did not keep stay absent).
    /// </summary>
    private RunResults WithHodgesLehmann() =>
        this with
        {
            SchemaVersion = CurrentSchemaVersion,
            Trials = Trials?.WithHodgesLehmann(),
            StylesTrials = StylesTrials?.WithHodgesLehmann(),
            AotTrials = AotTrials?.WithHodgesLehmann(),
            TlsTrials = TlsTrials?.WithHodgesLehmann(),
            LinkRuns = LinkRuns is null ? null : [.. LinkRuns.Select(r => r.WithHodgesLehmann())],
        };

    /// <summary>
    /// Reads <c>summary.json</c> from a results folder (or the file itself); names the path on any failure.
    /// </summary>
    public static RunResults Load(string path)
    {
        var file = Directory.Exists(path) ? Path.Combine(path, FileName) : path;
        if (!File.Exists(file))
        {
            throw new FileNotFoundException(
                $"'{file}' does not exist: pass a results folder written by the bench (it holds {FileName}).",
                file
            );
        }

        try
        {
            var text = File.ReadAllText(file);
            var version = SchemaVersions.Require(file, text, CurrentSchemaVersion, ReadableSchemaVersion);
            var run = JsonSerializer.Deserialize(text, RunResultsJsonContext.Default.RunResults)
                ?? throw new InvalidDataException($"'{file}' holds no run results.");
            return version == CurrentSchemaVersion ? run : run.WithHodgesLehmann();
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"'{file}' is not a bench summary: {e.Message}", e);
        }
    }
}

/// <summary>
/// One benchmark case: which arm and operation, and its results per call (a batch's figures divided by its
/// calls; 1 for the in-process codec benchmarks). Times are in nanoseconds, the error is half the 99.9 %
/// confidence interval, as BenchmarkDotNet's Error column.
/// </summary>
public sealed record BenchmarkResult(
    string Suite,
    string Arm,
    string Class,
    string Method,
    string Operation,
    bool Baseline,
    int CallsPerBatch,
    int? Records,
    double NanosecondsPerCall,
    double ErrorNanosecondsPerCall,
    double? AllocatedBytesPerCall,
    double? ServerCpuNanosecondsPerCall,
    double? ServerPeakWorkingSetBytes
)
{
    /// <summary>
    /// Whether BenchmarkDotNet forced a full collection between the case's iterations; null where not recorded.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? ForcedCollections { get; init; }

    /// <summary>
    /// Whether the case's BenchmarkDotNet process was set to settle the JIT on its case before BenchmarkDotNet's stages
    /// (every job but the dry one); null where not recorded or where the case calls no server.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? SettledJit { get; init; }

    /// <summary>The error per call, 0 where the job gave none (NaN).</summary>
    [JsonIgnore]
    public double Error => double.IsFinite(ErrorNanosecondsPerCall) ? ErrorNanosecondsPerCall : 0;

    /// <summary>
    /// True where the two per-call times differ by no more than their errors together (a one-iteration job has none:
    /// 0).
    /// </summary>
    public bool WithinErrorOf(BenchmarkResult other) =>
        Math.Abs(NanosecondsPerCall - other.NanosecondsPerCall) <= Error + other.Error;

    /// <summary>Identifies the case across runs: class, method and parameters.</summary>
    [JsonIgnore]
    public string Key =>
        Records is { } records
            ? $"{Class}.{Method} Records={records} Calls={CallsPerBatch}"
            : $"{Class}.{Method} Calls={CallsPerBatch}";
}

/// <summary>
/// Bytes on the client's sockets per call for one networked benchmark, and the HTTP version its responses came back in.
/// </summary>
public sealed record WireBytes(
    string Benchmark,
    string Transport,
    string HttpVersion,
    double SentPerCall,
    double ReceivedPerCall
);

/// <summary>
/// One way of getting many records, a catalogue arm (its large GET's shape says how the records travel): medians of the
/// time to the first record the consumer can use and to the last (nanoseconds), and the most managed memory the client
/// held live meanwhile (bytes).
/// </summary>
public sealed record StreamingResult(
    string Arm,
    int Records,
    double FirstRecordNanoseconds,
    double TotalNanoseconds,
    double PeakLiveBytes
);

/// <summary>
/// The streaming probe's method: timed calls per arm, untimed calls before them, and how often live memory was read
/// (records).
/// </summary>
public sealed record StreamingMethod(int Repetitions, int WarmUps, int MemorySampleEvery);

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

/// <summary>
/// The CPUs a run pinned its processes to, as taskset lists (the servers', and the client's: the bench, its trials
/// and BenchmarkDotNet's processes); a side the OS placed is null.
/// </summary>
public sealed record CpuPlacement(string? Servers, string? Client)
{
    /// <summary>Nothing pinned: the OS placed every process.</summary>
    public static CpuPlacement None { get; } = new(null, null);
}

// A one-iteration job (dry) has no confidence interval: its error is NaN, written as such rather than refused.
[JsonSourceGenerationOptions(
    WriteIndented = true,
    NewLine = "\n",
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals
)]
[JsonSerializable(typeof(RunResults))]
internal sealed partial class RunResultsJsonContext : JsonSerializerContext;

/// <summary>
/// BenchmarkDotNet's side of the latency check for one arm: the case whose columns the summary shows (its largest
/// batch) and every batch size's result, each its own process, whose mean per-call time the check compares.
/// </summary>
public sealed record BenchmarkLatencyTime(BenchmarkResult Case, IReadOnlyList<BenchmarkResult> Batches)
{
    /// <summary>
    /// The mean of the processes' per-call times (nanoseconds): what the check sets beside the trials' median.
    /// </summary>
    public double NanosecondsPerCall => Batches.Average(b => b.NanosecondsPerCall);

    /// <summary>How many processes timed the arm (one per batch size).</summary>
    public int Processes => Batches.Count;
}
