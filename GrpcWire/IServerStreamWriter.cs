namespace GrpcWire;

/// <summary>Sends a server-streaming method's messages, each as soon as it is written unless <see cref="WriteOptions"/> says otherwise.</summary>
public interface IServerStreamWriter<in T>
{
    /// <summary>Options for the writes that follow: with <see cref="WriteFlags.BufferHint"/> messages gather in the response buffer and go out together when the call ends.</summary>
    WriteOptions? WriteOptions { get; set; }

    /// <summary>Sends one message; throws <see cref="OperationCanceledException"/> once the call is cancelled.</summary>
    Task WriteAsync(T message);
}
