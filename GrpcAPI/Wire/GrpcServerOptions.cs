using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>
/// Protocol limits and choices of the server, with grpc-dotnet's defaults: a 4 MiB receive limit (checked on the
/// declared length and again after decompression), no limit on what is sent, responses uncompressed unless a
/// compression is chosen here and the client accepts it.
/// </summary>
public sealed record GrpcServerOptions(int MaxReceiveMessageBytes = GrpcProtocol.DefaultMaxReceiveMessageBytes, MessageCompression? ResponseCompression = null)
{
    /// <summary>Command-line switches for the configuration keys (appsettings.json uses the keys themselves).</summary>
    public static IDictionary<string, string> Switches { get; } = new Dictionary<string, string>
    {
        ["--max-receive-message-bytes"] = nameof(MaxReceiveMessageBytes),
        ["--response-compression"] = nameof(ResponseCompression),
    };

    /// <summary>Reads the options; throws <see cref="ArgumentException"/> with one sentence naming a bad value.</summary>
    public static GrpcServerOptions From(IConfiguration configuration)
    {
        var limit = configuration[nameof(MaxReceiveMessageBytes)];
        var maxReceive = limit is null ? GrpcProtocol.DefaultMaxReceiveMessageBytes
            : int.TryParse(limit, out var bytes) && bytes > 0 ? bytes
            : throw new ArgumentException($"--max-receive-message-bytes takes a positive number of bytes (at most {int.MaxValue}), not '{limit}'.");
        var encoding = configuration[nameof(ResponseCompression)];
        var compression = MessageCompression.IsIdentity(encoding) ? null
            : MessageCompression.Find(encoding) ?? throw new ArgumentException($"--response-compression takes gzip, deflate or identity, not '{encoding}'.");
        return new GrpcServerOptions(maxReceive, compression);
    }
}
