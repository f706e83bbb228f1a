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
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, call.CancellationToken);
        if (await call.ReadNextMessageAsync(parser, linked.Token) is not { } message)
        {
            return false;
        }

        Current = message;
        return true;
    }
}
