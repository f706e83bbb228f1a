using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Blobs;

/// <summary>A thumbnail as REST serves it: its bytes (base64 in JSON) and a few fields about them.</summary>
public sealed record Thumbnail
{
    public required uint Id { get; init; }

    public required string FileName { get; init; }

    public required string ContentType { get; init; }

    public required uint Width { get; init; }

    public required uint Height { get; init; }

    public required byte[] Data { get; init; }
}

/// <summary>Source-generated System.Text.Json metadata for the thumbnails' bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<Thumbnail>))]
[JsonSerializable(typeof(IReadOnlyList<Thumbnail>))]
public sealed partial class ThumbnailJsonContext : JsonSerializerContext;
