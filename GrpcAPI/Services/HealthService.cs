using GrpcAPI.Protos.Health;
using GrpcWire;
using ServingStatus = GrpcAPI.Protos.Health.HealthCheckResponse.Types.ServingStatus;

namespace GrpcAPI.Services;

/// <summary>
/// <c>grpc.health.v1.Health</c>: SERVING for the server as a whole ("") and for each service it serves, until the
/// server starts shutting down; then NOT_SERVING, and every Watch gets that last word before it ends.
/// </summary>
public sealed class HealthService(IEnumerable<string> services, CancellationToken stopping)
{
    private readonly HashSet<string> _services = ["", .. services];

    public Task<HealthCheckResponse> Check(HealthCheckRequest request, ServerCallContext context) =>
        _services.Contains(request.Service)
            ? Task.FromResult(new HealthCheckResponse { Status = Current })
            : throw new RpcException(StatusCode.NotFound, $"Service '{request.Service}' is unknown.");

    public async Task Watch(HealthCheckRequest request, IServerStreamWriter<HealthCheckResponse> responseStream, ServerCallContext context)
    {
        if (!_services.Contains(request.Service))
        {
            // The protocol says to keep the stream open for a service that may appear later; here none will.
            await responseStream.WriteAsync(new HealthCheckResponse { Status = ServingStatus.ServiceUnknown });
            await Task.Delay(Timeout.Infinite, context.CancellationToken);
            return;
        }

        await responseStream.WriteAsync(new HealthCheckResponse { Status = Current });
        using var either = CancellationTokenSource.CreateLinkedTokenSource(context.CancellationToken, stopping);
        try
        {
            await Task.Delay(Timeout.Infinite, either.Token);
        }
        catch (OperationCanceledException) when (stopping.IsCancellationRequested && !context.CancellationToken.IsCancellationRequested)
        {
            await responseStream.WriteAsync(new HealthCheckResponse { Status = ServingStatus.NotServing });
        }
    }

    private ServingStatus Current => stopping.IsCancellationRequested ? ServingStatus.NotServing : ServingStatus.Serving;
}
