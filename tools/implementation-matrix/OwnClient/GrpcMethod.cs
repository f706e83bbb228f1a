using Google.Protobuf;
using Google.Protobuf.Reflection;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>A method a client calls: its path and its response parser, both taken from the generated descriptor.</summary>
public sealed class GrpcMethod<TRequest, TResponse>
    where TRequest : IMessage<TRequest>
    where TResponse : IMessage<TResponse>
{
    public GrpcMethod(MethodDescriptor descriptor)
    {
        if (descriptor.InputType.ClrType != typeof(TRequest) || descriptor.OutputType.ClrType != typeof(TResponse))
        {
            throw new ArgumentException($"{descriptor.FullName} takes {descriptor.InputType.ClrType.Name} and returns {descriptor.OutputType.ClrType.Name}.", nameof(descriptor));
        }

        Path = $"/{descriptor.Service.FullName}/{descriptor.Name}";
        ResponseParser = (MessageParser<TResponse>)descriptor.OutputType.Parser;
    }

    /// <summary><c>/package.Service/Method</c>.</summary>
    public string Path { get; }

    public MessageParser<TResponse> ResponseParser { get; }
}
