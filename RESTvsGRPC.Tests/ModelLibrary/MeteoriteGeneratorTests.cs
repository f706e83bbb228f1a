using ModelLibrary;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.ModelLibrary;

public sealed class MeteoriteGeneratorTests
{
    [Fact]
    public void Generator_gives_the_same_records_for_the_same_seed()
    {
        var first = MeteoriteGenerator.Generate(500, seed: 7);
        var second = MeteoriteGenerator.Generate(500, seed: 7);

        Assert.Equal(first, second);
        Assert.Equal(NasaExportWriter.Write(first), NasaExportWriter.Write(second));
    }

    [Fact]
    public void Generator_gives_other_records_for_another_seed()
    {
        Assert.NotEqual(
            CanonicalHash.Of(MeteoriteGenerator.Generate(100, seed: 1)),
            CanonicalHash.Of(MeteoriteGenerator.Generate(100, seed: 2))
        );
    }

    [Theory]
    [InlineData(1)]
    [InlineData(10)]
    [InlineData(10_000)]
    public void Generator_makes_any_record_count_with_unique_ids(int count)
    {
        var records = MeteoriteGenerator.Generate(count);

        Assert.Equal(count, records.Length);
        Assert.Equal(count, records.Select(r => r.Id).Distinct().Count());
    }

    [Fact]
    public void Generator_keeps_the_shape_of_nasa_data()
    {
        var records = MeteoriteGenerator.Generate(10_000);

        Assert.All(records, r => Assert.InRange(r.Mass ?? 1, 0.1, 23_000_000));
        Assert.All(records, r => Assert.InRange(r.Year?.Year ?? 1900, 860, 2013));
        Assert.All(records, r => Assert.InRange(r.RecLat ?? 0, -90, 90));
        Assert.All(records, r => Assert.InRange(r.RecLong ?? 0, -180, 180));
        Assert.All(records.Where(r => r.GeoLocation is not null), r =>
            Assert.Equal([r.RecLong!.Value, r.RecLat!.Value], r.GeoLocation!.Coordinates)
        );
        Assert.InRange(records.Count(r => r.Mass is null), 200, 400);
        Assert.InRange(records.Count(r => r.RecLat is null), 50, 200);
        Assert.InRange(records.Count(r => r.Year is null), 1, 30);
        var commonest = records.GroupBy(r => r.RecClass).OrderByDescending(g => g.Count()).Take(4).Select(g => g.Key);
        Assert.Equal(["L6", "H5", "H6", "L5"], commonest);
    }

    [Fact]
    public void Generated_records_survive_the_nasa_export_format_unchanged()
    {
        var records = MeteoriteGenerator.Generate(2000, seed: 3);

        var read = NasaExportReader.Read(NasaExportWriter.Write(records), "generated");

        Assert.Equal(records, read);
    }

    [Fact]
    public void Committed_data_file_equals_the_generator_output()
    {
        var expected = NasaExportWriter.Write(MeteoriteGenerator.Generate());

        var committed = File.ReadAllBytes(RepositoryPaths.CommittedData);

        Assert.True(
            expected.AsSpan().SequenceEqual(committed),
            "data/meteorites.json differs from the generator's output: run `dotnet run --project DataGenerator` and "
                + "commit the file."
        );
    }

    [Fact]
    public void Dataset_loads_the_committed_file_with_a_stable_hash()
    {
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

        Assert.Equal(MeteoriteGenerator.DefaultCount, dataset.Count);
        Assert.Equal(CanonicalHash.Of(MeteoriteGenerator.Generate()), dataset.Sha256);
        Assert.Equal(dataset.Count, dataset.ProtoList.MeteoriteLandings.Count);
    }
}
