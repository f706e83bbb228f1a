using System.Collections.Frozen;
using System.Reflection;
using Google.Protobuf.Reflection;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>
/// Kestrel's only request handler: binds every method of every served service from its descriptor at start (a
/// method without a matching handler stops the server there), then answers each request as grpc-dotnet does: a
/// gRPC call at its path, 404 for a method other than POST, 426 for HTTP/1.x, 415 for a content type that is not
/// gRPC's, UNIMPLEMENTED for an unknown service or method.
/// </summary>
public sealed class GrpcDispatcher
{
    private readonly FrozenDictionary<string, ServerMethod> _methods;
    private readonly FrozenSet<string> _services;

    public GrpcDispatcher(IEnumerable<GrpcService> services, GrpcServerOptions options, ILogger logger)
    {
        var served = services.ToArray();
        _methods = served
            .SelectMany(service => service.Descriptor.Methods.Select(method => Bind(method, service.Implementation, options, logger)))
            .ToFrozenDictionary(method => method.Path, StringComparer.Ordinal);
        _services = served.Select(service => service.Descriptor.FullName).ToFrozenSet(StringComparer.Ordinal);
    }

    public Task InvokeAsync(HttpContext http)
    {
        var request = http.Request;
        if (!HttpMethods.IsPost(request.Method))
        {
            http.Response.StatusCode = StatusCodes.Status404NotFound;
            return Task.CompletedTask;
        }

        if (!HttpProtocol.IsHttp2(request.Protocol) && !HttpProtocol.IsHttp3(request.Protocol))
        {
            http.Response.StatusCode = StatusCodes.Status426UpgradeRequired;
            return http.Response.WriteAsync($"gRPC needs HTTP/2; this request came over {request.Protocol}.");
        }

        if (!GrpcProtocol.IsGrpcContentType(request.ContentType))
        {
            // Not 200: a plain HTTP client must not mistake a gRPC error for success (PROTOCOL-HTTP2.md).
            http.Response.StatusCode = StatusCodes.Status415UnsupportedMediaType;
            http.Response.Headers[GrpcProtocol.StatusHeader] = "13";
            http.Response.Headers[GrpcProtocol.MessageHeader] = StatusMessage.Encode($"Content-Type '{request.ContentType}' is not supported.");
            return Task.CompletedTask;
        }

        var path = request.Path.Value ?? "";
        if (_methods.TryGetValue(path, out var method))
        {
            return method.HandleAsync(http);
        }

        var slash = path.LastIndexOf('/');
        var knownService = slash > 1 && _services.Contains(path[1..slash]);
        http.Response.ContentType = GrpcProtocol.ContentType;
        http.Response.Headers[GrpcProtocol.StatusHeader] = "12";
        http.Response.Headers[GrpcProtocol.MessageHeader] = knownService ? "Method is unimplemented." : "Service is unimplemented.";
        return Task.CompletedTask;
    }

    private static ServerMethod Bind(MethodDescriptor method, object implementation, GrpcServerOptions options, ILogger logger)
    {
        var type = implementation.GetType();
        var handler = type.GetMethod(method.Name, BindingFlags.Public | BindingFlags.Instance)
            ?? throw new InvalidOperationException($"{type.Name} has no public method {method.Name} for {method.FullName}.");
        var shape = (method.IsClientStreaming, method.IsServerStreaming) switch
        {
            (false, false) => typeof(UnaryServerMethod<,>),
            (false, true) => typeof(ServerStreamingServerMethod<,>),
            (true, true) => typeof(DuplexStreamingServerMethod<,>),
            _ => throw new NotSupportedException($"{method.FullName} is client-streaming, which this server does not implement."),
        };
        try
        {
            return (ServerMethod)Activator.CreateInstance(
                shape.MakeGenericType(method.InputType.ClrType, method.OutputType.ClrType), method, implementation, handler, options, logger)!;
        }
        catch (TargetInvocationException e) when (e.InnerException is ArgumentException)
        {
            throw new InvalidOperationException($"{type.Name}.{method.Name} does not have the parameters and result {method.FullName} needs.", e.InnerException);
        }
    }
}
