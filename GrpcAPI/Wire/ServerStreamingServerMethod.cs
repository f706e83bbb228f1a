using System.Reflection;
using Google.Protobuf;
using Google.Protobuf.Reflection;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>A server-streaming method: one request message, then as many response messages as the handler writes.</summary>
internal sealed class ServerStreamingServerMethod<TRequest, TResponse>(MethodDescriptor descriptor, object service, MethodInfo handler, GrpcServerOptions options, ILogger logger)
    : ServerMethod(descriptor, options, logger)
    where TRequest : class, IMessage<TRequest>
    where TResponse : IMessage<TResponse>
{
    private readonly MessageParser<TRequest> _parser = (MessageParser<TRequest>)descriptor.InputType.Parser;
    private readonly Func<TRequest, IServerStreamWriter<TResponse>, ServerCallContext, Task> _handler =
        handler.CreateDelegate<Func<TRequest, IServerStreamWriter<TResponse>, ServerCallContext, Task>>(service);

    protected override async Task RunAsync(ServerCall call)
    {
        var request = await call.ReadSingleMessageAsync(_parser);
        await _handler(request, new ServerStreamWriter<TResponse>(call), call);
    }
}
