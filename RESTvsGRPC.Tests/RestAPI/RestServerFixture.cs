using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

/// <summary>One RestAPI process on a free loopback port, shared by a test class and stopped after it.</summary>
public sealed class RestServerFixture : IAsyncLifetime
{
    private ServerProcess? _server;

    public ServerProcess Server => _server ?? throw new InvalidOperationException("the server has not started");

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        _server = await TestServers.StartRestAsync();
        Client = new HttpClient { BaseAddress = _server.BaseAddress };
    }

    public Task DisposeAsync()
    {
        Client.Dispose();
        _server?.Dispose();
        return Task.CompletedTask;
    }
}
