using Grpc.AspNetCore.Web;
using Grpc.Health.V1;
using Grpc.HealthCheck;
using GrpcAPI;
using GrpcAPI.Services;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Options;
using ModelLibrary;
using RESTvsGRPC.Hosting;

// h2c is the main endpoint (gRPC needs HTTP/2; without TLS that means prior knowledge); --tls adds HTTP/2 over TLS;
// --web is the HTTP/1.1 endpoint, where gRPC-Web and JSON transcoding meet clients and proxies without HTTP/2 (Kestrel
// cannot offer h2c beside HTTP/1.1 on one port; both also answer on the h2c endpoint).
var endpoints = new ServerEndpoints(
    new("H2c", "--urls", HttpProtocols.Http2),
    new("Tls", "--tls", HttpProtocols.Http2),
    new("Web", "--web", HttpProtocols.Http1)
);

// Content root at the binaries, so appsettings.json applies whatever directory the server is started from; always
// Production, so no environment variable can bring in development-time behaviour.
var arguments = endpoints.TranslateArguments(args);
var builder = WebApplication.CreateBuilder(
    new WebApplicationOptions
    {
        Args = arguments,
        ContentRootPath = AppContext.BaseDirectory,
        EnvironmentName = Environments.Production,
    }
);

// The translated arguments again, with the gRPC switches mapped to their configuration keys.
builder.Configuration.AddCommandLine(arguments, GrpcApiOptions.Switches);

MeteoriteDataset dataset;
GrpcApiOptions options;
try
{
    options = GrpcApiOptions.From(builder.Configuration);
    dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(builder.Configuration["data"]));
}
catch (Exception e) when (e is DataFileException or ArgumentException)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

builder.Services.AddSingleton(dataset);
#if AOT
// JSON transcoding and server reflection do not support Native AOT: the AOT build (GrpcAPI.Aot) leaves them out.
builder.Services.AddGrpc(options.Apply);
#else
builder.Services.AddGrpc(options.Apply).AddJsonTranscoding();
builder.Services.AddGrpcReflection();
// The payload shapes are measured on the JIT build: the AOT build serves the meteorites alone, as RestAPI.Aot does.
builder.Services.AddSingleton<
    Grpc.AspNetCore.Server.Model.IServiceMethodProvider<GrpcAPI.Shapes.ShapesService>,
    GrpcAPI.Shapes.ShapeMethodProvider
>();
#endif
builder
    .Services.AddGrpcHealthChecks(health =>
        health.Services.Map(ModelLibrary.Protos.MeteoriteLandingsService.Descriptor.FullName, _ => true)
    )
    .AddCheck<ServingHealthCheck>("serving");
builder.WebHost.ConfigureKestrel(
    (context, kestrel) =>
    {
        endpoints.Configure(kestrel, context.Configuration);
        kestrel.AddServerHeader = false;
        // gRPC limits each message (MaxReceiveMessageSize) instead of the whole body, which a stream may make long.
        ServerLimits.Apply(kestrel.Limits, maxRequestBodyBytes: null);
    }
);

var app = builder.Build();
#if !AOT
app.UseTranscodedBodyLimit(options.MaxReceiveMessageBytes);
#endif
app.UseGrpcWebTextGuard(options.MaxReceiveMessageBytes);

// gRPC-Web (binary and base64 text) on every endpoint and service: the middleware translates it to gRPC for the
// service.
app.UseGrpcWeb(new GrpcWebOptions { DefaultEnabled = true });
app.MapGrpcService<MeteoriteLandingsService>();
app.MapGrpcHealthChecksService();
#if !AOT
app.MapGrpcService<GrpcAPI.Shapes.ShapesService>();
app.MapGrpcReflectionService();
#endif
app.Lifetime.ApplicationStarted.Register(() =>
{
    foreach (var warning in endpoints.BeyondLoopbackWarnings("GrpcAPI"))
    {
        Console.Error.WriteLine(warning);
    }

    Console.WriteLine(
        $"GrpcAPI listening on {endpoints.Address("H2c")}"
            + (
                endpoints.Address("Tls") is { } tls
                    ? $" tls {tls} (certificate sha256 {endpoints.CertificateSha256})"
                    : ""
            )
            + (endpoints.Address("Web") is { } web ? $" web {web}" : "")
            + $" ({dataset.Count} records, sha256 {dataset.Sha256}) "
            + ServerLimits.Http2Text(app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value.Limits)
    );
});

// Health watchers hear NOT_SERVING as soon as shutdown starts, not at the next periodic health publication.
app.Lifetime.ApplicationStopping.Register(() =>
{
    var health = app.Services.GetRequiredService<HealthServiceImpl>();
    foreach (var service in new[] { "", ModelLibrary.Protos.MeteoriteLandingsService.Descriptor.FullName })
    {
        health.SetStatus(service, HealthCheckResponse.Types.ServingStatus.NotServing);
    }
});
return ServerEndpoints.Run(app, "GrpcAPI");
