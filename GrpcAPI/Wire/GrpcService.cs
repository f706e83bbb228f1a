using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;

namespace GrpcAPI.Wire;

/// <summary>
/// A service to serve: its descriptor (from the generated code of its .proto) and the object whose public methods,
/// named and shaped as grpc-dotnet's service base classes would have them, implement its methods.
/// </summary>
public sealed record GrpcService(ServiceDescriptor Descriptor, object Implementation);
