using System.Text.Json.Serialization;

namespace ModelLibrary.Rest;

/// <summary>The small payload: the API's version string.</summary>
public sealed record ApiVersion([property: JsonPropertyName("api_version")] string Version)
{
    /// <summary>What both servers report; clients check it.</summary>
    public const string Current = "API Version 1.0";
}
