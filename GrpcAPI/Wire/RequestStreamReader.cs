using Google.Protobuf;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>Reads a request stream's messages as they arrive, each parsed in place from the request body's buffers.</summary>
internal sealed class RequestStreamReader<T>(ServerCall call, MessageParser<T> parser) : IAsyncStreamReader<T>
    where T : class, IMessage<T>
{
    public T Current { get; private set; } = null!;

    public async Task<bool> MoveNext(CancellationToken cancellationToken)
    {
        // Services usually pass the call's own token: then there is nothing to link.
        using var linked = cancellationToken.CanBeCanceled && cancellationToken != call.CancellationToken
            ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, call.CancellationToken)
            : null;
        if (await call.ReadNextMessageAsync(parser, linked?.Token ?? call.CancellationToken) is not { } message)
        {
            return false;
        }

        Current = message;
        return true;
    }
}
