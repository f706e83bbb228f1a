using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.ModelLibrary;

/// <summary>REST and gRPC carry identical information: every record survives REST → gRPC (on the wire) →
/// REST.</summary>
public sealed class ProtoMappingTests
{
    [Fact]
    public void Every_committed_record_survives_rest_to_grpc_to_rest()
    {
        var dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

        var roundTripped = MeteoriteLandingList.Parser.ParseFrom(dataset.ProtoList.ToByteArray()).ToRest();

        Assert.Equal(dataset.Records, roundTripped);
        Assert.Equal(dataset.Sha256, CanonicalHash.Of(roundTripped));
    }

    [Fact]
    public void Missing_values_stay_unset_in_protobuf()
    {
        var record = MeteoriteGenerator.Generate(1)[0] with
        {
            Mass = null,
            Year = null,
            RecLat = null,
            RecLong = null,
            GeoLocation = null,
        };

        var message = MeteoriteLanding.Parser.ParseFrom(record.ToProto().ToByteArray());

        Assert.False(message.HasMass);
        Assert.False(message.HasReclat);
        Assert.False(message.HasReclong);
        Assert.Null(message.Year);
        Assert.Null(message.Geolocation);
        Assert.Equal(record, message.ToRest());
    }

    [Fact]
    public void Zero_values_are_kept_apart_from_missing_ones()
    {
        var record = MeteoriteGenerator.Generate(1)[0] with { Mass = 0, RecLat = 0, RecLong = 0 };

        var message = MeteoriteLanding.Parser.ParseFrom(record.ToProto().ToByteArray());

        Assert.True(message.HasMass);
        Assert.True(message.HasReclat);
        Assert.Equal(record, message.ToRest());
    }
}
