using System.Text.Json.Serialization.Metadata;
using Google.Protobuf;

namespace ModelLibrary.Shapes;

/// <summary>The two sizes every shape is served at.</summary>
public enum ShapeSize
{
    /// <summary>A message or a few records: what one call of a chatty API carries.</summary>
    Small,

    /// <summary>Records enough for a JSON body of 10–300 KiB: a page of a list, a document, a file.</summary>
    Large,
}

/// <summary>
/// One payload shape of the catalogue, untyped: its name, what it stands for and its record counts. The typed half
/// (<see cref="PayloadShape{TRecord, TList}"/>) holds the records and their mapping; a visitor reaches it without
/// reflection.
/// </summary>
public abstract class PayloadShape
{
    /// <summary>The shape's name in routes, options and results (lower case, hyphens).</summary>
    public abstract string Name { get; }

    /// <summary>What the shape stands for, in one sentence.</summary>
    public abstract string Summary { get; }

    /// <summary>Records in the small size.</summary>
    public abstract int SmallCount { get; }

    /// <summary>Records in the large size.</summary>
    public abstract int LargeCount { get; }

    /// <summary>The REST model's record type.</summary>
    public abstract Type RecordType { get; }

    /// <summary>The gRPC model's list message type.</summary>
    public abstract Type ListType { get; }

    /// <summary>The shape's source-generated JSON metadata, for a server's resolver chain.</summary>
    public abstract IJsonTypeInfoResolver JsonResolver { get; }

    /// <summary>The records in <paramref name="size"/>.</summary>
    public int Count(ShapeSize size) => size == ShapeSize.Small ? SmallCount : LargeCount;

    /// <summary>Hands the typed shape to <paramref name="visitor"/>.</summary>
    public abstract void Accept(IShapeVisitor visitor);

    /// <summary>The size a route or an option names (<c>small</c>, <c>large</c>); false for anything else.</summary>
    public static bool TryParseSize(string? text, out ShapeSize size)
    {
        size = text switch
        {
            "small" => ShapeSize.Small,
            "large" => ShapeSize.Large,
            _ => (ShapeSize)(-1),
        };
        return Enum.IsDefined(size);
    }

    /// <summary>The name a route or a result gives <paramref name="size"/>.</summary>
    public static string NameOf(ShapeSize size) => size == ShapeSize.Small ? "small" : "large";
}

/// <summary>Reaches a shape's typed half: what a server or a client does once per shape, for any record type.</summary>
public interface IShapeVisitor
{
    void Visit<TRecord, TList>(PayloadShape<TRecord, TList> shape)
        where TRecord : class
        where TList : class, IMessage<TList>, new();
}

/// <summary>
/// A shape's records in both models, generated once from a fixed seed, and the check a gate makes of an answer: the
/// records it holds, mapped to the gRPC model, equal the ones served (protobuf messages compare field by field,
/// bytes and maps included).
/// </summary>
public abstract class PayloadShape<TRecord, TList> : PayloadShape
    where TRecord : class
    where TList : class, IMessage<TList>, new()
{
    private readonly Lazy<IReadOnlyList<TRecord>> _records;
    private readonly Lazy<IReadOnlyList<TRecord>> _smallRecords;
    private readonly Lazy<TList> _small;
    private readonly Lazy<TList> _large;

    protected PayloadShape()
    {
        // Lists, whose type every shape's JSON context knows: a server can answer with them as they are.
        _records = new(() => new List<TRecord>(Generate(LargeCount)));
        _smallRecords = new(() => _records.Value.Take(SmallCount).ToList());
        _small = new(() => ToMessage(Records(ShapeSize.Small)));
        _large = new(() => ToMessage(Records(ShapeSize.Large)));
    }

    public sealed override Type RecordType => typeof(TRecord);

    public sealed override Type ListType => typeof(TList);

    public sealed override IJsonTypeInfoResolver JsonResolver => ListJson.Options.TypeInfoResolver!;

    /// <summary>The source-generated System.Text.Json metadata for a list of records (camel case, as ASP.NET Core
    /// names members by default).</summary>
    public abstract JsonTypeInfo<List<TRecord>> ListJson { get; }

    /// <summary>Parses the gRPC model's list message.</summary>
    public MessageParser<TList> Parser { get; } = new(() => new TList());

    /// <summary>The records of <paramref name="size"/>: the small size is the large one's first records.</summary>
    public IReadOnlyList<TRecord> Records(ShapeSize size) =>
        size == ShapeSize.Large ? _records.Value : _smallRecords.Value;

    /// <summary>The records of <paramref name="size"/> as the gRPC model's message, built once.</summary>
    public TList Message(ShapeSize size) => size == ShapeSize.Small ? _small.Value : _large.Value;

    /// <summary>The gRPC form of <paramref name="records"/>, losing nothing.</summary>
    public abstract TList ToMessage(IEnumerable<TRecord> records);

    /// <summary>How many records <paramref name="message"/> holds.</summary>
    public abstract int CountOf(TList message);

    /// <summary>True where <paramref name="answer"/> holds exactly the records of <paramref name="size"/>.</summary>
    public bool Matches(TList answer, ShapeSize size) => Message(size).Equals(answer);

    /// <summary>True where <paramref name="answer"/> holds exactly the records of <paramref name="size"/>.</summary>
    public bool Matches(IEnumerable<TRecord> answer, ShapeSize size) => Matches(ToMessage(answer), size);

    public sealed override void Accept(IShapeVisitor visitor) => visitor.Visit(this);

    /// <summary>Makes <paramref name="count"/> records from the shape's own fixed seed: the same on every
    /// platform.</summary>
    protected abstract IReadOnlyList<TRecord> Generate(int count);
}
