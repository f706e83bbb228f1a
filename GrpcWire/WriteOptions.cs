namespace GrpcWire;

/// <summary>How a streamed message is written, as Grpc.Core's <c>WriteOptions</c>.</summary>
public sealed class WriteOptions(WriteFlags flags = default)
{
    public WriteFlags Flags { get; } = flags;
}

/// <summary>Write flags, with Grpc.Core's names and values (only the one the project measures).</summary>
[Flags]
public enum WriteFlags
{
    /// <summary>The message may be held back and sent with later ones instead of being flushed at once.</summary>
    BufferHint = 0x1,
}
