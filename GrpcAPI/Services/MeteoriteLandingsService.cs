using Grpc.Core;
using ModelLibrary;
using ModelLibrary.Protos;
using GrpcBase = ModelLibrary.Protos.MeteoriteLandingsService;
using Rest = ModelLibrary.Rest;

namespace GrpcAPI.Services;

/// <summary>
/// <c>meteorites.v1.MeteoriteLandingsService</c>: the gRPC twin of RestAPI's controller, serving the records held
/// in memory. It sees messages and a call context; grpc-dotnet does the framing, status and deadlines.
/// </summary>
public sealed class MeteoriteLandingsService(MeteoriteDataset dataset) : GrpcBase.MeteoriteLandingsServiceBase
{
    /// <summary>Records per message of the chunked stream.</summary>
    public const int ChunkSize = 100;

    /// <summary>The small payload.</summary>
    public override Task<ModelLibrary.Protos.Version> GetVersion(EmptyRequest request, ServerCallContext context) =>
        ReplyAsync(new ModelLibrary.Protos.Version { ApiVersion = Rest.ApiVersion.Current }, context);

    /// <summary>One message per record (every record, or the first <c>limit</c>), each flushed as it is written: the
    /// reference benchmark's stream.</summary>
    public override async Task GetLargePayload(
        LargePayloadRequest request,
        IServerStreamWriter<MeteoriteLanding> responseStream,
        ServerCallContext context
    )
    {
        var count = Count(request);
        await CompressIfAskedAsync(context);
        var records = dataset.ProtoList.MeteoriteLandings;
        for (var i = 0; i < count; i++)
        {
            await responseStream.WriteAsync(records[i]);
        }
    }

    /// <summary>The same stream written with BufferHint: the messages leave together when the call ends.</summary>
    public override Task GetLargePayloadBuffered(
        LargePayloadRequest request,
        IServerStreamWriter<MeteoriteLanding> responseStream,
        ServerCallContext context
    )
    {
        responseStream.WriteOptions = new WriteOptions(WriteFlags.BufferHint);
        return GetLargePayload(request, responseStream, context);
    }

    /// <summary>The records in messages of up to <see cref="ChunkSize"/>, each flushed as it is written.</summary>
    public override async Task GetLargePayloadChunked(
        LargePayloadRequest request,
        IServerStreamWriter<MeteoriteLandingList> responseStream,
        ServerCallContext context
    )
    {
        var count = Count(request);
        await CompressIfAskedAsync(context);
        var records = dataset.ProtoList.MeteoriteLandings;
        for (var start = 0; start < count; start += ChunkSize)
        {
            var chunk = new MeteoriteLandingList();
            for (var i = start; i < Math.Min(start + ChunkSize, count); i++)
            {
                chunk.MeteoriteLandings.Add(records[i]);
            }

            await responseStream.WriteAsync(chunk);
        }
    }

    /// <summary>Every record, or the first <c>limit</c>, in one message.</summary>
    public override Task<MeteoriteLandingList> GetLargePayloadAsList(
        LargePayloadRequest request,
        ServerCallContext context
    ) => ReplyAsync(request.HasLimit ? dataset.FirstAsProto(Count(request)) : dataset.ProtoList, context);

    /// <summary>Counts the records received; an empty list is valid and counts 0.</summary>
    public override Task<StatusResponse> PostLargePayload(MeteoriteLandingList request, ServerCallContext context) =>
        ReplyAsync(
            new StatusResponse { Status = Rest.PostStatus.Success, Received = (uint)request.MeteoriteLandings.Count },
            context
        );

    /// <summary>How many records the request asks for; INVALID_ARGUMENT, with REST's words, for a limit out of
    /// range.</summary>
    private int Count(LargePayloadRequest request) =>
        dataset.LimitProblem(request.HasLimit ? request.Limit : null) is { } problem
            ? throw new RpcException(new Status(StatusCode.InvalidArgument, problem))
        : request.HasLimit ? (int)request.Limit
        : dataset.Count;

    /// <summary>A unary answer; asynchronous only where the client asked for a compressed response.</summary>
    private static Task<T> ReplyAsync<T>(T response, ServerCallContext context) =>
        AskedCompression(context) is null ? Task.FromResult(response) : CompressedReplyAsync(response, context);

    private static async Task<T> CompressedReplyAsync<T>(T response, ServerCallContext context)
    {
        await CompressIfAskedAsync(context);
        return response;
    }

    /// <summary>
    /// Switches this call's responses to the encoding named by <see cref="GrpcCallHeaders.ResponseCompression"/>, where
    /// the client asked for one the server has and accepts it: grpc-dotnet's per-call compression, which sends the
    /// response headers at once.
    /// </summary>
    private static Task CompressIfAskedAsync(ServerCallContext context) =>
        AskedCompression(context) is { } encoding
            ? context.WriteResponseHeadersAsync(new Metadata { { "grpc-internal-encoding-request", encoding } })
            : Task.CompletedTask;

    private static string? AskedCompression(ServerCallContext context)
    {
        var headers = context.GetHttpContext().Request.Headers;
        if (!headers.TryGetValue(GrpcCallHeaders.ResponseCompression, out var asked))
        {
            return null;
        }

        var encoding = asked.ToString();
        return
            encoding is "gzip" or "deflate"
            && headers.TryGetValue("grpc-accept-encoding", out var accepted)
            && accepted.ToString().Split(',', StringSplitOptions.TrimEntries).Contains(encoding)
            ? encoding
            : null;
    }
}
