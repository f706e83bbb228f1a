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
    private static readonly GrpcMethod<LargePayloadRequest, MeteoriteLanding> GetLargePayloadBuffered = new(Service.FindMethodByName(nameof(GetLargePayloadBuffered)));
    private static readonly GrpcMethod<LargePayloadRequest, MeteoriteLandingList> GetLargePayloadChunked = new(Service.FindMethodByName(nameof(GetLargePayloadChunked)));
    private static readonly GrpcMethod<LargePayloadRequest, MeteoriteLandingList> GetLargePayloadAsList = new(Service.FindMethodByName(nameof(GetLargePayloadAsList)));
    private static readonly GrpcMethod<MeteoriteLandingList, StatusResponse> PostLargePayload = new(Service.FindMethodByName(nameof(PostLargePayload)));
    private static readonly EmptyRequest Empty = new();
    private static readonly LargePayloadRequest Everything = new();

    private readonly GrpcConnection _connection;
    private readonly GrpcCallOptions _options;
    private readonly GrpcCallOptions _postOptions;

    /// <summary>A client over one connection; with <paramref name="compression"/>, every response is asked for compressed and the POST's message is sent compressed.</summary>
    public GrpcClient(HttpTransport transport, GrpcWire.MessageCompression? compression = null)
    {
        _connection = new GrpcConnection(transport);
        _options = new GrpcCallOptions(ResponseCompression: compression);
        _postOptions = new GrpcCallOptions(RequestCompression: compression, ResponseCompression: compression);
    }

    public HttpTransport Transport => _connection.Transport;

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public System.Version? LastResponseVersion => _connection.LastResponseVersion;

    public Task<ModelLibrary.Protos.Version> GetSmallPayloadAsync() => _connection.UnaryAsync(GetVersion, Empty, _options);

    /// <summary>Every record, or the first <paramref name="limit"/>, in one message.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsListAsync(uint? limit = null) => _connection.UnaryAsync(GetLargePayloadAsList, Request(limit), _options);

    /// <summary>Every record (or the first <paramref name="limit"/>) as its own message, each read as it arrives, collected in arrival order.</summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadAsync(uint? limit = null)
    {
        var records = new List<MeteoriteLanding>();
        await ConsumeStreamAsync(limit, records.Add);
        return records;
    }

    /// <summary>The same stream written by the server with BufferHint (sent together at the end).</summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadBufferedAsync(uint? limit = null)
    {
        var records = new List<MeteoriteLanding>();
        await ConsumeStreamAsync(limit, records.Add, buffered: true);
        return records;
    }

    /// <summary>The records in chunks of up to 100 per message, collected in arrival order.</summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadChunkedAsync(uint? limit = null)
    {
        var records = new List<MeteoriteLanding>();
        await ConsumeChunkedStreamAsync(limit, records.Add);
        return records;
    }

    /// <summary>
    /// Reads a record stream one message at a time and hands each record to <paramref name="onRecord"/> without
    /// keeping it: what a consumer that processes records as they come holds in memory.
    /// </summary>
    public async Task<int> ConsumeStreamAsync(uint? limit, Action<MeteoriteLanding> onRecord, bool buffered = false)
    {
        using var call = await _connection.ServerStreamingAsync(buffered ? GetLargePayloadBuffered : GetLargePayload, Request(limit), _options);
        var count = 0;
        while (await call.MoveNextAsync())
        {
            onRecord(call.Current);
            count++;
        }

        return count;
    }

    /// <summary>The chunked stream read as <see cref="ConsumeStreamAsync"/> reads the others.</summary>
    public async Task<int> ConsumeChunkedStreamAsync(uint? limit, Action<MeteoriteLanding> onRecord)
    {
        using var call = await _connection.ServerStreamingAsync(GetLargePayloadChunked, Request(limit), _options);
        var count = 0;
        while (await call.MoveNextAsync())
        {
            foreach (var record in call.Current.MeteoriteLandings)
            {
                onRecord(record);
                count++;
            }
        }

        return count;
    }

    /// <summary>Serializes the list into one length-prefixed message per call, as a generated client does.</summary>
    public Task<StatusResponse> PostLargePayloadAsync(MeteoriteLandingList records) => _connection.UnaryAsync(PostLargePayload, records, _postOptions);

    public void Dispose() => _connection.Dispose();

    private static LargePayloadRequest Request(uint? limit) => limit is { } count ? new LargePayloadRequest { Limit = count } : Everything;
}
