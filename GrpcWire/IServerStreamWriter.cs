namespace GrpcWire;

/// <summary>Sends a server-streaming method's messages, each as soon as it is written.</summary>
public interface IServerStreamWriter<in T>
{
    /// <summary>Sends one message; throws <see cref="OperationCanceledException"/> once the call is cancelled.</summary>
    Task WriteAsync(T message);
}
