using System.Text.Json.Serialization;

namespace ModelLibrary.Rest;

/// <summary>Source-generated System.Text.Json metadata for every REST payload, so no reflection runs per
/// request.</summary>
[JsonSourceGenerationOptions(RespectNullableAnnotations = true)]
[JsonSerializable(typeof(MeteoriteLanding[]))]
[JsonSerializable(typeof(List<MeteoriteLanding>))]
[JsonSerializable(typeof(IReadOnlyList<MeteoriteLanding>))]
[JsonSerializable(typeof(IAsyncEnumerable<MeteoriteLanding>))]
[JsonSerializable(typeof(ApiVersion))]
[JsonSerializable(typeof(PostStatus))]
public sealed partial class MeteoriteJsonContext : JsonSerializerContext;
