using GrpcWire;

namespace GrpcAPI.Wire;

/// <summary>
/// Protocol limits and choices of the server, with grpc-dotnet's defaults: a 4 MiB receive limit (checked on the
/// declared length and again after decompression), no limit on what is sent, responses uncompressed unless a
/// compression is chosen here and the client accepts it.
/// </summary>
public sealed record GrpcServerOptions(int MaxReceiveMessageBytes = GrpcProtocol.DefaultMaxReceiveMessageBytes, MessageCompression? ResponseCompression = null);
