using System.Globalization;
using System.Text.Json;
using ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>
/// Reads records in the format of NASA's open-data export: numbers written as strings, unknown keys
/// (such as <c>:@computed_region_*</c>) ignored, missing optional fields kept missing.
/// </summary>
public static class NasaExportReader
{
    /// <summary>Reads every record of <paramref name="path"/>; throws <see cref="DataFileException"/> naming the file,
    /// record and field.</summary>
    public static MeteoriteLanding[] ReadFile(string path)
    {
        byte[] bytes;
        try
        {
            bytes = File.ReadAllBytes(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new DataFileException($"data file '{path}' cannot be read: {e.Message}", e);
        }

        return Read(bytes, path);
    }

    /// <summary>Reads every record of a UTF-8 document; <paramref name="fileName"/> only names it in errors.</summary>
    public static MeteoriteLanding[] Read(ReadOnlySpan<byte> utf8, string fileName)
    {
        var records = new List<MeteoriteLanding>();
        var reader = new Utf8JsonReader(utf8);
        try
        {
            if (!reader.Read() || reader.TokenType != JsonTokenType.StartArray)
            {
                throw new DataFileException($"data file '{fileName}': expected a JSON array of records.");
            }

            while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
            {
                records.Add(ReadRecord(ref reader, new Place(fileName, records.Count)));
            }

            if (reader.TokenType != JsonTokenType.EndArray || reader.Read())
            {
                throw new DataFileException(
                    $"data file '{fileName}': the JSON array of records is not closed properly."
                );
            }
        }
        catch (JsonException e)
        {
            throw new DataFileException(
                $"data file '{fileName}', record {records.Count}: malformed JSON at line {e.LineNumber + 1}: "
                    + $"{e.Message}",
                e
            );
        }

        if (records.Count == 0)
        {
            throw new DataFileException($"data file '{fileName}' holds no records.");
        }

        return [.. records];
    }

    private static MeteoriteLanding ReadRecord(ref Utf8JsonReader reader, Place place)
    {
        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw place.Error($"expected an object, found {reader.TokenType}");
        }

        uint? id = null;
        string? name = null,
            nameType = null,
            recClass = null,
            fall = null;
        double? mass = null,
            recLat = null,
            recLong = null;
        DateTime? year = null;
        GeoLocation? geoLocation = null;

        while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
        {
            var field = reader.GetString()!;
            reader.Read();
            switch (field)
            {
                case "id":
                    id = ParseId(ReadScalar(ref reader, place, field), place, field);
                    break;
                case "name":
                    name = ReadScalar(ref reader, place, field);
                    break;
                case "nametype":
                    nameType = ReadScalar(ref reader, place, field);
                    break;
                case "recclass":
                    recClass = ReadScalar(ref reader, place, field);
                    break;
                case "fall":
                    fall = ReadScalar(ref reader, place, field);
                    break;
                case "mass":
                    mass = ParseNumber(ReadScalar(ref reader, place, field), place, field, 0, double.MaxValue);
                    break;
                case "reclat":
                    recLat = ParseNumber(ReadScalar(ref reader, place, field), place, field, -90, 90);
                    break;
                case "reclong":
                    recLong = ParseNumber(ReadScalar(ref reader, place, field), place, field, -180, 180);
                    break;
                case "year":
                    year = ParseYear(ReadScalar(ref reader, place, field), place, field);
                    break;
                case "geolocation":
                    geoLocation = ReadGeoLocation(ref reader, place);
                    break;
                default:
                    reader.Skip();
                    break;
            }
        }

        return new MeteoriteLanding
        {
            Id = id ?? throw place.Missing("id"),
            Name = name ?? throw place.Missing("name"),
            NameType = nameType ?? throw place.Missing("nametype"),
            RecClass = recClass ?? throw place.Missing("recclass"),
            Fall = fall ?? throw place.Missing("fall"),
            Mass = mass,
            Year = year,
            RecLat = recLat,
            RecLong = recLong,
            GeoLocation = geoLocation,
        };
    }

    private static GeoLocation? ReadGeoLocation(ref Utf8JsonReader reader, Place place)
    {
        if (reader.TokenType == JsonTokenType.Null)
        {
            return null;
        }

        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw place.Error($"expected an object, found {reader.TokenType}", "geolocation");
        }

        string? type = null;
        double[]? coordinates = null;
        while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
        {
            var field = reader.GetString()!;
            reader.Read();
            switch (field)
            {
                case "type":
                    type = ReadScalar(ref reader, place, "geolocation.type");
                    break;
                case "coordinates":
                    coordinates = ReadCoordinates(ref reader, place);
                    break;
                default:
                    reader.Skip();
                    break;
            }
        }

        return new GeoLocation
        {
            Type = type ?? throw place.Missing("geolocation.type"),
            Coordinates = coordinates ?? throw place.Missing("geolocation.coordinates"),
        };
    }

    private static double[] ReadCoordinates(ref Utf8JsonReader reader, Place place)
    {
        const string field = "geolocation.coordinates";
        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw place.Error($"expected [longitude, latitude], found {reader.TokenType}", field);
        }

        var values = new List<double>(2);
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            var limit = values.Count == 0 ? 180 : 90;
            values.Add(
                ParseNumber(ReadScalar(ref reader, place, field), place, field, -limit, limit)
                    ?? throw place.Missing(field)
            );
        }

        if (values.Count != 2)
        {
            throw place.Error($"expected [longitude, latitude], found {values.Count} numbers", field);
        }

        return [.. values];
    }

    /// <summary>NASA writes numbers as strings; plain JSON numbers are accepted too. Null means missing.</summary>
    private static string? ReadScalar(ref Utf8JsonReader reader, Place place, string field) =>
        reader.TokenType switch
        {
            JsonTokenType.String => reader.GetString(),
            JsonTokenType.Number => Encoding.GetString(reader.ValueSpan),
            JsonTokenType.Null => null,
            _ => throw place.Error($"expected a string or a number, found {reader.TokenType}", field),
        };

    private static uint? ParseId(string? text, Place place, string field) =>
        text is null ? null
        : uint.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value
        : throw place.Error($"\"{text}\" is not a record id (a whole number from 0 to {uint.MaxValue})", field);

    private static double? ParseNumber(string? text, Place place, string field, double min, double max)
    {
        if (text is null)
        {
            return null;
        }

        if (
            !double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value)
            || !double.IsFinite(value)
        )
        {
            throw place.Error($"\"{text}\" is not a number", field);
        }

        return value >= min && value <= max
            ? value
            : throw place.Error(
                $"{text} is outside [{min.ToString(CultureInfo.InvariantCulture)}, "
                    + $"{max.ToString(CultureInfo.InvariantCulture)}]",
                field
            );
    }

    private static DateTime? ParseYear(string? text, Place place, string field) =>
        text is null ? null
        : DateTime.TryParse(
            text,
            CultureInfo.InvariantCulture,
            DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal,
            out var value
        )
            ? value
        : throw place.Error($"\"{text}\" is not an ISO-8601 date", field);

    private static readonly System.Text.UTF8Encoding Encoding = new(false, true);

    /// <summary>Where the reader is, so every error names file, record and field.</summary>
    private readonly record struct Place(string FileName, int Record)
    {
        public DataFileException Error(string problem, string? field = null) =>
            new(
                field is null
                    ? $"data file '{FileName}', record {Record}: {problem}."
                    : $"data file '{FileName}', record {Record}, field '{field}': {problem}."
            );

        public DataFileException Missing(string field) => Error($"field '{field}' is missing");
    }
}
