using Grpc.AspNetCore.Server;
using GrpcAPI.Compression;

namespace GrpcAPI;

/// <summary>
/// The gRPC options GrpcAPI takes from configuration, with grpc-dotnet's defaults: a 4 MiB receive limit (checked on
/// the declared length by grpc-dotnet and, here, again while decompressing), no limit on what is sent, and responses
/// uncompressed unless a compression is chosen and the client accepts it.
/// </summary>
public sealed record GrpcApiOptions(int MaxReceiveMessageBytes, string? ResponseCompression)
{
    /// <summary>grpc-dotnet's default limit on a received message: 4 MiB.</summary>
    public const int DefaultMaxReceiveMessageBytes = 4 * 1024 * 1024;

    /// <summary>Command-line switches for the configuration keys (appsettings.json uses the keys themselves).</summary>
    public static IDictionary<string, string> Switches { get; } =
        new Dictionary<string, string>
        {
            ["--max-receive-message-bytes"] = nameof(MaxReceiveMessageBytes),
            ["--response-compression"] = nameof(ResponseCompression),
        };

    /// <summary>Reads the options; throws <see cref="ArgumentException"/> with one sentence naming a bad
    /// value.</summary>
    public static GrpcApiOptions From(IConfiguration configuration)
    {
        var limit = configuration[nameof(MaxReceiveMessageBytes)];
        var maxReceive =
            limit is null ? DefaultMaxReceiveMessageBytes
            : int.TryParse(limit, out var bytes) && bytes > 0 ? bytes
            : throw new ArgumentException(
                $"--max-receive-message-bytes takes a positive number of bytes (at most {int.MaxValue}), not '{limit}'."
            );
        var encoding = configuration[nameof(ResponseCompression)];
        return encoding switch
        {
            null or "" or "identity" => new GrpcApiOptions(maxReceive, null),
            "gzip" or "deflate" => new GrpcApiOptions(maxReceive, encoding),
            _ => throw new ArgumentException(
                $"--response-compression takes gzip, deflate or identity, not '{encoding}'."
            ),
        };
    }

    /// <summary>Sets grpc-dotnet's options: the limit, the bounded gzip and deflate providers (and no others), the
    /// default response compression.</summary>
    public void Apply(GrpcServiceOptions options)
    {
        options.MaxReceiveMessageSize = MaxReceiveMessageBytes;
        options.MaxSendMessageSize = null;
        // Never empty: grpc-dotnet puts its own unbounded providers back when the list is empty.
        options.CompressionProviders =
        [
            BoundedCompressionProvider.Gzip(MaxReceiveMessageBytes),
            BoundedCompressionProvider.Deflate(MaxReceiveMessageBytes),
        ];
        options.ResponseCompressionAlgorithm = ResponseCompression;
        options.ResponseCompressionLevel = BoundedCompressionProvider.DefaultLevel;
    }
}
