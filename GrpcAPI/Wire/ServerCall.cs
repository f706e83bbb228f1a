using System.Buffers;
using System.IO.Pipelines;
using Google.Protobuf;
using GrpcWire;
using Microsoft.AspNetCore.Http.Features;

namespace GrpcAPI.Wire;

/// <summary>
/// One gRPC call on an HTTP/2 stream: its deadline, reading the length-prefixed request messages straight from the
/// request body's buffers, writing responses straight into the response pipe, and ending with a status in trailers
/// (or Trailers-Only when no message was sent).
/// </summary>
internal sealed class ServerCall : ServerCallContext, IDisposable
{
    // Status values as header strings, so ending a call allocates nothing.
    private static readonly string[] StatusValues = [.. Enumerable.Range(0, 17).Select(code => code.ToString(System.Globalization.CultureInfo.InvariantCulture))];

    // CancellationTokenSource takes at most about 49 days; a longer deadline is no deadline.
    private static readonly TimeSpan LongestDeadline = TimeSpan.FromDays(30);

    private readonly HttpContext _http;
    private readonly GrpcServerOptions _options;
    private readonly CancellationTokenSource? _deadlineTimer;
    private readonly CancellationTokenSource? _cancellation;
    private readonly MessageCompression? _responseCompression;
    private readonly DateTime _deadline = DateTime.MaxValue;
    private bool _headersWritten;

    public ServerCall(HttpContext http, GrpcServerOptions options)
    {
        _http = http;
        _options = options;
        var headers = http.Request.Headers;
        if (headers.TryGetValue(GrpcProtocol.TimeoutHeader, out var timeoutValue)
            && GrpcTimeout.TryParse(timeoutValue.ToString(), out var timeout) && timeout < LongestDeadline)
        {
            _deadline = DateTime.UtcNow + timeout;
            _deadlineTimer = new CancellationTokenSource(timeout);
            _cancellation = CancellationTokenSource.CreateLinkedTokenSource(http.RequestAborted, _deadlineTimer.Token);
        }

        // The client's per-call request (grpc-dotnet's header) wins over the server's option; either only if the client accepts it.
        var requested = headers.TryGetValue(GrpcProtocol.ResponseCompressionRequestHeader, out var name) ? MessageCompression.Find(name.ToString()) : null;
        if ((requested ?? options.ResponseCompression) is { } compression
            && headers.TryGetValue(GrpcProtocol.AcceptEncodingHeader, out var accepted)
            && accepted.ToString().Split(',', StringSplitOptions.TrimEntries).Contains(compression.Name))
        {
            _responseCompression = compression;
        }
    }

    public override DateTime Deadline => _deadline;

    public override CancellationToken CancellationToken => _cancellation?.Token ?? _http.RequestAborted;

    /// <summary>True once the client's deadline has passed (and not merely because the client went away).</summary>
    public bool DeadlineExceeded => _deadlineTimer?.IsCancellationRequested == true && !_http.RequestAborted.IsCancellationRequested;

    /// <summary>True once the client reset the stream or the connection closed: there is nobody to answer.</summary>
    public bool ClientGone => _http.RequestAborted.IsCancellationRequested;

    /// <summary>Reads the one request message of a unary or server-streaming call, and the end of the request after it.</summary>
    public async Task<T> ReadSingleMessageAsync<T>(MessageParser<T> parser)
        where T : class, IMessage<T>
    {
        var message = await ReadNextMessageAsync(parser, CancellationToken)
            ?? throw new RpcException(StatusCode.Internal, "Incomplete message.");
        await ReadEndOfRequestAsync(_http.Request.BodyReader);
        return message;
    }

