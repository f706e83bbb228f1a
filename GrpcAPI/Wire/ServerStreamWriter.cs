using Google.Protobuf;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>
/// Sends each message of a response stream as soon as the service writes it (one flush per message), or, under
/// <see cref="WriteFlags.BufferHint"/>, leaves it in the response pipe to go out with the others when the call ends.
/// </summary>
internal sealed class ServerStreamWriter<T>(ServerCall call) : IServerStreamWriter<T>
    where T : IMessage<T>
{
    public WriteOptions? WriteOptions { get; set; }

    public Task WriteAsync(T message) => WriteOptions is { Flags: var flags } && flags.HasFlag(WriteFlags.BufferHint)
        ? call.WriteMessageBufferedAsync(message)
        : call.WriteMessageAndFlushAsync(message);
}
