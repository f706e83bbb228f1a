using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using ModelLibrary;
using ModelLibrary.Rest;

namespace RestAPI;

/// <summary>
/// The controller's three operations as minimal APIs under <see cref="Prefix"/>: the same routes, records, JSON
/// context and answers on the same server, so the benchmark sees what MVC costs over a route handler.
/// </summary>
public static class MinimalApis
{
    /// <summary>Where the minimal APIs sit, beside the controller's <c>api/MeteoriteLandings</c>.</summary>
    public const string Prefix = "minimal/MeteoriteLandings";

    public static IEndpointRouteBuilder MapMinimalApis(this IEndpointRouteBuilder app)
    {
        var landings = app.MapGroup(Prefix);
        landings.MapGet("", () => TypedResults.Ok(new ApiVersion(ApiVersion.Current)));
        landings.MapGet("LargePayload", GetLargePayload);
        landings.MapPost("LargePayload", PostLargePayload);
        return app;
    }

    /// <summary>Every record, or the first <paramref name="limit"/>; a limit out of range is a 400 with the
    /// controller's words.</summary>
    private static Results<Ok<IReadOnlyList<MeteoriteLanding>>, ProblemHttpResult> GetLargePayload(
        MeteoriteDataset dataset,
        int? limit
    ) =>
        dataset.LimitProblem(limit) is { } problem
            ? TypedResults.Problem(problem, statusCode: StatusCodes.Status400BadRequest)
            : TypedResults.Ok(limit is { } count ? dataset.First(count) : dataset.Records);

    /// <summary>Parses the whole body (JSON only: any other content type is a 415) and says how many records it
    /// held.</summary>
    private static Results<Ok<PostStatus>, ProblemHttpResult> PostLargePayload(
        [FromBody] List<MeteoriteLanding> records
    ) =>
        records.Contains(null!)
            ? TypedResults.Problem("The array holds a null record.", statusCode: StatusCodes.Status400BadRequest)
            : TypedResults.Ok(new PostStatus(PostStatus.Success, (uint)records.Count));
}
