using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// Calls RestAPI's three operations over one long-lived connection pool and returns typed objects, as a real
/// client would. Each call checks its status; a body that does not parse is an error, never a silent null.
/// </summary>
public sealed class RestClient : IDisposable
{
    private const string SmallRoute = "api/MeteoriteLandings";
    private const string LargeRoute = "api/MeteoriteLandings/LargePayload";
    private const string StreamRoute = "api/MeteoriteLandings/LargePayload/Stream";
    private static readonly MediaTypeHeaderValue Json = new("application/json");

    private readonly HttpClient _http;

    public RestClient(HttpTransport transport)
    {
        Transport = transport;
        _http = HttpClientSettings.Create(transport);
    }

    public HttpTransport Transport { get; }

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public Version? LastResponseVersion { get; private set; }

    public async Task<ApiVersion> GetSmallPayloadAsync()
    {
        using var response = await SendAsync(HttpClientSettings.NewRequest(Transport, HttpMethod.Get, SmallRoute));
        return await ReadAsync(response, MeteoriteJsonContext.Default.ApiVersion);
    }

    /// <summary>Every record, or the first <paramref name="limit"/>.</summary>
    public async Task<MeteoriteLanding[]> GetLargePayloadAsync(int? limit = null)
    {
        using var response = await SendAsync(HttpClientSettings.NewRequest(Transport, HttpMethod.Get, HttpClientSettings.WithLimit(LargeRoute, limit)));
        return await ReadAsync(response, MeteoriteJsonContext.Default.MeteoriteLandingArray);
    }

    /// <summary>Every record, or the first <paramref name="limit"/>, from the streaming route, read record by record as the array arrives.</summary>
    public async Task<List<MeteoriteLanding>> StreamLargePayloadAsync(int? limit = null)
    {
        var records = new List<MeteoriteLanding>();
        await ConsumeStreamAsync(limit, records.Add);
        return records;
    }

    /// <summary>
    /// Reads the streaming route's array one record at a time and hands each to <paramref name="onRecord"/>
    /// without keeping it; a null element is an error.
    /// </summary>
    public async Task<int> ConsumeStreamAsync(int? limit, Action<MeteoriteLanding> onRecord)
    {
        using var response = await SendAsync(HttpClientSettings.NewRequest(Transport, HttpMethod.Get, HttpClientSettings.WithLimit(StreamRoute, limit)));
        await using var body = await response.Content.ReadAsStreamAsync();
        var count = 0;
        await foreach (var record in JsonSerializer.DeserializeAsyncEnumerable(body, MeteoriteJsonContext.Default.MeteoriteLanding))
        {
            onRecord(record ?? throw new HttpRequestException($"{response.RequestMessage?.RequestUri} answered a null record at index {count}."));
            count++;
        }

        return count;
    }

    /// <summary>Serializes the records into one buffer per call and sends it with a Content-Length, as gRPC sends its message.</summary>
    public async Task<PostStatus> PostLargePayloadAsync(IReadOnlyList<MeteoriteLanding> records)
    {
        var body = JsonSerializer.SerializeToUtf8Bytes(records, MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding);
        using var content = HttpClientSettings.Body(Transport, body, Json);
        using var response = await SendAsync(HttpClientSettings.NewRequest(Transport, HttpMethod.Post, LargeRoute, content));
        return await ReadAsync(response, MeteoriteJsonContext.Default.PostStatus);
    }

    public void Dispose() => _http.Dispose();

    private async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request)
    {
        using (request)
        {
            var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
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

    private static async Task<T> ReadAsync<T>(HttpResponseMessage response, System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> type) =>
        await response.Content.ReadFromJsonAsync(type)
        ?? throw new HttpRequestException($"{response.RequestMessage?.RequestUri} answered a null body.");
}
