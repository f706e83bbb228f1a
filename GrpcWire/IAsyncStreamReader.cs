namespace GrpcWire;

/// <summary>Reads a client-streaming method's messages as they arrive.</summary>
public interface IAsyncStreamReader<out T>
{
    /// <summary>The message read by the last successful <see cref="MoveNext"/>.</summary>
    T Current { get; }

    /// <summary>Waits for the next message; false once the client has ended its stream.</summary>
    Task<bool> MoveNext(CancellationToken cancellationToken);
}
