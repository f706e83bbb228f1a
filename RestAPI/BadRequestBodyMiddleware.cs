namespace RestAPI;

/// <summary>
/// Turns Kestrel's request-body errors (over the size limit, a broken chunked body) and a gzip body that does not
/// decompress into their status code with problem details, instead of an unhandled exception logged with a stack
/// trace for each bad client request. The minimal APIs' binding failures (which throw, <c>ThrowOnBadRequest</c>) come here too.
/// </summary>
public static class BadRequestBodyMiddleware
{
    public static IApplicationBuilder UseBadRequestBodyHandling(this IApplicationBuilder app) => app.Use(async (context, next) =>
    {
        try
        {
            await next(context);
        }
        catch (BadHttpRequestException e) when (!context.Response.HasStarted)
        {
            // A minimal API's body that does not parse: the JSON path that broke, as the controllers say it, not the parameter's .NET type.
            var detail = e.InnerException is System.Text.Json.JsonException { Path: var path }
                ? $"The request body is not the JSON this operation takes (at {path ?? "$"})."
                : e.Message;
            await Results.Problem(statusCode: e.StatusCode, detail: detail).ExecuteAsync(context);
        }
        catch (InvalidDataException e) when (!context.Response.HasStarted)
        {
            await Results.Problem(statusCode: StatusCodes.Status400BadRequest, detail: $"The request body does not decompress: {e.Message}").ExecuteAsync(context);
        }
    });
}
