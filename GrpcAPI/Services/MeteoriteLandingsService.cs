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
    /// <summary>The small payload.</summary>
    public Task<ModelLibrary.Protos.Version> GetVersion(EmptyRequest request, ServerCallContext context) =>
        Task.FromResult(new ModelLibrary.Protos.Version { ApiVersion = Rest.ApiVersion.Current });

    /// <summary>One message per record, each sent as soon as it is written: the reference benchmark's stream.</summary>
    public async Task GetLargePayload(EmptyRequest request, IServerStreamWriter<MeteoriteLanding> responseStream, ServerCallContext context)
    {
        var records = dataset.ProtoList.MeteoriteLandings;
        for (var i = 0; i < records.Count; i++)
        {
            await responseStream.WriteAsync(records[i]);
        }
    }

    /// <summary>Every record in one message.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsList(EmptyRequest request, ServerCallContext context) =>
        Task.FromResult(dataset.ProtoList);

    /// <summary>Counts the records received; an empty list is valid and counts 0.</summary>
    public Task<StatusResponse> PostLargePayload(MeteoriteLandingList request, ServerCallContext context) =>
        Task.FromResult(new StatusResponse { Status = Rest.PostStatus.Success, Received = (uint)request.MeteoriteLandings.Count });
}
