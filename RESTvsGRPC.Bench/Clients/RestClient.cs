using System.Net.Http.Json;
using ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// The REST + JSON operations over one long-lived pool, read into typed objects by one source-generated context for
/// every route (controllers, minimal APIs, transcoding); a bad status or a body that does not parse throws.
/// </summary>
public sealed class RestClient : IDisposable
{
    private static readonly MediaTypeHeaderValue Json = new("application/json");

    private readonly HttpClient _http;
    private readonly TimeSpan _timeout;

    // The last body's length, the next one's first buffer: a JSON body's length is known only once written.
    private int _lastPostLength;

    /// <summary>
    /// A client of <paramref name="transport"/> whose every call ends within <paramref name="callTimeout"/> (default:
    /// <see cref="HttpClientSettings.CallTimeout"/>).
    /// </summary>
    public RestClient(HttpTransport transport, TimeSpan? callTimeout = null, RestRoutes? routes = null)
    {
        Transport = transport;
        Routes = routes ?? RestRoutes.Controllers;
        _http = HttpClientSettings.Create(transport);
        // Each call's own deadline covers the body too; HttpClient's would add a second timer that ends at the headers.
        _http.Timeout = Timeout.InfiniteTimeSpan;
        _timeout = callTimeout ?? HttpClientSettings.CallTimeout;
    }

    public HttpTransport Transport { get; }

    public RestRoutes Routes { get; }

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public Version? LastResponseVersion { get; private set; }

    public Task<ApiVersion> GetSmallPayloadAsync() =>
        CallAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Get, Routes.Small),
            MeteoriteJsonContext.Default.ApiVersion
        );

    /// <summary>Every record, or the first <paramref name="limit"/>.</summary>
    public Task<MeteoriteLanding[]> GetLargePayloadAsync(int? limit = null) =>
        CallAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Get, HttpClientSettings.WithLimit(Routes.Large, limit)),
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        );

    /// <summary>
    /// Every record, or the first <paramref name="limit"/>, from the streaming route, read record by record as the
    /// array arrives.
    /// </summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadAsync(int? limit = null)
    {
        var records = new List<MeteoriteLanding>();
        await ConsumeStreamAsync(limit, records.Add);
        return records;
    }

    /// <summary>
    /// Reads the streaming route's records one at a time, handing each to <paramref name="onRecord"/> without keeping
    /// it.
    /// </summary>
    public async Task<int> ConsumeStreamAsync(int? limit, Action<MeteoriteLanding> onRecord)
    {
        var route = Routes.Stream ?? throw new InvalidOperationException($"{Routes.Name} has no streaming route.");
        var request = HttpClientSettings.NewRequest(
            Transport,
            HttpMethod.Get,
            HttpClientSettings.WithLimit(route, limit)
        );
        using var deadline = HttpClientSettings.CallDeadline(_timeout);
        try
        {
            using var response = await SendAsync(request, deadline.Token);
            await using var body = await response.Content.ReadAsStreamAsync(deadline.Token);
            var count = 0;
            await foreach (
                var record in JsonSerializer.DeserializeAsyncEnumerable(
                    body,
                    MeteoriteJsonContext.Default.MeteoriteLanding,
                    topLevelValues: Routes.StreamIsJsonLines,
                    deadline.Token
                )
            )
            {
                onRecord(
                    record
                        ?? throw new HttpRequestException(
                            $"{request.RequestUri} answered a null record at index {count}."
                        )
                );
                count++;
            }

            return count;
        }
        catch (OperationCanceledException e) when (deadline.IsCancellationRequested)
        {
            throw HttpClientSettings.Expired(request, _timeout, e);
        }
    }

    /// <summary>
    /// Serializes the records into one pooled buffer per call and sends it with a Content-Length, as gRPC sends its
    /// message.
    /// </summary>
    public async Task<PostStatus> PostLargePayloadAsync(IReadOnlyList<MeteoriteLanding> records)
    {
        using var content = HttpClientSettings.Body(Transport, records, SerializeJson, _lastPostLength, Json);
        _lastPostLength = (int)(content.Headers.ContentLength ?? 0);
        return await CallAsync(
            HttpClientSettings.NewRequest(Transport, HttpMethod.Post, Routes.Large, content),
            MeteoriteJsonContext.Default.PostStatus
        );
    }

    public void Dispose() => _http.Dispose();

    private static void SerializeJson(IReadOnlyList<MeteoriteLanding> records, System.Buffers.IBufferWriter<byte> body)
    {
        using var writer = new Utf8JsonWriter(body);
        JsonSerializer.Serialize(writer, records, MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding);
    }

    /// <summary>Sends <paramref name="request"/> and parses its body, the whole call within the deadline.</summary>
    private async Task<T> CallAsync<T>(
        HttpRequestMessage request,
        System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> type
    )
    {
        using var deadline = HttpClientSettings.CallDeadline(_timeout);
        try
        {
            using var response = await SendAsync(request, deadline.Token);
            return await response.Content.ReadFromJsonAsync(type, deadline.Token)
                ?? throw new HttpRequestException($"{request.RequestUri} answered a null body.");
        }
        catch (OperationCanceledException e) when (deadline.IsCancellationRequested)
        {
            throw HttpClientSettings.Expired(request, _timeout, e);
        }
    }

    private async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellation)
    {
        using (request)
        {
            var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellation);
            LastResponseVersion = response.Version;
            try
            {
                HttpClientSettings.EnsureSuccess(_http, request, response);
            }
            catch
            {
                response.Dispose();
                throw;
            }

            return response;
        }
    }
}
