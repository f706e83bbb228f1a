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
