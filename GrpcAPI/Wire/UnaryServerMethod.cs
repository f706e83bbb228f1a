using System.Reflection;
using Google.Protobuf;
using Google.Protobuf.Reflection;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>A unary method: one request message, one response message.</summary>
internal sealed class UnaryServerMethod<TRequest, TResponse>(MethodDescriptor descriptor, object service, MethodInfo handler, GrpcServerOptions options, ILogger logger)
    : ServerMethod(descriptor, options, logger)
    where TRequest : class, IMessage<TRequest>
    where TResponse : IMessage<TResponse>
{
    private readonly MessageParser<TRequest> _parser = (MessageParser<TRequest>)descriptor.InputType.Parser;
    private readonly Func<TRequest, ServerCallContext, Task<TResponse>> _handler =
        handler.CreateDelegate<Func<TRequest, ServerCallContext, Task<TResponse>>>(service);

    protected override async Task RunAsync(ServerCall call)
    {
        var request = await call.ReadSingleMessageAsync(_parser);
        var response = await _handler(request, call);
        // Not flushed: Kestrel sends it with the trailers when the call completes, in one write.
        call.WriteMessage(response);
    }
}
