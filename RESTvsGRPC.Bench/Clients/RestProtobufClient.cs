using System.Buffers;
using Google.Protobuf;
using ModelLibrary.Protos;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// RestAPI's protobuf twins of the three operations over one long-lived pool, each body parsed into messages as a gRPC
/// client would.
/// </summary>
public sealed class RestProtobufClient : IDisposable
{
    /// <summary>The media type of every protobuf body, asked for in Accept.</summary>
    public const string MediaType = "application/x-protobuf";

    /// <summary>RestAPI's protobuf twin of the small GET.</summary>
    public const string SmallRoute = "api/protobuf/MeteoriteLandings";

    /// <summary>RestAPI's protobuf twin of the large GET and the POST.</summary>
    public const string LargeRoute = "api/protobuf/MeteoriteLandings/LargePayload";
    private static readonly MediaTypeHeaderValue Protobuf = new(MediaType);

    private readonly HttpClient _http;
    private readonly TimeSpan _timeout = HttpClientSettings.CallTimeout;

    public RestProtobufClient(HttpTransport transport)
    {
        Transport = transport;
        _http = HttpClientSettings.Create(transport);
        // Each call's own deadline covers the body too; HttpClient's would add a second timer that ends at the headers.
        _http.Timeout = Timeout.InfiniteTimeSpan;
        _http.DefaultRequestHeaders.Accept.Add(new MediaTypeWithQualityHeaderValue(MediaType));
    }

    public HttpTransport Transport { get; }

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public System.Version? LastResponseVersion { get; private set; }

    public Task<ModelLibrary.Protos.Version> GetSmallPayloadAsync() =>
        SendAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Get, SmallRoute),
            ModelLibrary.Protos.Version.Parser
        );

    /// <summary>Every record, or the first <paramref name="limit"/>.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsync(int? limit = null) =>
        SendAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Get, HttpClientSettings.WithLimit(LargeRoute, limit)),
            MeteoriteLandingList.Parser
        );

    /// <summary>
    /// Serializes the message into one pooled buffer per call and sends it with a Content-Length, as gRPC does.
    /// </summary>
    public async Task<StatusResponse> PostLargePayloadAsync(MeteoriteLandingList records)
    {
        using var content = HttpClientSettings.Body(
            Transport,
            records,
            static (message, body) => message.WriteTo(body),
            records.CalculateSize(),
            Protobuf
        );
        return await SendAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Post, LargeRoute, content),
            StatusResponse.Parser
        );
    }

    public void Dispose() => _http.Dispose();

    /// <summary>
    /// The whole message buffered in a pooled buffer, then parsed, as Grpc.Net.Client does (a new array per call lands
    /// on the large-object heap).
    /// </summary>
    private static async Task<T> ParseBodyAsync<T>(
        HttpContent content,
        MessageParser<T> parser,
        CancellationToken cancellationToken
    )
        where T : IMessage<T>
    {
        if (content.Headers.ContentLength is not { } declared || declared > Array.MaxLength)
        {
            return parser.ParseFrom(await content.ReadAsByteArrayAsync(cancellationToken));
        }

        var length = (int)declared;
        var buffer = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            await using var body = await content.ReadAsStreamAsync(cancellationToken);
            await body.ReadExactlyAsync(buffer.AsMemory(0, length), cancellationToken);
            return parser.ParseFrom(buffer.AsSpan(0, length));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task<T> SendAsync<T>(HttpRequestMessage request, MessageParser<T> parser)
        where T : IMessage<T>
    {
        using var deadline = HttpClientSettings.CallDeadline(_timeout);
        try
        {
            using (request)
            using (
                var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, deadline.Token)
            )
            {
                LastResponseVersion = response.Version;
                HttpClientSettings.EnsureSuccess(_http, request, response);

                if (response.Content.Headers.ContentType?.MediaType != MediaType)
                {
                    throw new HttpRequestException(
                        $"{request.RequestUri} answered {response.Content.Headers.ContentType}, not {MediaType}."
                    );
                }

                return await ParseBodyAsync(response.Content, parser, deadline.Token);
            }
        }
        catch (OperationCanceledException e) when (deadline.IsCancellationRequested)
        {
            throw HttpClientSettings.Expired(request, _timeout, e);
        }
    }
}
