using System.Net;
using System.Text;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>RestAPI and GrpcAPI on free loopback ports, with the ways the catalogue and the mutation tests reach
/// them.</summary>
public class BadInputServers : IAsyncLifetime
{
    private readonly IReadOnlyDictionary<string, string>? _environment;

    private ServerProcess? _rest;
    private ServerProcess? _grpc;

    public ServerProcess RestServer => _rest ?? throw new InvalidOperationException("RestAPI has not started");

    public ServerProcess GrpcServer => _grpc ?? throw new InvalidOperationException("GrpcAPI has not started");

    public RestServerAddresses RestAddresses => RestServerAddresses.FromReadyLine(RestServer.ReadyLine);

    public GrpcServerAddresses GrpcAddresses => GrpcServerAddresses.FromReadyLine(GrpcServer.ReadyLine);

    /// <summary>HTTP/1.1 to RestAPI, nothing decompressed or followed: the answer as the server wrote it.</summary>
    public HttpClient Rest { get; private set; } = null!;

    /// <summary>Plain HTTP/2 to GrpcAPI's h2c endpoint, for hand-made gRPC requests.</summary>
    public HttpClient Grpc { get; private set; } = null!;

    /// <summary>HTTP/1.1 to GrpcAPI's web endpoint (JSON transcoding and gRPC-Web), nothing decompressed or
    /// followed.</summary>
    public HttpClient Web { get; private set; } = null!;

    public BadInputServers() { }

    /// <summary>Servers started with these environment variables added (a GC setting, say).</summary>
    protected BadInputServers(IReadOnlyDictionary<string, string> environment) => _environment = environment;

    /// <summary>True where the servers are the Native AOT builds, which serve the minimal APIs in place of the
    /// controllers.</summary>
    public virtual bool Aot => false;

    /// <summary>The route a REST + JSON row posts to and reads from: the controller's, or the minimal API's on the AOT
    /// build.</summary>
    public string RestJsonRoute =>
        Aot ? "minimal/MeteoriteLandings/LargePayload" : "api/MeteoriteLandings/LargePayload";

    public async Task InitializeAsync()
    {
        var starting = Start(_environment);
        if (starting.Length == 0)
        {
            return;
        }

        try
        {
            await Task.WhenAll(starting);
        }
        finally
        {
            _rest = starting[0].IsCompletedSuccessfully ? starting[0].Result : null;
            _grpc = starting[1].IsCompletedSuccessfully ? starting[1].Result : null;
        }

        Rest = new HttpClient(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false })
        {
            BaseAddress = RestAddresses.Http11,
        };
        Grpc = HttpClientSettings.Create(GrpcAddresses.H2cTransport);
        Web = new HttpClient(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false })
        {
            BaseAddress = GrpcAddresses.Web,
        };
    }

    /// <summary>Starts RestAPI and GrpcAPI, in that order; none where the build cannot run here (the tests then
    /// skip).</summary>
    protected virtual Task<ServerProcess>[] Start(IReadOnlyDictionary<string, string>? environment) =>
        [TestServers.StartRestAsync(environment), TestServers.StartGrpcAsync(environment)];

    public Task DisposeAsync()
    {
        Rest?.Dispose();
        Grpc?.Dispose();
        Web?.Dispose();
        _rest?.Dispose();
        _grpc?.Dispose();
        return Task.CompletedTask;
    }

    public async Task<Observed> RestAsync(HttpRequestMessage request)
    {
        using (request)
        using (var response = await Rest.SendAsync(request))
        {
            return new Observed(
                ((int)response.StatusCode).ToString(),
                Describe(response, await response.Content.ReadAsStringAsync())
            );
        }
    }

    public async Task<Observed> GrpcAsync(HttpRequestMessage request, CancellationToken cancellation = default)
    {
        using (request)
        {
            var answer = await RawGrpc.SendAsync(Grpc, request, cancellation);
            var status =
                answer.HttpStatus == HttpStatusCode.OK && answer.Status is not null ? $"grpc-status {answer.Status}"
                : answer.Status is null ? ((int)answer.HttpStatus).ToString()
                : $"{(int)answer.HttpStatus}, grpc-status {answer.Status}";
            return new Observed(
                status,
                Describe(
                    answer.Response,
                    answer.StatusMessage is null ? "" : Uri.UnescapeDataString(answer.StatusMessage)
                )
            );
        }
    }

    /// <summary>
    /// A request to GrpcAPI's web endpoint: "400" and the like for JSON transcoding; for gRPC-Web, its grpc-status,
    /// from the headers (Trailers-Only) or from the trailer frame at the end of the body (base64 in the text format).
    /// </summary>
    public async Task<Observed> WebAsync(HttpRequestMessage request)
    {
        using (request)
        using (var response = await Web.SendAsync(request))
        {
            var body = await response.Content.ReadAsByteArrayAsync();
            var code = ((int)response.StatusCode).ToString();
            var grpcStatus = response.Headers.TryGetValues("grpc-status", out var values)
                ? values.First()
                : GrpcWebFrames.Status(response, body);
            var status =
                grpcStatus is null ? code
                : response.StatusCode == HttpStatusCode.OK ? $"grpc-status {grpcStatus}"
                : $"{code}, grpc-status {grpcStatus}";
            return new Observed(status, Describe(response, Encoding.Latin1.GetString(body)));
        }
    }

    public Task<Observed> GrpcAsync(
        string method,
        byte[] body,
        string contentType = RawGrpc.ContentType,
        params (string Name, string Value)[] headers
    ) =>
        GrpcAsync(
            RawGrpc.Request(
                $"/meteorites.v1.MeteoriteLandingsService/{method}",
                new ByteArrayContent(body),
                contentType,
                headers
            )
        );

    /// <summary>A good request to <paramref name="server"/> on a new connection, answered as it should be.</summary>
    public async Task<bool> ServesAsync(string server)
    {
        if (server == BadInput.Rest)
        {
            using var http = new HttpClient { BaseAddress = RestAddresses.Http11 };
            return (await http.GetStringAsync(RestJsonRoute[..RestJsonRoute.LastIndexOf('/')])).Contains(
                "API Version",
                StringComparison.Ordinal
            );
        }

        using var client = new GrpcClient(GrpcAddresses.H2cTransport);
        return (await client.GetSmallPayloadAsync()).ApiVersion.Contains("API Version", StringComparison.Ordinal);
    }

    private static string Describe(HttpResponseMessage response, string body)
    {
        var text = new StringBuilder();
        foreach (var header in response.Headers.Concat(response.Content.Headers).Concat(response.TrailingHeaders))
        {
            text.Append(header.Key).Append(": ").AppendJoin(", ", header.Value).Append('\n');
        }

        return text.Append(body).ToString();
    }
}
