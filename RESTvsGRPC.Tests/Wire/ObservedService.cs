using GrpcWire;
using ModelLibrary.Protos;

namespace RESTvsGRPC.Tests.Wire;

/// <summary>
/// The meteorite contract served by code that reports how its calls ended: a stream that never ends by itself and a
/// POST that waits for ever, so only the call's cancellation can stop them; and a list method with a bug.
/// </summary>
public sealed class ObservedService
{
    private static readonly MeteoriteLanding Record = new() { Id = 1, Name = "Observed" };

    /// <summary>Completes with the number of messages written when the endless stream stopped, and why.</summary>
    public TaskCompletionSource<(int Written, Exception Reason)> StreamEnded { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes when the waiting POST was cancelled.</summary>
    public TaskCompletionSource<Exception> PostEnded { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Task<global::ModelLibrary.Protos.Version> GetVersion(EmptyRequest request, ServerCallContext context) => Task.FromResult(new global::ModelLibrary.Protos.Version());

    public async Task GetLargePayload(LargePayloadRequest request, IServerStreamWriter<MeteoriteLanding> responseStream, ServerCallContext context)
    {
        var written = 0;
        try
        {
            while (written < 10_000_000)
            {
                await responseStream.WriteAsync(Record);
                written++;
            }
        }
        catch (Exception e)
        {
            StreamEnded.TrySetResult((written, e));
            throw;
        }
    }

    public Task GetLargePayloadBuffered(LargePayloadRequest request, IServerStreamWriter<MeteoriteLanding> responseStream, ServerCallContext context) =>
        GetLargePayload(request, responseStream, context);

    public Task GetLargePayloadChunked(LargePayloadRequest request, IServerStreamWriter<MeteoriteLandingList> responseStream, ServerCallContext context) =>
        Task.CompletedTask;

    /// <summary>A bug: the server must answer UNKNOWN without its details and keep serving.</summary>
    public Task<MeteoriteLandingList> GetLargePayloadAsList(LargePayloadRequest request, ServerCallContext context) =>
        throw new InvalidOperationException("internal detail that must not reach the client");

    public async Task<StatusResponse> PostLargePayload(MeteoriteLandingList request, ServerCallContext context)
    {
        try
        {
            await Task.Delay(Timeout.Infinite, context.CancellationToken);
            return new StatusResponse();
        }
        catch (Exception e)
        {
            PostEnded.TrySetResult(e);
            throw;
        }
    }
}
