using Google.Protobuf;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>Sends each message of a response stream as soon as the service writes it (one flush per message).</summary>
internal sealed class ServerStreamWriter<T>(ServerCall call) : IServerStreamWriter<T>
    where T : IMessage<T>
{
    public Task WriteAsync(T message) => call.WriteMessageAndFlushAsync(message);
}
