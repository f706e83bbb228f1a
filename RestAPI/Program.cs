using Microsoft.AspNetCore.ResponseCompression;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Options;
using ModelLibrary;
using ModelLibrary.Rest;
using RestAPI;
using RestAPI.Protobuf;
using RESTvsGRPC.Hosting;
#if !AOT
using Microsoft.AspNetCore.Mvc.ModelBinding;
using ModelLibrary.Shapes;
using RestAPI.Controllers.Shapes;
#endif

// One endpoint per transport the benchmark compares; h2c needs a port of its own (it cannot be negotiated beside
// HTTP/1.1).
var endpoints = new ServerEndpoints(
    new("Http1", "--urls", HttpProtocols.Http1),
    new("H2c", "--h2c", HttpProtocols.Http2),
    new("Tls", "--tls", HttpProtocols.Http1AndHttp2)
);

// Content root at the binaries, so appsettings.json applies whatever directory the server is started from.
// Production whatever ASPNETCORE_ENVIRONMENT says: a Development host would add the developer exception page, whose
// stack traces no client of a benchmark subject should ever see.
var builder = WebApplication.CreateBuilder(
    new WebApplicationOptions
    {
        Args = endpoints.TranslateArguments(args),
        ContentRootPath = AppContext.BaseDirectory,
        EnvironmentName = Environments.Production,
    }
);

MeteoriteDataset dataset;
try
{
    dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(builder.Configuration["data"]));
}
catch (DataFileException e)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

builder.Services.AddSingleton(dataset);
#if !AOT
// MVC does not support Native AOT: the AOT build (RestAPI.Aot) serves the minimal APIs alone.
var shapes = new ShapeControllers(ShapeCatalogue.All);
foreach (var shape in ShapeCatalogue.All)
{
    builder.Services.AddSingleton(shape.GetType(), shape);
}

builder.Services.AddSingleton<EscapedJson>();
builder
    .Services
    // Records are checked while parsing (required members); MVC's per-property validation pass would add work gRPC does
    // not do.
    .AddControllers(options =>
    {
        foreach (var type in ShapeCatalogue.All.Select(shape => shape.RecordType).Prepend(typeof(MeteoriteLanding)))
        {
            options.ModelMetadataDetailsProviders.Add(new SuppressChildValidationMetadataProvider(type));
        }

        options.ModelMetadataDetailsProviders.Add(
            new SuppressChildValidationMetadataProvider(typeof(Google.Protobuf.IMessage))
        );
        options.InputFormatters.Add(new ProtobufInputFormatter());
        options.OutputFormatters.Add(new ProtobufOutputFormatter());
        options.Conventions.Add(shapes);
    })
    .ConfigureApplicationPartManager(parts => parts.FeatureProviders.Add(shapes))
    .AddJsonOptions(options =>
    {
        options.JsonSerializerOptions.TypeInfoResolverChain.Insert(0, MeteoriteJsonContext.Default);
        foreach (var shape in ShapeCatalogue.All)
        {
            options.JsonSerializerOptions.TypeInfoResolverChain.Add(shape.JsonResolver);
        }

        // A bad body is answered with the JSON path that broke, not the parser's message: that names .NET types.
        options.AllowInputFormatterExceptionMessages = false;
    });
#endif

// The minimal APIs read and write with the same source-generated context as the controllers.
builder.Services.ConfigureHttpJsonOptions(options =>
    options.SerializerOptions.TypeInfoResolverChain.Insert(0, MeteoriteJsonContext.Default)
);

// A request the minimal APIs cannot bind throws, so UseBadRequestBodyHandling answers it with problem details, as the
// controllers answer theirs, instead of an empty 400.
builder.Services.Configure<RouteHandlerOptions>(options => options.ThrowOnBadRequest = true);

// The 415 a minimal API answers without throwing gets problem details from the status-code pages.
builder.Services.AddProblemDetails();

// gzip only where the client asks (Accept-Encoding, Content-Encoding): the middleware passes every other request
// through untouched. Over TLS too: the benchmark's payloads hold no secrets for BREACH to guess. Fastest, as GrpcAPI
// and grpc-dotnet.
builder.Services.AddResponseCompression(options =>
{
    options.EnableForHttps = true;
    options.Providers.Add<GzipCompressionProvider>();
    options.MimeTypes = ["application/json", ProtobufMediaType.Value];
});
builder.Services.Configure<GzipCompressionProviderOptions>(options =>
    options.Level = System.IO.Compression.CompressionLevel.Fastest
);
builder.Services.AddRequestDecompression();
builder.WebHost.ConfigureKestrel(
    (context, kestrel) =>
    {
        endpoints.Configure(kestrel, context.Configuration);
        kestrel.AddServerHeader = false;
        ServerLimits.Apply(kestrel.Limits, builder.Configuration.GetValue<long>("MaxRequestBodyBytes"));
    }
);

var app = builder.Build();
app.UseBadRequestBodyHandling();
app.UseStatusCodePages();
app.UseResponseCompression();
app.UseRequestDecompression();
#if !AOT
app.MapControllers();
#endif
app.MapMinimalApis();
app.Lifetime.ApplicationStarted.Register(() =>
{
    foreach (var warning in endpoints.BeyondLoopbackWarnings("RestAPI"))
    {
        Console.Error.WriteLine(warning);
    }

    Console.WriteLine(
        $"RestAPI listening on {endpoints.Address("Http1")} h2c {endpoints.Address("H2c")} "
            + $"tls {endpoints.Address("Tls")} "
            + $"(certificate sha256 {endpoints.CertificateSha256}) ({dataset.Count} records, sha256 {dataset.Sha256}) "
            + ServerLimits.Http2Text(app.Services.GetRequiredService<IOptions<KestrelServerOptions>>().Value.Limits)
    );
});
return ServerEndpoints.Run(app, "RestAPI");
