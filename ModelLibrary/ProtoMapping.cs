using Google.Protobuf.WellKnownTypes;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>Converts records between the REST model and the gRPC model without losing or adding information.</summary>
public static class ProtoMapping
{
    /// <summary>The gRPC form of a record: missing values stay unset.</summary>
    public static Proto.MeteoriteLanding ToProto(this Rest.MeteoriteLanding record)
    {
        var message = new Proto.MeteoriteLanding
        {
            Id = record.Id,
            Name = record.Name,
            Fall = record.Fall,
            Nametype = record.NameType,
            Recclass = record.RecClass,
            Year = record.Year is { } year
                ? Timestamp.FromDateTime(DateTime.SpecifyKind(year, DateTimeKind.Utc))
                : null,
        };
        if (record.GeoLocation is { } geo)
        {
            message.Geolocation = new Proto.GeoLocation { Type = geo.Type, Coordinates = { geo.Coordinates } };
        }

        if (record.Mass is { } mass)
        {
            message.Mass = mass;
        }

        if (record.RecLat is { } lat)
        {
            message.Reclat = lat;
        }

        if (record.RecLong is { } lon)
        {
            message.Reclong = lon;
        }

        return message;
    }

    /// <summary>The REST form of a record: unset values become missing (null).</summary>
    public static Rest.MeteoriteLanding ToRest(this Proto.MeteoriteLanding message) =>
        new()
        {
            Id = message.Id,
            Name = message.Name,
            NameType = message.Nametype,
            RecClass = message.Recclass,
            Fall = message.Fall,
            Mass = message.HasMass ? message.Mass : null,
            Year = message.Year?.ToDateTime(),
            RecLat = message.HasReclat ? message.Reclat : null,
            RecLong = message.HasReclong ? message.Reclong : null,
            GeoLocation = message.Geolocation is { } geo
                ? new Rest.GeoLocation { Type = geo.Type, Coordinates = [.. geo.Coordinates] }
                : null,
        };

    /// <summary>The gRPC list message of a record set.</summary>
    public static Proto.MeteoriteLandingList ToProtoList(this IEnumerable<Rest.MeteoriteLanding> records) =>
        new() { MeteoriteLandings = { records.Select(ToProto) } };

    /// <summary>The REST form of every record in a gRPC list message.</summary>
    public static Rest.MeteoriteLanding[] ToRest(this Proto.MeteoriteLandingList list) =>
        [.. list.MeteoriteLandings.Select(ToRest)];
}