    /// <summary>Reads the next request message; null once the client ended its stream between messages.</summary>
    public async Task<T?> ReadNextMessageAsync<T>(MessageParser<T> parser, CancellationToken cancellation)
        where T : class, IMessage<T>
    {
        var reader = _http.Request.BodyReader;
        while (true)
        {
            var result = await reader.ReadAsync(cancellation);
            var buffer = result.Buffer;
            if (TryReadMessage(ref buffer, parser, out var message))
            {
                reader.AdvanceTo(buffer.Start);
                return message;
            }

            if (result.IsCompleted)
            {
                reader.AdvanceTo(buffer.End);
                return buffer.IsEmpty ? null : throw new RpcException(StatusCode.Internal, "Incomplete message.");
            }

            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>Writes a response message into the response pipe without flushing (a unary call's trailers follow it at once).</summary>
    public void WriteMessage(IMessage message)
    {
        WriteHeaders();
        var output = _http.Response.BodyWriter;
        if (_responseCompression is null)
        {
            MessageFraming.Write(output, message);
        }
        else
        {
            MessageFraming.WriteCompressed(output, message, _responseCompression);
        }
    }

    /// <summary>
    /// Writes a message without flushing, as grpc-dotnet does under BufferHint: the messages gather in the response
    /// pipe and go out together when the call ends.
    /// </summary>
    public Task WriteMessageBufferedAsync(IMessage message)
    {
        CancellationToken.ThrowIfCancellationRequested();
        WriteMessage(message);
        return Task.CompletedTask;
    }

    /// <summary>Writes a message and flushes it to the client at once, as grpc-dotnet's WriteAsync does for each streamed message.</summary>
    public async Task WriteMessageAndFlushAsync(IMessage message)
    {
        CancellationToken.ThrowIfCancellationRequested();
        WriteMessage(message);
        await _http.Response.BodyWriter.FlushAsync(CancellationToken);
        // After a reset, Kestrel completes writes without sending them: the token is what says the client has gone.
        CancellationToken.ThrowIfCancellationRequested();
    }

    /// <summary>
    /// Ends the call with a status: in trailers after the response headers, or as a Trailers-Only response (the
    /// status in the only HEADERS frame) when nothing was sent yet.
    /// </summary>
    public void End(StatusCode status, string? message = null, bool advertiseEncodings = false)
    {
        var response = _http.Response;
        if (!_headersWritten && !response.HasStarted)
        {
            response.StatusCode = StatusCodes.Status200OK;
            response.ContentType = GrpcProtocol.ContentType;
            SetStatus(response.Headers, status, message, advertiseEncodings);
            return;
        }

        SetStatus(_http.Features.GetRequiredFeature<IHttpResponseTrailersFeature>().Trailers, status, message, advertiseEncodings);
    }

    public void Dispose()
    {
        _cancellation?.Dispose();
        _deadlineTimer?.Dispose();
    }

    private static void SetStatus(IHeaderDictionary headers, StatusCode status, string? message, bool advertiseEncodings)
    {
        headers[GrpcProtocol.StatusHeader] = StatusValues[(int)status];
        if (message is not null)
        {
            headers[GrpcProtocol.MessageHeader] = StatusMessage.Encode(message);
        }

        if (advertiseEncodings)
        {
            headers[GrpcProtocol.AcceptEncodingHeader] = MessageCompression.AcceptEncoding;
        }
    }

    private void WriteHeaders()
    {
        if (_headersWritten)
        {
            return;
        }

        var response = _http.Response;
        response.ContentType = GrpcProtocol.ContentType;
        if (_responseCompression is not null)
        {
            response.Headers[GrpcProtocol.EncodingHeader] = _responseCompression.Name;
        }

        _headersWritten = true;
    }

    private async Task ReadEndOfRequestAsync(PipeReader reader)
    {
        while (true)
        {
            var result = await reader.ReadAsync(CancellationToken);
            reader.AdvanceTo(result.Buffer.End);
            if (!result.Buffer.IsEmpty)
            {
                throw new RpcException(StatusCode.Internal, "Additional data after the message received.");
            }

            if (result.IsCompleted)
            {
                return;
            }
        }
    }

    /// <summary>
    /// Takes one whole message off the front of <paramref name="buffer"/> and parses it in place; false while it
    /// has not all arrived. The declared length is checked against the limit before the message is waited for.
    /// </summary>
    private bool TryReadMessage<T>(ref ReadOnlySequence<byte> buffer, MessageParser<T> parser, out T message)
        where T : IMessage<T>
    {
        message = default!;
        if (!MessageFraming.TryReadHeader(buffer, out var compressed, out var length))
        {
            return false;
        }

        if (length > _options.MaxReceiveMessageBytes)
        {
            throw new RpcException(StatusCode.ResourceExhausted,
                $"Received message exceeds the maximum configured message size ({length} bytes declared, limit {_options.MaxReceiveMessageBytes}).");
        }

        if (buffer.Length < GrpcProtocol.MessageHeaderLength + length)
        {
            return false;
        }

        var payload = buffer.Slice(GrpcProtocol.MessageHeaderLength, length);
        message = compressed ? ParseCompressed(payload, parser) : Parse(payload, parser);
        buffer = buffer.Slice(payload.End);
        return true;
    }

    private T ParseCompressed<T>(ReadOnlySequence<byte> payload, MessageParser<T> parser)
        where T : IMessage<T>
    {
        var encoding = _http.Request.Headers[GrpcProtocol.EncodingHeader].ToString();
        if (MessageCompression.IsIdentity(encoding))
        {
            throw new RpcException(StatusCode.Internal, "Request did not include grpc-encoding value with compressed message.");
        }

        var compression = MessageCompression.Find(encoding)
            ?? throw new UnsupportedEncodingException(encoding);
        var (buffer, length) = compression.Decompress(payload, _options.MaxReceiveMessageBytes);
        try
        {
            return Parse(new ReadOnlySequence<byte>(buffer, 0, length), parser);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static T Parse<T>(ReadOnlySequence<byte> payload, MessageParser<T> parser)
        where T : IMessage<T>
    {
        try
        {
            return parser.ParseFrom(payload);
        }
        catch (InvalidProtocolBufferException e)
        {
            throw new RpcException(StatusCode.Internal, $"Invalid {typeof(T).Name} message: {e.Message}");
        }
    }
}
