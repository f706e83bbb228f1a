using GrpcWire;
using ModelLibrary;
using ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace GrpcAPI.Services;

/// <summary>
/// <c>meteorites.v1.MeteoriteLandingsService</c>: the gRPC twin of RestAPI's controller, serving the records held
/// in memory. It sees messages and a call context, never framing or HTTP.
/// </summary>
public sealed class MeteoriteLandingsService(MeteoriteDataset dataset)
{
    /// <summary>Records per message of the chunked stream.</summary>
    public const int ChunkSize = 100;

    /// <summary>The small payload.</summary>
    public Task<ModelLibrary.Protos.Version> GetVersion(EmptyRequest request, ServerCallContext context) =>
        Task.FromResult(new ModelLibrary.Protos.Version { ApiVersion = Rest.ApiVersion.Current });

    /// <summary>One message per record (every record, or the first <c>limit</c>), each sent as soon as it is written: the reference benchmark's stream.</summary>
    public async Task GetLargePayload(LargePayloadRequest request, IServerStreamWriter<MeteoriteLanding> responseStream, ServerCallContext context)
    {
        var records = dataset.ProtoList.MeteoriteLandings;
        var count = Count(request);
        for (var i = 0; i < count; i++)
        {
            await responseStream.WriteAsync(records[i]);
        }
    }

    /// <summary>The same stream written with BufferHint: the messages leave together when the call ends.</summary>
    public async Task GetLargePayloadBuffered(LargePayloadRequest request, IServerStreamWriter<MeteoriteLanding> responseStream, ServerCallContext context)
    {
        responseStream.WriteOptions = new WriteOptions(WriteFlags.BufferHint);
        await GetLargePayload(request, responseStream, context);
    }

    /// <summary>The records in messages of up to <see cref="ChunkSize"/>, each flushed as it is written.</summary>
    public async Task GetLargePayloadChunked(LargePayloadRequest request, IServerStreamWriter<MeteoriteLandingList> responseStream, ServerCallContext context)
    {
        var records = dataset.ProtoList.MeteoriteLandings;
        var count = Count(request);
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
    public Task<MeteoriteLandingList> GetLargePayloadAsList(LargePayloadRequest request, ServerCallContext context) =>
        Task.FromResult(request.HasLimit ? dataset.FirstAsProto(Count(request)) : dataset.ProtoList);

    /// <summary>How many records the request asks for; INVALID_ARGUMENT, with REST's words, for a limit out of range.</summary>
    private int Count(LargePayloadRequest request) => dataset.LimitProblem(request.HasLimit ? request.Limit : null) is { } problem
        ? throw new RpcException(StatusCode.InvalidArgument, problem)
        : request.HasLimit ? (int)request.Limit : dataset.Count;

    /// <summary>Counts the records received; an empty list is valid and counts 0.</summary>
    public Task<StatusResponse> PostLargePayload(MeteoriteLandingList request, ServerCallContext context) =>
        Task.FromResult(new StatusResponse { Status = Rest.PostStatus.Success, Received = (uint)request.MeteoriteLandings.Count });
}
