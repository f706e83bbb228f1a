using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace GrpcAPI.Services;

/// <summary>
/// What gRPC health reports through Grpc.AspNetCore.HealthChecks: healthy (SERVING) until the server starts shutting
/// down, then unhealthy (NOT_SERVING), so a client or balancer stops sending calls before the connections close.
/// </summary>
public sealed class ServingHealthCheck(IHostApplicationLifetime lifetime) : IHealthCheck
{
    public Task<HealthCheckResult> CheckHealthAsync(
        HealthCheckContext context,
        CancellationToken cancellationToken = default
    ) =>
        Task.FromResult(
            lifetime.ApplicationStopping.IsCancellationRequested
                ? HealthCheckResult.Unhealthy("The server is shutting down.")
                : HealthCheckResult.Healthy()
        );
}
