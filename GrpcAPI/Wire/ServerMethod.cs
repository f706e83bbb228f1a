using Google.Protobuf.Reflection;
using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>
/// One method of a served service, at its path <c>/package.Service/Method</c>: runs a call and turns however it
/// ends (the handler's result, an <see cref="RpcException"/>, a deadline, a broken request, a bug) into a gRPC
/// status; the server keeps serving whatever happens.
/// </summary>
internal abstract class ServerMethod(MethodDescriptor descriptor, GrpcServerOptions options, ILogger logger)
{
    public MethodDescriptor Descriptor { get; } = descriptor;

    public string Path { get; } = $"/{descriptor.Service.FullName}/{descriptor.Name}";

    public async Task HandleAsync(HttpContext http)
    {
        using var call = new ServerCall(http, options);
        try
        {
            await RunAsync(call);
            call.End(StatusCode.OK);
        }
        catch (RpcException e)
        {
            call.End(e.Status, e.Detail);
        }
        catch (UnsupportedEncodingException e)
        {
            call.End(StatusCode.Unimplemented, e.Message, advertiseEncodings: true);
        }
        catch (Exception) when (call.DeadlineExceeded)
        {
            call.End(StatusCode.DeadlineExceeded, "Deadline Exceeded");
        }
        catch (Exception) when (call.ClientGone)
        {
            // The client reset the stream or closed the connection: the call's work has stopped and nobody waits for a status.
        }
        catch (Exception e)
        {
            logger.LogError(e, "{Method} failed", Path);
            call.End(StatusCode.Unknown, "Exception was thrown by handler.");
        }
    }

    /// <summary>Reads the request, calls the service method and writes its response messages.</summary>
    protected abstract Task RunAsync(ServerCall call);
}
