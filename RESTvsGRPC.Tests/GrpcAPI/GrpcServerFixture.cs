using Grpc.Health.V1;
using Grpc.Net.Client;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.GrpcAPI;

/// <summary>One GrpcAPI process (h2c and TLS on free loopback ports), shared by a test class and stopped after
/// it.</summary>
public sealed class GrpcServerFixture : IAsyncLifetime
{
    private ServerProcess? _server;

    public ServerProcess Server => _server ?? throw new InvalidOperationException("the server has not started");

    public GrpcServerAddresses Addresses => GrpcServerAddresses.FromReadyLine(Server.ReadyLine);

    /// <summary>A plain HttpClient speaking exactly HTTP/2 to the h2c endpoint, for requests no gRPC client would
    /// send.</summary>
    public HttpClient Raw { get; private set; } = null!;

    /// <summary>grpc-dotnet's generated clients over one channel, for calls the bench's client does not make (other
    /// metadata, deadlines, health).</summary>
    public MeteoriteLandingsService.MeteoriteLandingsServiceClient Meteorites { get; private set; } = null!;

    public Health.HealthClient Health { get; private set; } = null!;

    private GrpcChannel? _channel;

    public async Task InitializeAsync()
    {
        _server = await TestServers.StartGrpcAsync();
        Raw = HttpClientSettings.Create(HttpTransport.H2c(_server.BaseAddress));
        _channel = GrpcChannel.ForAddress(_server.BaseAddress);
        Meteorites = new MeteoriteLandingsService.MeteoriteLandingsServiceClient(_channel);
        Health = new Health.HealthClient(_channel);
    }

    public Task DisposeAsync()
    {
        Raw.Dispose();
        _channel?.Dispose();
        _server?.Dispose();
        return Task.CompletedTask;
    }
}
