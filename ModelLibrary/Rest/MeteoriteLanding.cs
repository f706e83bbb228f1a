using System.Text.Json.Serialization;

namespace ModelLibrary.Rest;

/// <summary>
/// One meteorite-landing record as RestAPI serves it. A null member is a value missing in the source and is left
/// out of the JSON (the ignore condition sits on each member so it holds under any serializer options).
/// </summary>
public sealed record MeteoriteLanding
{
    [JsonPropertyName("id")]
    public required uint Id { get; init; }

    [JsonPropertyName("name")]
    public required string Name { get; init; }

    [JsonPropertyName("nametype")]
    public required string NameType { get; init; }

    [JsonPropertyName("recclass")]
    public required string RecClass { get; init; }

    /// <summary>Mass in grams.</summary>
    [JsonPropertyName("mass")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? Mass { get; init; }

    /// <summary>"Fell" (seen falling) or "Found".</summary>
    [JsonPropertyName("fall")]
    public required string Fall { get; init; }

    /// <summary>Year of fall or find, as midnight UTC on 1 January.</summary>
    [JsonPropertyName("year")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public DateTime? Year { get; init; }

    [JsonPropertyName("reclat")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? RecLat { get; init; }

    [JsonPropertyName("reclong")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? RecLong { get; init; }

    [JsonPropertyName("geolocation")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public GeoLocation? GeoLocation { get; init; }
}
