using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Login;

/// <summary>A login as REST receives it: three short strings.</summary>
public sealed record LoginAttempt
{
    public required string UserName { get; init; }

    public required string Password { get; init; }

    public required string ClientId { get; init; }
}

/// <summary>Source-generated System.Text.Json metadata for the login's bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<LoginAttempt>))]
[JsonSerializable(typeof(IReadOnlyList<LoginAttempt>))]
public sealed partial class LoginJsonContext : JsonSerializerContext;
