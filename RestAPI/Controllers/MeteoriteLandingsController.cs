using Microsoft.AspNetCore.Mvc;
using ModelLibrary;
using ModelLibrary.Rest;

namespace RestAPI.Controllers;

/// <summary>The three REST operations the benchmark compares with their gRPC twins.</summary>
[ApiController]
[Route("api/[controller]")]
public sealed class MeteoriteLandingsController(MeteoriteDataset dataset) : ControllerBase
{
    /// <summary>The small payload.</summary>
    [HttpGet]
    public ApiVersion GetVersion() => new(ApiVersion.Current);

    /// <summary>Every record, or the first <paramref name="limit"/>, serialized from memory on each call.</summary>
    [HttpGet("LargePayload")]
    public ActionResult<IReadOnlyList<MeteoriteLanding>> GetLargePayload([FromQuery] int? limit)
    {
        if (dataset.LimitProblem(limit) is { } problem)
        {
            return ValidationProblem(problem);
        }

        return limit is { } count ? new(dataset.First(count)) : new(dataset.Records);
    }

    /// <summary>
    /// The same JSON array, produced from an <see cref="IAsyncEnumerable{T}"/>: System.Text.Json writes and flushes it
    /// a buffer at a time as the records are enumerated, for clients that read it record by record.
    /// </summary>
    [HttpGet("LargePayload/Stream")]
    public ActionResult<IAsyncEnumerable<MeteoriteLanding>> StreamLargePayload([FromQuery] int? limit)
    {
        if (dataset.LimitProblem(limit) is { } problem)
        {
            return ValidationProblem(problem);
        }

        return new((limit is { } count ? dataset.First(count) : dataset.Records).ToAsyncEnumerable());
    }

    /// <summary>Parses the whole body and says how many records it held.</summary>
    [HttpPost("LargePayload")]
    [Consumes("application/json")]
    public ActionResult<PostStatus> PostLargePayload([FromBody] List<MeteoriteLanding> records)
    {
        if (records.Contains(null!))
        {
            return ValidationProblem(detail: "The array holds a null record.");
        }

        return new PostStatus(PostStatus.Success, (uint)records.Count);
    }
}
