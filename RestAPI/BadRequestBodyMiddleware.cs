namespace RestAPI;

/// <summary>
/// Turns Kestrel's request-body errors (over the size limit, a broken chunked body) and a gzip body that does not
/// decompress into their status code with problem details, instead of an unhandled exception logged with a stack
/// trace for each bad client request.
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
            await Results.Problem(statusCode: e.StatusCode, detail: e.Message).ExecuteAsync(context);
        }
        catch (InvalidDataException e) when (!context.Response.HasStarted)
        {
            await Results.Problem(statusCode: StatusCodes.Status400BadRequest, detail: $"The request body does not decompress: {e.Message}").ExecuteAsync(context);
        }
    });
}
