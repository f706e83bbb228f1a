using System.Text.Json;

namespace RESTvsGRPC.Results;

/// <summary>
/// Refuses, in one line, a results file written in another version of its shape than this build reads.
/// </summary>
public static class SchemaVersions
{
    /// <summary>
    /// Throws <see cref="InvalidDataException"/> unless <paramref name="json"/>'s <c>schemaVersion</c> (1 where absent)
    /// is <paramref name="expected"/> or <paramref name="older"/>; returns the version written.
    /// </summary>
    public static int Require(string file, string json, int expected, int? older = null)
    {
        using var document = JsonDocument.Parse(json);
        var written =
            document.RootElement.ValueKind == JsonValueKind.Object
            && document.RootElement.TryGetProperty("schemaVersion", out var version)
            && version.TryGetInt32(out var number)
                ? number
                : 1;
        if (written != expected && written != older)
        {
            var reads = older is { } also ? $"versions {also} and {expected}" : $"version {expected}";
            throw new InvalidDataException(
                $"'{file}' was written by version {written} of the results format; "
                    + $"this build reads {reads}: rerun the bench, or use the commit that wrote it."
            );
        }

        return written;
    }
}
