using GrpcWire;

namespace RESTvsGRPC.Bench.Clients.Grpc;

/// <summary>
/// How one call is made: its deadline (sent as <c>grpc-timeout</c> and enforced here), the compression of its
/// request message, the compression it asks the server to use for the response, and a token that cancels it.
/// </summary>
public readonly record struct GrpcCallOptions(
    TimeSpan? Deadline = null, MessageCompression? RequestCompression = null, CancellationToken CancellationToken = default, MessageCompression? ResponseCompression = null);
