using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>
/// SHA-256 of a record set in one canonical text form (fixed field order, doubles in round-trip form, years in
/// UTC ISO-8601, missing fields marked), so a REST response and a gRPC response of the same records hash alike.
/// </summary>
public static class CanonicalHash
{
    /// <summary>Lower-case hex SHA-256 of <paramref name="records"/>, in their order.</summary>
    public static string Of(IReadOnlyList<MeteoriteLanding> records)
    {
        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        var line = new StringBuilder(256);
        foreach (var record in records)
        {
            line.Clear();
            AppendText(line, record.Id.ToString(CultureInfo.InvariantCulture));
            AppendText(line, record.Name);
            AppendText(line, record.NameType);
            AppendText(line, record.RecClass);
            AppendNumber(line, record.Mass);
            AppendText(line, record.Fall);
            AppendText(
                line,
                record
                    .Year?.ToUniversalTime()
                    .ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'", CultureInfo.InvariantCulture)
            );
            AppendNumber(line, record.RecLat);
            AppendNumber(line, record.RecLong);
            AppendText(line, record.GeoLocation?.Type);
            line.Append(record.GeoLocation?.Coordinates.Length ?? -1).Append(';');
            foreach (var coordinate in record.GeoLocation?.Coordinates ?? [])
            {
                AppendNumber(line, coordinate);
            }

            line.Append('\n');
            hash.AppendData(Encoding.UTF8.GetBytes(line.ToString()));
        }

        return Convert.ToHexStringLower(hash.GetHashAndReset());
    }

    // Length-prefixed, so no name can forge a field boundary; "~" alone marks a missing value.
    private static void AppendText(StringBuilder line, string? value)
    {
        if (value is null)
        {
            line.Append("~;");
            return;
        }

        line.Append(value.Length).Append(':').Append(value).Append(';');
    }

    private static void AppendNumber(StringBuilder line, double? value) =>
        AppendText(line, value?.ToString("R", CultureInfo.InvariantCulture));
}
