using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;
using GrpcAPI.Protos.Health;
using GrpcAPI.Protos.Reflection;
using GrpcAPI.Services;
using GrpcAPI.Wire;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Hosting;

// h2c is the main endpoint (gRPC needs HTTP/2; without TLS that means prior knowledge); --tls adds HTTP/2 over TLS.
var endpoints = new ServerEndpoints(new("H2c", "--urls", HttpProtocols.Http2), new("Tls", "--tls", HttpProtocols.Http2));

// Content root at the binaries, so appsettings.json applies whatever directory the server is started from; always
// Production, so no environment variable can bring in development-time behaviour.
var arguments = endpoints.TranslateArguments(args);
var builder = WebApplication.CreateBuilder(new WebApplicationOptions
{
    Args = arguments,
    ContentRootPath = AppContext.BaseDirectory,
    EnvironmentName = Environments.Production,
});
// The translated arguments again: the raw --urls would reach the host as well, which Kestrel then overrides with a warning.
builder.Configuration.AddCommandLine(arguments, GrpcServerOptions.Switches);

MeteoriteDataset dataset;
GrpcServerOptions options;
try
{
    options = GrpcServerOptions.From(builder.Configuration);
    dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(builder.Configuration["data"]));
}
catch (Exception e) when (e is DataFileException or ArgumentException)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

builder.WebHost.ConfigureKestrel((context, kestrel) =>
{
    endpoints.Configure(kestrel, context.Configuration);
    kestrel.AddServerHeader = false;
    // gRPC limits each message (MaxReceiveMessageBytes) instead of the whole body, which a stream may make long.
    ServerLimits.Apply(kestrel.Limits, maxRequestBodyBytes: null);
});
var app = builder.Build();
ServiceDescriptor[] served =
[
    MeteoritesReflection.Descriptor.Services.Single(),
    HealthReflection.Descriptor.Services.Single(),
    ReflectionReflection.Descriptor.Services.Single(),
];
app.Run(new GrpcDispatcher(
    [
        new(served[0], new MeteoriteLandingsService(dataset)),
        new(served[1], new HealthService(served.Select(service => service.FullName), app.Lifetime.ApplicationStopping)),
        new(served[2], new ReflectionService(served)),
    ],
    options,
    app.Logger).InvokeAsync);
app.Lifetime.ApplicationStarted.Register(() =>
{
    foreach (var warning in endpoints.BeyondLoopbackWarnings("GrpcAPI"))
    {
        Console.Error.WriteLine(warning);
    }

    Console.WriteLine(
        $"GrpcAPI listening on {endpoints.Address("H2c")}"
        + (endpoints.Address("Tls") is { } tls ? $" tls {tls} (certificate sha256 {endpoints.CertificateSha256})" : "")
        + $" ({dataset.Count} records, sha256 {dataset.Sha256})");
});
return ServerEndpoints.Run(app, "GrpcAPI");
