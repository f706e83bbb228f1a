using System.Text.Json.Serialization;

namespace ModelLibrary.Rest;

/// <summary>The answer to a large POST: how many records the server parsed.</summary>
public sealed record PostStatus(
    [property: JsonPropertyName("status")] string Status,
    [property: JsonPropertyName("received")] uint Received
)
{
    public const string Success = "SUCCESS";
}
