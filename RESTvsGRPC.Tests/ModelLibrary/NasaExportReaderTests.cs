using System.Text;
using ModelLibrary;

namespace RESTvsGRPC.Tests.ModelLibrary;

public sealed class NasaExportReaderTests
{
    private const string Valid =
        "{\"fall\":\"Fell\",\"geolocation\":{\"type\":\"Point\",\"coordinates\":[6.08333,50.775]},"
        + "\"id\":\"1\",\"mass\":\"21\",\"name\":\"Alpha\",\"nametype\":\"Valid\",\"recclass\":\"L5\","
        + "\"reclat\":\"50.775000\",\"reclong\":\"6.083330\",\"year\":\"1880-01-01T00:00:00.00Z\"}";

    private static DataFileException ReadError(string json) =>
        Assert.Throws<DataFileException>(() => NasaExportReader.Read(Encoding.UTF8.GetBytes(json), "x.json"));

    [Fact]
    public void Reader_parses_numbers_written_as_strings()
    {
        var record = Assert.Single(NasaExportReader.Read(Encoding.UTF8.GetBytes($"[{Valid}]"), "x.json"));

        Assert.Equal(1u, record.Id);
        Assert.Equal("Alpha", record.Name);
        Assert.Equal(21.0, record.Mass);
        Assert.Equal(50.775, record.RecLat);
        Assert.Equal(6.08333, record.RecLong);
        Assert.Equal(new DateTime(1880, 1, 1, 0, 0, 0, DateTimeKind.Utc), record.Year);
        Assert.Equal(DateTimeKind.Utc, record.Year!.Value.Kind);
        Assert.Equal([6.08333, 50.775], record.GeoLocation!.Coordinates);
    }

    [Fact]
    public void Reader_ignores_unknown_keys_such_as_computed_regions()
    {
        var json = $"[{Valid.TrimEnd('}')},\":@computed_region_cbhk_fwbd\":\"29\",\"extra\":{{\"nested\":[1,2]}}}}]";

        var record = Assert.Single(NasaExportReader.Read(Encoding.UTF8.GetBytes(json), "x.json"));

        Assert.Equal("Alpha", record.Name);
    }

    [Fact]
    public void Reader_keeps_missing_optional_fields_missing()
    {
        const string json = """[{"fall":"Found","id":"7","name":"Beta","nametype":"Valid","recclass":"H5"}]""";

        var record = Assert.Single(NasaExportReader.Read(Encoding.UTF8.GetBytes(json), "x.json"));

        Assert.Null(record.Mass);
        Assert.Null(record.Year);
        Assert.Null(record.RecLat);
        Assert.Null(record.RecLong);
        Assert.Null(record.GeoLocation);
    }

    [Fact]
    public void Loader_names_file_record_and_field_on_bad_number()
    {
        var error = ReadError($"[{Valid},{Valid.Replace("\"mass\":\"21\"", "\"mass\":\"abc\"")}]");

        Assert.Equal("data file 'x.json', record 1, field 'mass': \"abc\" is not a number.", error.Message);
    }

    [Fact]
    public void Loader_names_the_missing_required_field()
    {
        var error = ReadError($"[{Valid},{Valid},{Valid.Replace("\"name\":\"Alpha\",", "")}]");

        Assert.Equal("data file 'x.json', record 2: field 'name' is missing.", error.Message);
    }

    [Fact]
    public void Loader_rejects_latitude_outside_the_globe()
    {
        var error = ReadError($"[{Valid.Replace("\"reclat\":\"50.775000\"", "\"reclat\":\"91.5\"")}]");

        Assert.Contains("record 0, field 'reclat': 91.5 is outside [-90, 90]", error.Message);
    }

    [Fact]
    public void Loader_rejects_a_bad_year()
    {
        var error = ReadError($"[{Valid.Replace("1880-01-01T00:00:00.00Z", "last spring")}]");

        Assert.Contains("record 0, field 'year': \"last spring\" is not an ISO-8601 date", error.Message);
    }

    [Fact]
    public void Loader_rejects_coordinates_that_are_not_a_pair()
    {
        var error = ReadError($"[{Valid.Replace("[6.08333,50.775]", "[6.08333]")}]");

        Assert.Contains(
            "record 0, field 'geolocation.coordinates': expected [longitude, latitude], found 1 numbers",
            error.Message
        );
    }

    [Fact]
    public void Loader_names_the_record_where_json_is_truncated()
    {
        var json = $"[{Valid},{Valid},{Valid}]";

        var error = ReadError(json[..(json.Length - 40)]);

        Assert.StartsWith("data file 'x.json', record 2: malformed JSON", error.Message);
    }

    [Fact]
    public void Loader_rejects_a_document_that_is_not_an_array()
    {
        var error = ReadError(Valid);

        Assert.Equal("data file 'x.json': expected a JSON array of records.", error.Message);
    }

    [Fact]
    public void Loader_rejects_an_empty_array()
    {
        var error = ReadError("[]");

        Assert.Equal("data file 'x.json' holds no records.", error.Message);
    }

    [Fact]
    public void Loader_names_a_file_that_does_not_exist()
    {
        var path = Path.Combine(Path.GetTempPath(), $"missing-{Guid.NewGuid():N}.json");

        var error = Assert.Throws<DataFileException>(() => NasaExportReader.ReadFile(path));

        Assert.StartsWith($"data file '{path}' cannot be read", error.Message);
    }
}
