using System.Text.Encodings.Web;
using System.Text.Json;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;

namespace RestAPI.Controllers.Shapes;

/// <summary>
/// The controllers' JSON options with System.Text.Json's own default encoder, <see cref="JavaScriptEncoder.Default"/>:
/// every non-ASCII letter written as a six-byte <c>\uXXXX</c> escape, as <c>JsonSerializer</c> writes it unless told
/// otherwise. MVC's output formatter writes with the relaxed encoder where no encoder is set, so this is the twin.
/// </summary>
public sealed class EscapedJson(IOptions<JsonOptions> options)
{
    /// <summary>The serializer options the escaped twin writes with.</summary>
    public JsonSerializerOptions Options { get; } =
        new(options.Value.JsonSerializerOptions) { Encoder = JavaScriptEncoder.Default };
}
