using BenchmarkDotNet.Attributes;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using Proto = ModelLibrary.Protos;
using Rest = ModelLibrary.Rest;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// The same REST + JSON calls over HTTP/1.1 (baseline), h2c and TLS with HTTP/2: what the HTTP version and TLS
/// cost or save on one framework and one serializer; and gRPC over the same two HTTP/2 transports, so a gRPC arm
/// can be compared with REST on the same HTTP version.
/// </summary>
[Config(typeof(BenchConfig))]
public class HttpVersionBenchmarks
{
    private RestClient _http11 = null!;
    private RestClient _h2c = null!;
    private RestClient _tls = null!;
    private GrpcClient _grpcH2c = null!;
    private GrpcClient _grpcTls = null!;
    private MeteoriteDataset _dataset = null!;

    /// <summary>Calls per benchmark invocation.</summary>
    [Params(100)]
    public int Calls { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var settings = BenchSettings.FromEnvironment();
        _dataset = MeteoriteDataset.Load(settings.DataPath);
        var (h2c, tls) = settings.RequireRest.Http2Transports;
        _http11 = new RestClient(settings.RequireRest.Http11Transport);
        _h2c = new RestClient(h2c);
        _tls = new RestClient(tls);
        _grpcH2c = new GrpcClient(settings.RequireGrpc.H2cTransport);
        _grpcTls = new GrpcClient(settings.RequireGrpc.TlsTransport);
        foreach (var client in new[] { _http11, _h2c, _tls })
        {
            CorrectnessGate.CheckRestAsync(client, _dataset).GetAwaiter().GetResult();
        }

        CorrectnessGate.CheckGrpcAsync(_grpcH2c, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckGrpcAsync(_grpcTls, _dataset).GetAwaiter().GetResult();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _http11.Dispose();
        _h2c.Dispose();
        _tls.Dispose();
        _grpcH2c.Dispose();
        _grpcTls.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> RestHttp11GetSmallPayload() => Batch.RepeatAsync(Calls, _http11.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> RestH2cGetSmallPayload() => Batch.RepeatAsync(Calls, _h2c.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Rest.ApiVersion> RestTlsGetSmallPayload() => Batch.RepeatAsync(Calls, _tls.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcH2cGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcH2c.GetSmallPayloadAsync);

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public Task<Proto.Version> GrpcTlsGetSmallPayload() => Batch.RepeatAsync(Calls, _grpcTls.GetSmallPayloadAsync);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestHttp11GetLargePayload() => Batch.RepeatAsync(Calls, () => _http11.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestH2cGetLargePayload() => Batch.RepeatAsync(Calls, () => _h2c.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Rest.MeteoriteLanding[]> RestTlsGetLargePayload() => Batch.RepeatAsync(Calls, () => _tls.GetLargePayloadAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcH2cGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpcH2c.GetLargePayloadAsListAsync());

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public Task<Proto.MeteoriteLandingList> GrpcTlsGetLargePayloadAsList() => Batch.RepeatAsync(Calls, () => _grpcTls.GetLargePayloadAsListAsync());

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestHttp11PostLargePayload() => Batch.RepeatAsync(Calls, () => _http11.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestH2cPostLargePayload() => Batch.RepeatAsync(Calls, () => _h2c.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Rest.PostStatus> RestTlsPostLargePayload() => Batch.RepeatAsync(Calls, () => _tls.PostLargePayloadAsync(_dataset.Records));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcH2cPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpcH2c.PostLargePayloadAsync(_dataset.ProtoList));

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public Task<Proto.StatusResponse> GrpcTlsPostLargePayload() => Batch.RepeatAsync(Calls, () => _grpcTls.PostLargePayloadAsync(_dataset.ProtoList));
}
