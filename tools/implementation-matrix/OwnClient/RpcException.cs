namespace GrpcWire;

/// <summary>
/// A call that ended with a status other than OK: thrown by a service to end its call with that status, and by
/// the client when a server (or the client's own deadline) ends a call that way.
/// </summary>
public sealed class RpcException(StatusCode status, string detail, Exception? inner = null) : Exception($"gRPC status {status} ({(int)status}): {detail}", inner)
{
    public StatusCode Status { get; } = status;

    /// <summary>The status message (<c>grpc-message</c>), decoded.</summary>
    public string Detail { get; } = detail;
}
