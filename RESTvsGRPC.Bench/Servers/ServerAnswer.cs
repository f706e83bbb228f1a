using Grpc.Core;
using RESTvsGRPC.Bench.Clients;

namespace RESTvsGRPC.Bench.Servers;

/// <summary>
/// Whether a server still answers its small call within <see cref="Timeout"/>: how a failed run tells a frozen server
/// from a failed call.
/// </summary>
public static class ServerAnswer
{
    /// <summary>How long a server has to answer its small call.</summary>
    public static TimeSpan Timeout { get; } = TimeSpan.FromSeconds(5);

    /// <summary>True where RestAPI at <paramref name="http11"/> answers its small GET in time.</summary>
    public static Task<bool> RestAnswersAsync(Uri http11) =>
        AnswersAsync(async () =>
        {
            using var client = new RestClient(HttpTransport.Http11(http11));
            await client.GetSmallPayloadAsync();
        });

    /// <summary>True where GrpcAPI at <paramref name="grpc"/> answers its small call over h2c in time.</summary>
    public static Task<bool> GrpcAnswersAsync(GrpcServerAddresses grpc) =>
        AnswersAsync(async () =>
        {
            using var client = new GrpcClient(grpc.H2cTransport);
            await client.GetSmallPayloadAsync();
        });

    private static async Task<bool> AnswersAsync(Func<Task> call)
    {
        try
        {
            await call().WaitAsync(Timeout);
            return true;
        }
        catch (Exception e)
            when (e is TimeoutException or HttpRequestException or TaskCanceledException or RpcException)
        {
            return false;
        }
    }
}
