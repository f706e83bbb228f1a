using Microsoft.AspNetCore.Mvc;
using ModelLibrary;
using ModelLibrary.Protos;
using RestAPI.Protobuf;
using Rest = ModelLibrary.Rest;

namespace RestAPI.Controllers;

/// <summary>
/// The same three operations with protobuf bodies (the gRPC messages) over the same ASP.NET Core stack, so the
/// benchmark can tell "protobuf vs JSON" apart from "gRPC vs ASP.NET Core MVC".
/// </summary>
[ApiController]
[Route("api/protobuf/MeteoriteLandings")]
public sealed class MeteoriteLandingsProtobufController(MeteoriteDataset dataset) : ControllerBase
{
    [HttpGet]
    [Produces(ProtobufMediaType.Value)]
    public ModelLibrary.Protos.Version GetVersion() => new() { ApiVersion = Rest.ApiVersion.Current };

    /// <summary>Every record, or the first <paramref name="limit"/>, serialized from the in-memory gRPC model on each
    /// call.</summary>
    [HttpGet("LargePayload")]
    [Produces(ProtobufMediaType.Value)]
    public ActionResult<MeteoriteLandingList> GetLargePayload([FromQuery] int? limit)
    {
        if (dataset.LimitProblem(limit) is { } problem)
        {
            return ValidationProblem(problem);
        }

        return limit is { } count ? dataset.FirstAsProto(count) : dataset.ProtoList;
    }

    [HttpPost("LargePayload")]
    [Consumes(ProtobufMediaType.Value)]
    [Produces(ProtobufMediaType.Value)]
    public StatusResponse PostLargePayload([FromBody] MeteoriteLandingList records) =>
        new() { Status = Rest.PostStatus.Success, Received = (uint)records.MeteoriteLandings.Count };
}
