using System.Collections.Concurrent;
using System.Net;
using Google.Protobuf;
using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// A gRPC client's channel: one long-lived HttpClient over one SocketsHttpHandler speaking exactly HTTP/2 (prior
/// knowledge for h2c, ALPN for TLS), so calls share one connection as a GrpcChannel's do by default. Makes unary and
/// server-streaming calls; a status other than OK, from trailers or a Trailers-Only response, is an <see cref="RpcException"/>.
/// </summary>
public sealed class GrpcConnection : IDisposable
{
    private const string UserAgent = "grpc-dotnet-restvsgrpc/1.0";

    private readonly HttpClient _http;

    // Each method's absolute URI, made once: a relative one would be parsed and combined with the base on every call.
    private readonly ConcurrentDictionary<string, Uri> _methodUris = new(StringComparer.Ordinal);

    public GrpcConnection(HttpTransport transport)
    {
        if (transport.HttpVersion != System.Net.HttpVersion.Version20)
        {
            throw new ArgumentException($"gRPC needs HTTP/2; {transport.Name} is HTTP/{transport.HttpVersion}.", nameof(transport));
        }

        Transport = transport;
        _http = HttpClientSettings.Create(transport);
    }

    public HttpTransport Transport { get; }

    /// <summary>The HTTP version of the last response: what was negotiated, not what was asked for.</summary>
    public Version? LastResponseVersion { get; private set; }

    public async Task<TResponse> UnaryAsync<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, TRequest request, GrpcCallOptions options = default)
        where TRequest : IMessage<TRequest>
        where TResponse : class, IMessage<TResponse>
    {
        using var call = new GrpcCall(options);
        try
        {
            using var response = await StartAsync(method.Path, request, options, call.Token);
            var message = await response.ReadMessageAsync(method.ResponseParser, call.Token);
            if (message is null)
            {
                response.EnsureOkStatus();
                throw new RpcException(StatusCode.Internal, "The server ended a unary call without a response message.");
            }

            if (await response.ReadMessageAsync(method.ResponseParser, call.Token) is not null)
            {
                throw new RpcException(StatusCode.Internal, "The server sent more than one message for a unary call.");
            }

            response.EnsureOkStatus();
            return message;
        }
        catch (Exception e) when (call.Translate(e) is { } status)
        {
            throw status;
        }
    }

    /// <summary>Starts a server-streaming call; read its messages with <see cref="GrpcStreamingCall{T}.MoveNextAsync"/>, then dispose it.</summary>
    public async Task<GrpcStreamingCall<TResponse>> ServerStreamingAsync<TRequest, TResponse>(GrpcMethod<TRequest, TResponse> method, TRequest request, GrpcCallOptions options = default)
        where TRequest : IMessage<TRequest>
        where TResponse : class, IMessage<TResponse>
    {
        var call = new GrpcCall(options);
        try
        {
            return new GrpcStreamingCall<TResponse>(await StartAsync(method.Path, request, options, call.Token), method.ResponseParser, call);
        }
        catch (Exception e) when (call.Translate(e) is { } status)
        {
            call.Dispose();
            throw status;
        }
        catch
        {
            call.Dispose();
            throw;
        }
    }

    public void Dispose() => _http.Dispose();

    private async Task<GrpcResponse> StartAsync(string path, IMessage message, GrpcCallOptions options, CancellationToken cancellation)
    {
        var content = new GrpcRequestContent(message, options.RequestCompression);
        content.Headers.TryAddWithoutValidation("Content-Type", GrpcProtocol.ContentType);
        var uri = _methodUris.GetOrAdd(path, static (relative, baseAddress) => new Uri(baseAddress, relative), Transport.BaseAddress);
        using var request = new HttpRequestMessage(HttpMethod.Post, uri) { Version = HttpVersion.Version20, VersionPolicy = HttpVersionPolicy.RequestVersionExact, Content = content };
        var headers = request.Headers;
        headers.TryAddWithoutValidation("TE", "trailers");
        headers.TryAddWithoutValidation("User-Agent", UserAgent);
        headers.TryAddWithoutValidation(GrpcProtocol.AcceptEncodingHeader, MessageCompression.AcceptEncoding);
        if (options.Deadline is { } deadline)
        {
            headers.TryAddWithoutValidation(GrpcProtocol.TimeoutHeader, GrpcTimeout.Format(deadline));
        }

        if (options.RequestCompression is { } compression)
        {
            headers.TryAddWithoutValidation(GrpcProtocol.EncodingHeader, compression.Name);
        }

        if (options.ResponseCompression is { } responseCompression)
        {
            headers.TryAddWithoutValidation(GrpcProtocol.ResponseCompressionRequestHeader, responseCompression.Name);
        }

        var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellation);
        LastResponseVersion = response.Version;
        try
        {
            return await GrpcResponse.StartAsync(response, cancellation);
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }
}
