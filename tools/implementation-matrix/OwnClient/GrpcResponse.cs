using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// One call's response: its headers checked (HTTP 200, gRPC's content type, a Trailers-Only status), then its
/// length-prefixed messages read off the HTTP/2 stream one by one as they arrive, then its status from the trailers.
/// A missing status is an error, never success.
/// </summary>
internal sealed class GrpcResponse : IDisposable
{
    private readonly HttpResponseMessage _response;
    private readonly Stream _body;
    private readonly MessageCompression? _compression;
    private readonly byte[] _header = ArrayPool<byte>.Shared.Rent(GrpcProtocol.MessageHeaderLength);

    private GrpcResponse(HttpResponseMessage response, Stream body, MessageCompression? compression)
    {
        _response = response;
        _body = body;
        _compression = compression;
    }

    /// <summary>Checks the response headers; throws the call's status where the response already ends it.</summary>
    public static async Task<GrpcResponse> StartAsync(HttpResponseMessage response, CancellationToken cancellation)
    {
        if (response.StatusCode != HttpStatusCode.OK)
        {
            throw new RpcException(FromHttpStatus(response.StatusCode), $"Bad gRPC response: HTTP status {(int)response.StatusCode}.");
        }

        var contentType = response.Content.Headers.NonValidated.TryGetValues("Content-Type", out var type) ? type.ToString() : null;
        if (!GrpcProtocol.IsGrpcContentType(contentType))
        {
            throw new RpcException(StatusCode.Internal, $"Bad gRPC response: content type '{contentType}'.");
        }

        // Trailers-Only: the status came in the only HEADERS frame.
        if (response.Headers.NonValidated.TryGetValues(GrpcProtocol.StatusHeader, out var status))
        {
            ThrowUnlessOk(status.ToString(), response.Headers.NonValidated);
        }

        var encoding = response.Headers.NonValidated.TryGetValues(GrpcProtocol.EncodingHeader, out var value) ? value.ToString() : null;
        var compression = MessageCompression.Find(encoding);
        if (compression is null && !MessageCompression.IsIdentity(encoding))
        {
            throw new RpcException(StatusCode.Internal, $"The server compressed with '{encoding}', which this client does not accept.");
        }

        return new GrpcResponse(response, await response.Content.ReadAsStreamAsync(cancellation), compression);
    }

    /// <summary>The next message, parsed as soon as it has arrived; null at the end of the stream.</summary>
    public async ValueTask<T?> ReadMessageAsync<T>(MessageParser<T> parser, CancellationToken cancellation)
        where T : class, IMessage<T>
    {
        var read = await _body.ReadAtLeastAsync(_header.AsMemory(0, GrpcProtocol.MessageHeaderLength), GrpcProtocol.MessageHeaderLength, throwOnEndOfStream: false, cancellation);
        if (read == 0)
        {
            return null;
        }

        if (read < GrpcProtocol.MessageHeaderLength)
        {
            throw new RpcException(StatusCode.Internal, "The response ended inside a message header.");
        }

        MessageFraming.ReadHeader(_header, out var compressed, out var length);
        if (length > GrpcProtocol.DefaultMaxReceiveMessageBytes)
        {
            throw new RpcException(StatusCode.ResourceExhausted, $"Received message of {length} bytes exceeds the client's limit of {GrpcProtocol.DefaultMaxReceiveMessageBytes}.");
        }

        var buffer = ArrayPool<byte>.Shared.Rent((int)length);
        try
        {
            await _body.ReadExactlyAsync(buffer.AsMemory(0, (int)length), cancellation);
            return compressed ? ParseCompressed(buffer, (int)length, parser) : parser.ParseFrom(buffer.AsSpan(0, (int)length));
        }
        catch (EndOfStreamException)
        {
            throw new RpcException(StatusCode.Internal, "The response ended inside a message.");
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>After the last message: throws unless the trailers say OK.</summary>
    public void EnsureOkStatus()
    {
        var trailers = _response.TrailingHeaders.NonValidated;
        if (!trailers.TryGetValues(GrpcProtocol.StatusHeader, out var status))
        {
            throw new RpcException(StatusCode.Internal, "The response ended without a grpc-status.");
        }

        ThrowUnlessOk(status.ToString(), trailers);
    }

    public void Dispose()
    {
        // Disposing a response whose stream has not ended resets it (RST_STREAM CANCEL): the server stops the call.
        _response.Dispose();
        ArrayPool<byte>.Shared.Return(_header);
    }

    private T ParseCompressed<T>(byte[] buffer, int length, MessageParser<T> parser)
        where T : IMessage<T>
    {
        var compression = _compression ?? throw new RpcException(StatusCode.Internal, "A compressed message came without a grpc-encoding.");
        var (plain, plainLength) = compression.Decompress(new ReadOnlySequence<byte>(buffer, 0, length), GrpcProtocol.DefaultMaxReceiveMessageBytes);
        try
        {
            return parser.ParseFrom(plain.AsSpan(0, plainLength));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(plain);
        }
    }

    private static void ThrowUnlessOk(string status, HttpHeadersNonValidated headers)
    {
        if (status == "0")
        {
            return;
        }

        var message = headers.TryGetValues(GrpcProtocol.MessageHeader, out var value) ? StatusMessage.Decode(value.ToString()) : "";
        throw int.TryParse(status, out var code) && Enum.IsDefined((StatusCode)code)
            ? new RpcException((StatusCode)code, message)
            : new RpcException(StatusCode.Unknown, $"Unknown grpc-status '{status}': {message}");
    }

    /// <summary>The status a non-200 response stands for (the mapping of gRPC's http-grpc-status-mapping.md).</summary>
    private static StatusCode FromHttpStatus(HttpStatusCode status) => status switch
    {
        HttpStatusCode.BadRequest => StatusCode.Internal,
        HttpStatusCode.Unauthorized => StatusCode.Unauthenticated,
        HttpStatusCode.Forbidden => StatusCode.PermissionDenied,
        HttpStatusCode.NotFound => StatusCode.Unimplemented,
        HttpStatusCode.TooManyRequests or HttpStatusCode.BadGateway or HttpStatusCode.ServiceUnavailable or HttpStatusCode.GatewayTimeout => StatusCode.Unavailable,
        _ => StatusCode.Unknown,
    };
}
