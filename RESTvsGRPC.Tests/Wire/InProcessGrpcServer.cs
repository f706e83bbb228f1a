using System.Net;
using GrpcAPI.Wire;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace RESTvsGRPC.Tests.Wire;

/// <summary>
/// GrpcAPI's wire layer on a real Kestrel h2c endpoint on a free loopback port, inside the test process, serving a
/// service of the test's own, so a test can see what the service's code did when a call ended.
/// </summary>
public sealed class InProcessGrpcServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private InProcessGrpcServer(WebApplication app, Uri address)
    {
        _app = app;
        Address = address;
    }

    public Uri Address { get; }

    /// <summary>Starts the server; GrpcAPI's endpoints speak HTTP/2 only, a test may open one to HTTP/1.1 as well.</summary>
    public static async Task<InProcessGrpcServer> StartAsync(GrpcService service, HttpProtocols protocols = HttpProtocols.Http2)
    {
        var builder = WebApplication.CreateSlimBuilder();
        // GrpcAPI's appsettings.json is copied next to the tests; its endpoints are not this server's.
        builder.Configuration.Sources.Clear();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = protocols));
        var app = builder.Build();
        app.Run(new GrpcDispatcher([service], new GrpcServerOptions(), app.Logger).InvokeAsync);
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new InProcessGrpcServer(app, new Uri(address));
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
