using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>A compressed request in an encoding this server does not know: UNIMPLEMENTED, with the encodings it does accept.</summary>
internal sealed class UnsupportedEncodingException(string encoding)
    : Exception($"Unsupported grpc-encoding value '{encoding}'. Supported encodings: {MessageCompression.AcceptEncoding.Replace(",", ", ", StringComparison.Ordinal)}");
