namespace GrpcWire;

/// <summary>Names and constants of gRPC over HTTP/2 (doc/PROTOCOL-HTTP2.md in the grpc repository).</summary>
public static class GrpcProtocol
{
    public const string ContentType = "application/grpc";
    public const string StatusHeader = "grpc-status";
    public const string MessageHeader = "grpc-message";
    public const string EncodingHeader = "grpc-encoding";
    public const string AcceptEncodingHeader = "grpc-accept-encoding";
    public const string TimeoutHeader = "grpc-timeout";

    /// <summary>grpc-dotnet's request header by which a client asks the server to compress this call's response with the named algorithm.</summary>
    public const string ResponseCompressionRequestHeader = "grpc-internal-encoding-request";

    /// <summary>A compressed-flag byte and a four-byte big-endian length precede every message.</summary>
    public const int MessageHeaderLength = 5;

    /// <summary>grpc-dotnet's default limit on a received message: 4 MiB.</summary>
    public const int DefaultMaxReceiveMessageBytes = 4 * 1024 * 1024;

    /// <summary>Whether a request or response content type is gRPC's: <c>application/grpc</c>, alone or with a <c>+suffix</c> or parameters.</summary>
    public static bool IsGrpcContentType(string? contentType) =>
        contentType is not null
        && contentType.StartsWith(ContentType, StringComparison.OrdinalIgnoreCase)
        && (contentType.Length == ContentType.Length || contentType[ContentType.Length] is '+' or ';');
}
