namespace ModelLibrary;

/// <summary>Request metadata that is part of the gRPC contract beside meteorites.proto.</summary>
public static class GrpcCallHeaders
{
    /// <summary>
    /// Asks GrpcAPI to compress this call's response messages with the named encoding (gzip or deflate), if the call's
    /// <c>grpc-accept-encoding</c> lists it. grpc-dotnet compresses responses per call only when the service asks
    /// (<c>grpc-internal-encoding-request</c> in its response headers), and its client never sends that header, so
    /// the client's wish travels under this name.
    /// </summary>
    public const string ResponseCompression = "response-compression";
}
