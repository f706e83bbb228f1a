using System.Text;
using Microsoft.Net.Http.Headers;

namespace RestAPI;

/// <summary>
/// Turns Kestrel's request-body errors (over the size limit, a broken chunked body) and a gzip body that does not
/// decompress into their status code with problem details, instead of an unhandled exception logged with a stack trace
/// for each bad client request. The minimal APIs' binding failures (which throw, <c>ThrowOnBadRequest</c>) and a JSON
/// body in an unknown charset come here too.
/// </summary>
public static class BadRequestBodyMiddleware
{
    public static IApplicationBuilder UseBadRequestBodyHandling(this IApplicationBuilder app) =>
        app.Use(
            async (context, next) =>
            {
                try
                {
                    await next(context);
                }
                catch (BadHttpRequestException e) when (!context.Response.HasStarted)
                {
                    // A minimal API's body that does not parse: the JSON path that broke, as the controllers say it,
                    // not the parameter's .NET type.
                    var detail = e.InnerException is System.Text.Json.JsonException { Path: var path }
                        ? $"The request body is not the JSON this operation takes (at {path ?? "$"})."
                        : e.Message;
                    await Results.Problem(statusCode: e.StatusCode, detail: detail).ExecuteAsync(context);
                }
                catch (InvalidDataException e) when (!context.Response.HasStarted)
                {
                    await Results
                        .Problem(
                            statusCode: StatusCodes.Status400BadRequest,
                            detail: $"The request body does not decompress: {e.Message}"
                        )
                        .ExecuteAsync(context);
                }
                catch (InvalidOperationException)
                    when (!context.Response.HasStarted && UnknownCharset(context.Request.ContentType))
                {
                    // A minimal API's JSON body in a charset no encoding knows throws (a 500); the controllers answer
                    // 415, and so does this.
                    await Results
                        .Problem(
                            statusCode: StatusCodes.Status415UnsupportedMediaType,
                            detail: "The request body's charset is not one this server reads."
                        )
                        .ExecuteAsync(context);
                }
            }
        );

    private static bool UnknownCharset(string? contentType)
    {
        if (!MediaTypeHeaderValue.TryParse(contentType, out var media) || media.Charset is not { Length: > 0 } charset)
        {
            return false;
        }

        try
        {
            _ = Encoding.GetEncoding(charset.Value!);
            return false;
        }
        catch (ArgumentException)
        {
            return true;
        }
    }
}
