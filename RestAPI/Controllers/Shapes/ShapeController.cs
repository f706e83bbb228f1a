using Google.Protobuf;
using Microsoft.AspNetCore.Mvc;
using ModelLibrary.Protos;
using ModelLibrary.Shapes;
using RestAPI.Protobuf;
using Rest = ModelLibrary.Rest;

namespace RestAPI.Controllers.Shapes;

/// <summary>
/// One payload shape's operations as a team writes a typed controller: GET a size, POST records, with JSON bodies
/// (MVC's default, the relaxed encoder, and a twin with System.Text.Json's escaping one) and protobuf bodies. One
/// closed type per shape of <see cref="ShapeCatalogue"/>; <see cref="ShapeControllers"/> adds them and fills the
/// <c>[shape]</c> route token.
/// </summary>
[ApiController]
public sealed class ShapeController<TShape, TRecord, TList>(TShape shape, EscapedJson escaped) : ControllerBase
    where TShape : PayloadShape<TRecord, TList>
    where TRecord : class
    where TList : class, IMessage<TList>, new()
{
    [HttpGet("api/shapes/[shape]/{size}")]
    public ActionResult<IReadOnlyList<TRecord>> Get(string size) =>
        PayloadShape.TryParseSize(size, out var parsed) ? Ok(shape.Records(parsed)) : SizeNotFound(size);

    /// <summary>The same records with every non-ASCII letter escaped, as System.Text.Json's default encoder writes
    /// them.</summary>
    [HttpGet("api/escaped/shapes/[shape]/{size}")]
    public ActionResult<IReadOnlyList<TRecord>> GetEscaped(string size) =>
        PayloadShape.TryParseSize(size, out var parsed)
            ? new JsonResult(shape.Records(parsed), escaped.Options)
            : SizeNotFound(size);

    [HttpGet("api/protobuf/shapes/[shape]/{size}")]
    [Produces(ProtobufMediaType.Value)]
    public ActionResult<TList> GetProtobuf(string size) =>
        PayloadShape.TryParseSize(size, out var parsed) ? shape.Message(parsed) : SizeNotFound(size);

    [HttpPost("api/shapes/[shape]")]
    [Consumes("application/json")]
    public ActionResult<Rest.PostStatus> Post([FromBody] List<TRecord> records) =>
        records.Contains(null!)
            ? ValidationProblem(detail: "The array holds a null record.")
            : new Rest.PostStatus(Rest.PostStatus.Success, (uint)records.Count);

    [HttpPost("api/protobuf/shapes/[shape]")]
    [Consumes(ProtobufMediaType.Value)]
    [Produces(ProtobufMediaType.Value)]
    public StatusResponse PostProtobuf([FromBody] TList records) =>
        new() { Status = Rest.PostStatus.Success, Received = (uint)shape.CountOf(records) };

    private NotFoundObjectResult SizeNotFound(string size) =>
        NotFound(
            new ProblemDetails
            {
                Status = StatusCodes.Status404NotFound,
                Detail = $"{shape.Name} has no size '{size}': small or large.",
            }
        );
}
