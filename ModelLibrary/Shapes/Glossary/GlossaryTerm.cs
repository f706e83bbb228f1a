using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Glossary;

/// <summary>A glossary entry as REST serves it: a keyword, a description of a few sentences and its source.</summary>
public sealed record GlossaryTerm
{
    public required uint Id { get; init; }

    public required string Keyword { get; init; }

    public required string Description { get; init; }

    public required string Source { get; init; }
}

/// <summary>Source-generated System.Text.Json metadata for the glossary's bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<GlossaryTerm>))]
[JsonSerializable(typeof(IReadOnlyList<GlossaryTerm>))]
public sealed partial class GlossaryJsonContext : JsonSerializerContext;
