using Microsoft.AspNetCore.Mvc.ModelBinding;
using ModelLibrary;
using ModelLibrary.Rest;
using RestAPI;
using RestAPI.Protobuf;

// Content root at the binaries, so appsettings.json applies whatever directory the server is started from.
var builder = WebApplication.CreateBuilder(new WebApplicationOptions
{
    Args = RestEndpoints.TranslateArguments(args),
    ContentRootPath = AppContext.BaseDirectory,
});

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
builder.Services
    // Records are checked while parsing (required members); MVC's per-property validation pass would add work gRPC does not do.
    .AddControllers(options =>
    {
        options.ModelMetadataDetailsProviders.Add(new SuppressChildValidationMetadataProvider(typeof(MeteoriteLanding)));
        options.ModelMetadataDetailsProviders.Add(new SuppressChildValidationMetadataProvider(typeof(Google.Protobuf.IMessage)));
        options.InputFormatters.Add(new ProtobufInputFormatter());
        options.OutputFormatters.Add(new ProtobufOutputFormatter());
    })
    .AddJsonOptions(options => options.JsonSerializerOptions.TypeInfoResolverChain.Insert(0, MeteoriteJsonContext.Default));
var endpoints = new RestEndpoints();
builder.WebHost.ConfigureKestrel((context, kestrel) =>
{
    endpoints.Configure(kestrel, context.Configuration);
    kestrel.AddServerHeader = false;
    kestrel.Limits.MaxRequestBodySize = builder.Configuration.GetValue<long>("MaxRequestBodyBytes");
});

var app = builder.Build();
app.UseBadRequestBodyHandling();
app.MapControllers();
app.Lifetime.ApplicationStarted.Register(() =>
    Console.WriteLine($"RestAPI listening on {endpoints.Describe()} ({dataset.Count} records, sha256 {dataset.Sha256})"));
app.Run();
return 0;
