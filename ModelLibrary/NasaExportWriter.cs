using System.Globalization;
using System.Text.Encodings.Web;
using System.Text.Json;
using ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>
/// Writes records in the format of NASA's open-data export (keys in alphabetical order, numbers as strings,
/// one record per line), so generated files and real downloads go through the same reader.
/// </summary>
public static class NasaExportWriter
{
    /// <summary>Writes <paramref name="records"/> to <paramref name="path"/>, replacing it.</summary>
    public static void WriteFile(string path, IReadOnlyList<MeteoriteLanding> records) =>
        File.WriteAllBytes(path, Write(records));

    /// <summary>The UTF-8 bytes of <paramref name="records"/> in NASA's export format.</summary>
    public static byte[] Write(IReadOnlyList<MeteoriteLanding> records)
    {
        using var stream = new MemoryStream();
        stream.WriteByte((byte)'[');
        // Raw UTF-8 for names such as "Morávka", as NASA writes them.
        using (
            var writer = new Utf8JsonWriter(
                stream,
                new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }
            )
        )
        {
            for (var i = 0; i < records.Count; i++)
            {
                if (i > 0)
                {
                    writer.Flush();
                    stream.Write("\n,"u8);
                    writer.Reset();
                }

                WriteRecord(writer, records[i]);
            }
        }

        stream.Write("]\n"u8);
        return stream.ToArray();
    }

    private static void WriteRecord(Utf8JsonWriter writer, MeteoriteLanding record)
    {
        writer.WriteStartObject();
        writer.WriteString("fall", record.Fall);
        if (record.GeoLocation is { } geo)
        {
            writer.WriteStartObject("geolocation");
            writer.WriteString("type", geo.Type);
            writer.WriteStartArray("coordinates");
            foreach (var coordinate in geo.Coordinates)
            {
                writer.WriteNumberValue(coordinate);
            }

            writer.WriteEndArray();
            writer.WriteEndObject();
        }

        writer.WriteString("id", record.Id.ToString(CultureInfo.InvariantCulture));
        if (record.Mass is { } mass)
        {
            writer.WriteString("mass", mass.ToString("R", CultureInfo.InvariantCulture));
        }

        writer.WriteString("name", record.Name);
        writer.WriteString("nametype", record.NameType);
        writer.WriteString("recclass", record.RecClass);
        if (record.RecLat is { } lat)
        {
            writer.WriteString("reclat", lat.ToString("F6", CultureInfo.InvariantCulture));
        }

        if (record.RecLong is { } lon)
        {
            writer.WriteString("reclong", lon.ToString("F6", CultureInfo.InvariantCulture));
        }

        if (record.Year is { } year)
        {
            writer.WriteString("year", year.ToString("yyyy-MM-dd'T'HH:mm:ss.ff'Z'", CultureInfo.InvariantCulture));
        }

        writer.WriteEndObject();
    }
}
