using ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>
/// The records a server serves, loaded once at start-up and held in memory in both forms, with the canonical
/// hash clients use to check that a response carries exactly these records.
/// </summary>
public sealed class MeteoriteDataset
{
    /// <summary>Environment variable naming another data file in NASA's export format (the <c>--data</c> option
    /// wins).</summary>
    public const string PathVariable = "RESTVSGRPC_DATA";

    private readonly Rest.MeteoriteLanding[] _records;

    private MeteoriteDataset(string sourcePath, Rest.MeteoriteLanding[] records)
    {
        SourcePath = sourcePath;
        _records = records;
        Records = records;
        ProtoList = records.ToProtoList();
        Sha256 = CanonicalHash.Of(records);
    }

    /// <summary>The data file shipped next to the binaries: the committed <c>data/meteorites.json</c>.</summary>
    public static string DefaultPath => Path.Combine(AppContext.BaseDirectory, "data", "meteorites.json");

    public string SourcePath { get; }

    /// <summary>The REST model of every record.</summary>
    public IReadOnlyList<Rest.MeteoriteLanding> Records { get; }

    /// <summary>The gRPC model of every record, built once from <see cref="Records"/>.</summary>
    public MeteoriteLandingList ProtoList { get; }

    /// <summary>Canonical SHA-256 of the records (see <see cref="CanonicalHash"/>).</summary>
    public string Sha256 { get; }

    public int Count => Records.Count;

    /// <summary>
    /// Null when a request for the first <paramref name="limit"/> records can be served (no limit, or 1 to
    /// <see cref="Count"/>); otherwise what is wrong with it, in the words both servers answer with.
    /// </summary>
    public string? LimitProblem(long? limit) =>
        limit is null || (limit >= 1 && limit <= Count)
            ? null
            : $"limit must be between 1 and {Count} (the records this server holds), not {limit}.";

    /// <summary>The first <paramref name="count"/> records (1 to <see cref="Count"/>), without copying them.</summary>
    public IReadOnlyList<Rest.MeteoriteLanding> First(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, Count);
        return new ArraySegment<Rest.MeteoriteLanding>(_records, 0, count);
    }

    /// <summary>The gRPC model of the first <paramref name="count"/> records: a new list message over the same record
    /// messages.</summary>
    public MeteoriteLandingList FirstAsProto(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, Count);
        return count == Count
            ? ProtoList
            : new MeteoriteLandingList { MeteoriteLandings = { ProtoList.MeteoriteLandings.Take(count) } };
    }

    /// <summary>The file to load: <paramref name="configured"/> (a <c>--data</c> option), else <see
    /// cref="PathVariable"/>, else <see cref="DefaultPath"/>.</summary>
    public static string ResolvePath(string? configured) =>
        !string.IsNullOrWhiteSpace(configured) ? configured
        : Environment.GetEnvironmentVariable(PathVariable) is { Length: > 0 } fromEnvironment ? fromEnvironment
        : DefaultPath;

    /// <summary>Loads a file in NASA's export format; throws <see cref="DataFileException"/> naming file, record and
    /// field.</summary>
    public static MeteoriteDataset Load(string path) => new(path, NasaExportReader.ReadFile(path));

    /// <summary>A data set of records already in memory (generated ones, for example).</summary>
    public static MeteoriteDataset FromRecords(string sourceName, Rest.MeteoriteLanding[] records) =>
        new(sourceName, records);
}
