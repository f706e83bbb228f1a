namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// The endpoints of the Native AOT servers the AOT arms call: RestAPI.Aot's HTTP/1.1 (its minimal APIs) and
/// GrpcAPI.Aot's h2c.
/// </summary>
public sealed record AotServerAddresses(Uri Rest, Uri Grpc);
