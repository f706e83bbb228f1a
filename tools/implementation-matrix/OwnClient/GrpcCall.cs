using Google.Protobuf;
using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// The lifetime of one call on the client: its deadline and cancellation, and the translation of whatever stops
/// it (deadline, cancellation, a reset stream, a broken connection, a message that does not parse) into an
/// <see cref="RpcException"/> with the matching status.
/// </summary>
internal sealed class GrpcCall : IDisposable
{
    private readonly CancellationTokenSource? _cancellation;
    private readonly CancellationToken _callerToken;
    private bool _deadlinePassed;

    public GrpcCall(GrpcCallOptions options)
    {
        _callerToken = options.CancellationToken;
        if (options.Deadline is { } deadline)
        {
            _cancellation = CancellationTokenSource.CreateLinkedTokenSource(options.CancellationToken);
            _cancellation.Token.UnsafeRegister(static state => ((GrpcCall)state!).OnCancelled(), this);
            _cancellation.CancelAfter(deadline < TimeSpan.Zero ? TimeSpan.Zero : deadline);
        }
    }

    public CancellationToken Token => _cancellation?.Token ?? _callerToken;

    /// <summary>The status exception that stands for <paramref name="error"/>; null where it is one already.</summary>
    public RpcException? Translate(Exception error) => error switch
    {
        RpcException => null,

        // Once the deadline or the caller has cancelled, whatever HttpClient throws (a cancellation, or an IOException
        // when the cancel lands mid-read) stands for that, not for a transport fault.
        _ when _deadlinePassed => new RpcException(StatusCode.DeadlineExceeded, "Deadline Exceeded", error),
        _ when _callerToken.IsCancellationRequested || error is OperationCanceledException =>
            new RpcException(StatusCode.Cancelled, $"The call was cancelled: {error.Message}", error),
        HttpProtocolException { ErrorCode: 8 } => new RpcException(StatusCode.Cancelled, $"The server cancelled the stream: {error.Message}", error),
        HttpProtocolException { ErrorCode: 7 } => new RpcException(StatusCode.Unavailable, $"The server refused the stream: {error.Message}", error),
        HttpProtocolException => new RpcException(StatusCode.Internal, $"The server reset the stream: {error.Message}", error),
        InvalidProtocolBufferException => new RpcException(StatusCode.Internal, $"The response message does not parse: {error.Message}", error),
        HttpRequestException or IOException => new RpcException(StatusCode.Unavailable, error.Message, error),
        _ => null,
    };

    public void Dispose() => _cancellation?.Dispose();

    // Only the deadline cancels the linked source on its own; the caller's token reaches it through the link.
    private void OnCancelled() => _deadlinePassed = !_callerToken.IsCancellationRequested;
}
