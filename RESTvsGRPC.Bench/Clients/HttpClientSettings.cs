using System.Net;

namespace RESTvsGRPC.Bench.Clients;

/// <summary>The one place both REST clients get their HttpClient, so the JSON and protobuf arms share identical connection settings.</summary>
public static class HttpClientSettings
{
    /// <summary>A long-lived client over one SocketsHttpHandler, HTTP/1.1 exactly, no automatic decompression.</summary>
    public static HttpClient Create(Uri baseAddress) =>
        new(new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.None })
        {
            BaseAddress = baseAddress,
            DefaultRequestVersion = HttpVersion.Version11,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };

    /// <summary>Throws, naming the request, unless the status is a success; a failed call must never pass as timed work.</summary>
    public static void EnsureSuccess(HttpClient http, HttpRequestMessage request, HttpResponseMessage response)
    {
        if (!response.IsSuccessStatusCode)
        {
            throw new HttpRequestException(
                $"{request.Method} {http.BaseAddress}{request.RequestUri} answered {(int)response.StatusCode} {response.ReasonPhrase}.", null, response.StatusCode);
        }
    }
}
