using System.Text.Json;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.ModelLibrary;

/// <summary>The loader against the real first 1000 NASA rows, and the generated data set measured against
/// them.</summary>
public sealed class NasaSampleTests
{
    [SharedDataFact]
    public void Loader_reads_the_real_nasa_export_with_its_missing_fields()
    {
        var dataset = MeteoriteDataset.Load(RepositoryPaths.NasaSample);

        Assert.Equal(1000, dataset.Count);
        Assert.Equal(28, dataset.Records.Count(r => r.Mass is null));
        Assert.Equal(12, dataset.Records.Count(r => r.RecLat is null && r.RecLong is null && r.GeoLocation is null));
        Assert.Equal(1, dataset.Records.Count(r => r.Year is null));
    }

    [SharedDataFact]
    public void Generated_payloads_are_within_ten_percent_of_the_real_ones()
    {
        var real = MeteoriteDataset.Load(RepositoryPaths.NasaSample);
        var generated = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

        AssertWithinTenPercent(JsonBytes(real), JsonBytes(generated), "REST JSON");
        AssertWithinTenPercent(real.ProtoList.CalculateSize(), generated.ProtoList.CalculateSize(), "protobuf");
    }

    [SharedDataFact]
    public void Real_records_survive_rest_to_grpc_to_rest()
    {
        var real = MeteoriteDataset.Load(RepositoryPaths.NasaSample);

        var roundTripped = MeteoriteLandingList.Parser.ParseFrom(real.ProtoList.ToByteArray()).ToRest();

        Assert.Equal(real.Records, roundTripped);
    }

    private static int JsonBytes(MeteoriteDataset dataset) =>
        JsonSerializer
            .SerializeToUtf8Bytes(dataset.Records, MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding)
            .Length;

    private static void AssertWithinTenPercent(int real, int generated, string what) =>
        Assert.True(
            Math.Abs(generated - real) <= real / 10,
            $"{what}: generated {generated} bytes vs real {real} bytes (more than 10 % apart)."
        );
}
