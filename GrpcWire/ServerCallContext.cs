namespace GrpcWire;

/// <summary>What a service method knows of its call: when it must end, and the token that says it should stop.</summary>
public abstract class ServerCallContext
{
    /// <summary>The client's deadline (from <c>grpc-timeout</c>), or <see cref="DateTime.MaxValue"/> when it set none.</summary>
    public abstract DateTime Deadline { get; }

    /// <summary>Cancelled when the client resets the call, the deadline passes or the server shuts down.</summary>
    public abstract CancellationToken CancellationToken { get; }
}
