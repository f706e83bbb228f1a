using System.Text.Json.Serialization;

namespace ModelLibrary.Rest;

/// <summary>A GeoJSON point: <c>coordinates</c> is [longitude, latitude].</summary>
public sealed record GeoLocation
{
    [JsonPropertyName("type")]
    public required string Type { get; init; }

    [JsonPropertyName("coordinates")]
    public required double[] Coordinates { get; init; }

    /// <summary>Structural equality: records compare arrays by reference otherwise.</summary>
    public bool Equals(GeoLocation? other) =>
        other is not null && Type == other.Type && Coordinates.AsSpan().SequenceEqual(other.Coordinates);

    public override int GetHashCode() => HashCode.Combine(Type, Coordinates.Length);
}
