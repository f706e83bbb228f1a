using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Telemetry;

/// <summary>One sensor's readings as REST serves them: parallel arrays of Unix-millisecond times and values.</summary>
public sealed record TelemetrySeries
{
    public required string Sensor { get; init; }

    public required string Unit { get; init; }

    public required long[] Timestamps { get; init; }

    public required double[] Values { get; init; }
}

/// <summary>Source-generated System.Text.Json metadata for the telemetry's bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<TelemetrySeries>))]
[JsonSerializable(typeof(IReadOnlyList<TelemetrySeries>))]
public sealed partial class TelemetryJsonContext : JsonSerializerContext;
