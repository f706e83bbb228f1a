using Google.Protobuf.Reflection;
using GrpcAPI.Protos.Health;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients.Grpc;

namespace RESTvsGRPC.Tests.GrpcAPI;

/// <summary>The served methods as the tests call them, from the generated descriptors.</summary>
public static class GrpcMethods
{
    private static readonly ServiceDescriptor Meteorites = MeteoritesReflection.Descriptor.Services.Single();
    private static readonly ServiceDescriptor Health = HealthReflection.Descriptor.Services.Single();

    public static GrpcMethod<EmptyRequest, global::ModelLibrary.Protos.Version> GetVersion { get; } = new(Meteorites.FindMethodByName("GetVersion"));
    public static GrpcMethod<LargePayloadRequest, MeteoriteLanding> GetLargePayload { get; } = new(Meteorites.FindMethodByName("GetLargePayload"));
    public static GrpcMethod<LargePayloadRequest, MeteoriteLandingList> GetLargePayloadAsList { get; } = new(Meteorites.FindMethodByName("GetLargePayloadAsList"));
    public static GrpcMethod<MeteoriteLandingList, StatusResponse> PostLargePayload { get; } = new(Meteorites.FindMethodByName("PostLargePayload"));

    /// <summary><c>grpc.health.v1.Health/Check</c>: served by GrpcAPI, unknown to the peer servers.</summary>
    public static GrpcMethod<HealthCheckRequest, HealthCheckResponse> HealthCheck { get; } = new(Health.FindMethodByName("Check"));
    public static GrpcMethod<HealthCheckRequest, HealthCheckResponse> HealthWatch { get; } = new(Health.FindMethodByName("Watch"));
}
