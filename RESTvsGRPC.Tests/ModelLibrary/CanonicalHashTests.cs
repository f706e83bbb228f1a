using ModelLibrary;

namespace RESTvsGRPC.Tests.ModelLibrary;

public sealed class CanonicalHashTests
{
    private static readonly global::ModelLibrary.Rest.MeteoriteLanding[] Records = MeteoriteGenerator.Generate(50);

    [Fact]
    public void Hash_changes_when_one_value_changes()
    {
        var changed = Records.ToArray();
        changed[17] = changed[17] with { Mass = (changed[17].Mass ?? 0) + 0.01 };

        Assert.NotEqual(CanonicalHash.Of(Records), CanonicalHash.Of(changed));
    }

    [Fact]
    public void Hash_tells_a_missing_value_from_a_zero()
    {
        var zero = Records.ToArray();
        zero[3] = zero[3] with { Mass = 0 };
        var missing = Records.ToArray();
        missing[3] = missing[3] with { Mass = null };

        Assert.NotEqual(CanonicalHash.Of(zero), CanonicalHash.Of(missing));
    }

    [Fact]
    public void Hash_depends_on_record_order()
    {
        Assert.NotEqual(CanonicalHash.Of(Records), CanonicalHash.Of(Records.Reverse().ToArray()));
    }

    [Fact]
    public void Hash_cannot_be_forged_by_moving_text_across_fields()
    {
        var a = Records.Take(1).Select(r => r with { Name = "ab", NameType = "c" }).ToArray();
        var b = Records.Take(1).Select(r => r with { Name = "a", NameType = "bc" }).ToArray();

        Assert.NotEqual(CanonicalHash.Of(a), CanonicalHash.Of(b));
    }
}
