using RESTvsGRPC.Tests.Aot;
using RESTvsGRPC.Tests.Bench;
using Xunit.Sdk;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>The long process tests start first, by rank, and every other collection keeps xunit's own order.</summary>
public sealed class LongestFirstOrdererTests
{
    private static readonly TestAssembly Assembly = new(Reflector.Wrap(typeof(LongestFirstOrderer).Assembly));

    [Fact]
    public void Long_running_collections_start_first_by_rank_and_the_rest_keep_xunits_order()
    {
        var collections = new[]
        {
            Implicit(typeof(LongestFirstOrdererTests)),
            Implicit(typeof(BenchProcessTests)),
            new TestCollection(Assembly, Reflector.Wrap(typeof(AotCollection)), AotCollection.Name),
            Implicit(typeof(FolderDirectionTests)),
            Implicit(typeof(FullSuiteDryRunTests)),
        };

        var ordered = new LongestFirstOrderer().OrderTestCollections(collections).ToList();
        var rest = new DefaultTestCollectionOrderer()
            .OrderTestCollections(collections)
            .Where(c =>
                c.DisplayName.Contains("Orderer", StringComparison.Ordinal)
                || c.DisplayName.Contains("FolderDirection", StringComparison.Ordinal)
            );

        Assert.Equal([collections[4], collections[2], collections[1], .. rest], ordered);
    }

    private static TestCollection Implicit(Type type) => new(Assembly, null, $"Test collection for {type.FullName}");
}
