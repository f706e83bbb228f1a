using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace RESTvsGRPC.Hosting;

/// <summary>
/// The request limits both servers set on purpose (docs/robustness.md, "Limits and safe defaults"), written out rather
/// than left to Kestrel's
/// defaults so that a Kestrel upgrade cannot move them silently. The body limit is the server's own: RestAPI limits
/// whole bodies, GrpcAPI each message (a stream may be long).
/// </summary>
public static class ServerLimits
{
    public const int MaxRequestHeadersTotalBytes = 32 * 1024;
    public const int MaxRequestHeaderCount = 100;
    public const int MaxRequestLineBytes = 8 * 1024;
    public const int MaxConcurrentHttp2Streams = 100;

    /// <summary>A body slower than this for longer than the grace period is a slow sender holding a connection hostage:
    /// 408.</summary>
    public static readonly MinDataRate MinRequestBodyDataRate = new(
        bytesPerSecond: 240,
        gracePeriod: TimeSpan.FromSeconds(5)
    );

    public static readonly TimeSpan RequestHeadersTimeout = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The HTTP/2 flow-control windows and stream limit in effect, as the ready line prints them: what a call meets
    /// across a round trip (Kestrel's window defaults are left as they are, and said).
    /// </summary>
    public static string Http2Text(KestrelServerLimits limits) =>
        $"(http2 stream window {limits.Http2.InitialStreamWindowSize}, "
        + $"connection window {limits.Http2.InitialConnectionWindowSize}, "
        + $"streams {limits.Http2.MaxStreamsPerConnection})";

    public static void Apply(KestrelServerLimits limits, long? maxRequestBodyBytes)
    {
        limits.MaxRequestBodySize = maxRequestBodyBytes;
        limits.MaxRequestHeadersTotalSize = MaxRequestHeadersTotalBytes;
        limits.MaxRequestHeaderCount = MaxRequestHeaderCount;
        limits.MaxRequestLineSize = MaxRequestLineBytes;
        limits.Http2.MaxStreamsPerConnection = MaxConcurrentHttp2Streams;
        limits.MinRequestBodyDataRate = MinRequestBodyDataRate;
        limits.RequestHeadersTimeout = RequestHeadersTimeout;
    }
}
