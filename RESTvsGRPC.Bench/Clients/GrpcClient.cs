using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Web;
using ModelLibrary;
using ModelLibrary.Protos;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// GrpcAPI's operations through grpc-dotnet's generated client over one long-lived channel on the bench's own handler
/// (windows, TLS pinning and wire counter as REST's); every call has a deadline, a status other than OK throws;
/// optionally as gRPC-Web.
/// </summary>
public sealed class GrpcClient : IDisposable
{
    private static readonly EmptyRequest Empty = new();
    private static readonly LargePayloadRequest Everything = new();

    private readonly GrpcChannel _channel;
    private readonly MeteoriteLandingsService.MeteoriteLandingsServiceClient _client;
    private readonly ResponseVersionRecorder _versions;
    private readonly Metadata? _headers;
    private readonly Metadata? _postHeaders;
    private readonly TimeSpan _timeout = HttpClientSettings.CallTimeout;

    /// <summary>
    /// A client over one channel; with <paramref name="compression"/> responses and the POST are compressed; with
    /// <paramref name="web"/>, gRPC-Web.
    /// </summary>
    public GrpcClient(HttpTransport transport, string? compression = null, GrpcWebMode? web = null)
    {
        if (web is null && transport.HttpVersion != System.Net.HttpVersion.Version20)
        {
            throw new ArgumentException(
                $"gRPC needs HTTP/2; {transport.Name} is HTTP/{transport.HttpVersion}.",
                nameof(transport)
            );
        }

        Transport = transport;
        Name = web switch
        {
            GrpcWebMode.GrpcWeb => "gRPC-Web",
            GrpcWebMode.GrpcWebText => "gRPC-Web text",
            _ => "gRPC",
        };
        _versions = new ResponseVersionRecorder(HttpClientSettings.CreateHandler(transport));
        var options = new GrpcChannelOptions { HttpHandler = _versions, DisposeHttpClient = true };
        if (web is { } mode)
        {
            // gRPC-Web asks for the transport's HTTP version, exactly: HTTP/1.1 on the web endpoint, HTTP/2 on h2c.
            options.HttpHandler = new GrpcWebHandler(mode, _versions);
            options.HttpVersion = transport.HttpVersion;
            options.HttpVersionPolicy = HttpVersionPolicy.RequestVersionExact;
        }

        _channel = GrpcChannel.ForAddress(transport.BaseAddress, options);
        _client = new MeteoriteLandingsService.MeteoriteLandingsServiceClient(_channel);
        if (compression is not null)
        {
            _headers = new Metadata { { GrpcCallHeaders.ResponseCompression, compression } };
            // grpc-dotnet's client compresses a call's request messages with the encoding named by this header.
            _postHeaders = new Metadata
            {
                { GrpcCallHeaders.ResponseCompression, compression },
                { "grpc-internal-encoding-request", compression },
            };
        }
    }

    public HttpTransport Transport { get; }

    /// <summary>"gRPC", "gRPC-Web" or "gRPC-Web text", for the gate's sentences.</summary>
    public string Name { get; }

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public System.Version? LastResponseVersion => _versions.LastResponseVersion;

    public Task<ModelLibrary.Protos.Version> GetSmallPayloadAsync() =>
        _client.GetVersionAsync(Empty, Options(_headers)).ResponseAsync;

    /// <summary>Every record, or the first <paramref name="limit"/>, in one message.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsListAsync(uint? limit = null) =>
        _client.GetLargePayloadAsListAsync(Request(limit), Options(_headers)).ResponseAsync;

    /// <summary>
    /// Every record (or the first <paramref name="limit"/>) as its own message, each read as it arrives, collected in
    /// arrival order.
    /// </summary>
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
    /// Reads a record stream one message at a time, handing each to <paramref name="onRecord"/> without keeping it.
    /// </summary>
    public async Task<int> ConsumeStreamAsync(uint? limit, Action<MeteoriteLanding> onRecord, bool buffered = false)
    {
        using var call = buffered
            ? _client.GetLargePayloadBuffered(Request(limit), Options(_headers))
            : _client.GetLargePayload(Request(limit), Options(_headers));
        var stream = call.ResponseStream;
        var count = 0;
        while (await stream.MoveNext(CancellationToken.None))
        {
            onRecord(stream.Current);
            count++;
        }

        return count;
    }

    /// <summary>The chunked stream read as <see cref="ConsumeStreamAsync"/> reads the others.</summary>
    public async Task<int> ConsumeChunkedStreamAsync(uint? limit, Action<MeteoriteLanding> onRecord)
    {
        using var call = _client.GetLargePayloadChunked(Request(limit), Options(_headers));
        var stream = call.ResponseStream;
        var count = 0;
        while (await stream.MoveNext(CancellationToken.None))
        {
            foreach (var record in stream.Current.MeteoriteLandings)
            {
                onRecord(record);
                count++;
            }
        }

        return count;
    }

    /// <summary>Sends the list as one message; the answer counts the records received.</summary>
    public Task<StatusResponse> PostLargePayloadAsync(MeteoriteLandingList records) =>
        _client.PostLargePayloadAsync(records, Options(_postHeaders)).ResponseAsync;

    public void Dispose() => _channel.Dispose();

    private CallOptions Options(Metadata? headers) => new(headers, DateTime.UtcNow + _timeout);

    private static LargePayloadRequest Request(uint? limit) =>
        limit is { } count ? new LargePayloadRequest { Limit = count } : Everything;
}
