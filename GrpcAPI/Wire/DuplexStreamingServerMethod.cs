using System.Reflection;
using Google.Protobuf;
using Google.Protobuf.Reflection;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>A bidirectional-streaming method: request and response messages flow independently until both sides end.</summary>
internal sealed class DuplexStreamingServerMethod<TRequest, TResponse>(MethodDescriptor descriptor, object service, MethodInfo handler, GrpcServerOptions options, ILogger logger)
    : ServerMethod(descriptor, options, logger)
    where TRequest : class, IMessage<TRequest>
    where TResponse : IMessage<TResponse>
{
    private readonly MessageParser<TRequest> _parser = (MessageParser<TRequest>)descriptor.InputType.Parser;
    private readonly Func<IAsyncStreamReader<TRequest>, IServerStreamWriter<TResponse>, ServerCallContext, Task> _handler =
        handler.CreateDelegate<Func<IAsyncStreamReader<TRequest>, IServerStreamWriter<TResponse>, ServerCallContext, Task>>(service);

    protected override Task RunAsync(ServerCall call) =>
        _handler(new RequestStreamReader<TRequest>(call, _parser), new ServerStreamWriter<TResponse>(call), call);
}
