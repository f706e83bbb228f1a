using Google.Protobuf;
using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// A server-streaming call in progress: each <see cref="MoveNextAsync"/> reads the next message as soon as it has
/// arrived. Disposing it before the end resets the stream, which cancels the call on the server.
/// </summary>
public sealed class GrpcStreamingCall<T> : IDisposable
    where T : class, IMessage<T>
{
    private readonly GrpcResponse _response;
    private readonly MessageParser<T> _parser;
    private readonly GrpcCall _call;

    internal GrpcStreamingCall(GrpcResponse response, MessageParser<T> parser, GrpcCall call)
    {
        _response = response;
        _parser = parser;
        _call = call;
    }

    /// <summary>The message read by the last <see cref="MoveNextAsync"/> that returned true.</summary>
    public T Current { get; private set; } = null!;

    /// <summary>False at the end of the stream, once the status said OK; otherwise throws the status as an <see cref="RpcException"/>.</summary>
    public async Task<bool> MoveNextAsync()
    {
        try
        {
            if (await _response.ReadMessageAsync(_parser, _call.Token) is { } message)
            {
                Current = message;
                return true;
            }

            _response.EnsureOkStatus();
            return false;
        }
        catch (Exception e) when (_call.Translate(e) is { } status)
        {
            throw status;
        }
    }

    public void Dispose()
    {
        _response.Dispose();
        _call.Dispose();
    }
}
