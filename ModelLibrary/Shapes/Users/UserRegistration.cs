using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Users;

/// <summary>A user's registration as REST receives it; the password hash is 32 bytes (base64 in JSON).</summary>
public sealed record UserRegistration
{
    public required uint Id { get; init; }

    public required string UserName { get; init; }

    public required string Email { get; init; }

    public required string DisplayName { get; init; }

    public required byte[] PasswordHash { get; init; }

    public required DateTime CreatedAt { get; init; }

    public required bool EmailVerified { get; init; }

    public required bool Administrator { get; init; }

    public required bool Newsletter { get; init; }
}

/// <summary>Source-generated System.Text.Json metadata for the registrations' bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<UserRegistration>))]
[JsonSerializable(typeof(IReadOnlyList<UserRegistration>))]
public sealed partial class UserJsonContext : JsonSerializerContext;
