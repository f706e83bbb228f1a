using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients.Grpc;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// Calls GrpcAPI's four operations over one connection and returns typed messages, as a client generated from
/// meteorites.proto over a GrpcChannel would. A status other than OK is an exception, never a result.
/// </summary>
public sealed class GrpcClient : IDisposable
{
    private static readonly Google.Protobuf.Reflection.ServiceDescriptor Service = MeteoritesReflection.Descriptor.Services.Single();
    private static readonly GrpcMethod<EmptyRequest, ModelLibrary.Protos.Version> GetVersion = new(Service.FindMethodByName(nameof(GetVersion)));
    private static readonly GrpcMethod<LargePayloadRequest, MeteoriteLanding> GetLargePayload = new(Service.FindMethodByName(nameof(GetLargePayload)));
    private static readonly GrpcMethod<LargePayloadRequest, MeteoriteLandingList> GetLargePayloadAsList = new(Service.FindMethodByName(nameof(GetLargePayloadAsList)));
    private static readonly GrpcMethod<MeteoriteLandingList, StatusResponse> PostLargePayload = new(Service.FindMethodByName(nameof(PostLargePayload)));
    private static readonly EmptyRequest Empty = new();
    private static readonly LargePayloadRequest Everything = new();

    private readonly GrpcConnection _connection;

    public GrpcClient(HttpTransport transport) => _connection = new GrpcConnection(transport);

    public HttpTransport Transport => _connection.Transport;

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public System.Version? LastResponseVersion => _connection.LastResponseVersion;

    public Task<ModelLibrary.Protos.Version> GetSmallPayloadAsync() => _connection.UnaryAsync(GetVersion, Empty);

    /// <summary>Every record, or the first <paramref name="limit"/>, in one message.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsListAsync(uint? limit = null) => _connection.UnaryAsync(GetLargePayloadAsList, Request(limit));

    /// <summary>Every record (or the first <paramref name="limit"/>) as its own message, each read as it arrives, collected in arrival order.</summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadAsync(uint? limit = null)
    {
        using var call = await _connection.ServerStreamingAsync(GetLargePayload, Request(limit));
        var records = new List<MeteoriteLanding>();
        while (await call.MoveNextAsync())
        {
            records.Add(call.Current);
        }

        return records;
    }

    /// <summary>Serializes the list into one length-prefixed message per call, as a generated client does.</summary>
    public Task<StatusResponse> PostLargePayloadAsync(MeteoriteLandingList records) => _connection.UnaryAsync(PostLargePayload, records);

    public void Dispose() => _connection.Dispose();

    private static LargePayloadRequest Request(uint? limit) => limit is { } count ? new LargePayloadRequest { Limit = count } : Everything;
}
