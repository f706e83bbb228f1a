using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: TestCollectionOrderer("RESTvsGRPC.Tests.Infrastructure.LongestFirstOrderer", "RESTvsGRPC.Tests")]

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// Marks a test class (or a collection definition) that runs for minutes: such collections start before all others,
/// lowest <see cref="Rank"/> first, so that the short ones fill the other thread while they run.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class LongRunningAttribute(int rank) : Attribute
{
    public int Rank { get; } = rank;
}

/// <summary>
/// Starts the long-running collections first, then the rest in xunit's own order: xunit runs two collections at a
/// time, and one of the minutes-long process tests started last would run alone at the end of the run.
/// </summary>
public sealed class LongestFirstOrderer : ITestCollectionOrderer
{
    private const string ImplicitCollectionPrefix = "Test collection for ";

    private readonly DefaultTestCollectionOrderer _default = new();

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections) =>
        _default.OrderTestCollections(testCollections).OrderBy(RankOf);

    private static int RankOf(ITestCollection collection)
    {
        var name = collection.DisplayName;
        var type = collection.CollectionDefinition?.ToRuntimeType()
            ?? (
                name.StartsWith(ImplicitCollectionPrefix, StringComparison.Ordinal)
                    ? typeof(LongestFirstOrderer).Assembly.GetType(name[ImplicitCollectionPrefix.Length..])
                    : null
            );
        return type?.GetCustomAttributes(typeof(LongRunningAttribute), inherit: false) is [LongRunningAttribute marked]
            ? marked.Rank
            : int.MaxValue;
    }
}
