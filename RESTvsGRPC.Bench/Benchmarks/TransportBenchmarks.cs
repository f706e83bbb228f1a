using BenchmarkDotNet.Attributes;
using ModelLibrary;
using Proto = ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// Each operation called <see cref="Calls"/> times in a row over a long-lived client, the reference benchmark's
/// batches. The timed region holds only the calls; every client was validated in <see cref="Setup"/>.
/// </summary>
[Config(typeof(BenchConfig))]
public class TransportBenchmarks
{
    private RestClient _rest = null!;
    private RestProtobufClient _restProtobuf = null!;
    private MeteoriteDataset _dataset = null!;

    /// <summary>Calls per benchmark invocation.</summary>
    [Params(100, 200)]
    public int Calls { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var settings = BenchSettings.FromEnvironment();
        _dataset = MeteoriteDataset.Load(settings.DataPath);
        _rest = new RestClient(settings.RestUrl);
        _restProtobuf = new RestProtobufClient(settings.RestUrl);
        // Every benchmark process checks again: a server may have changed since the orchestrator's gate.
        CorrectnessGate.CheckRestAsync(_rest, _dataset).GetAwaiter().GetResult();
        CorrectnessGate.CheckRestProtobufAsync(_restProtobuf, _dataset).GetAwaiter().GetResult();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _rest.Dispose();
        _restProtobuf.Dispose();
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public async Task<ApiVersion> RestGetSmallPayload()
    {
        ApiVersion last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _rest.GetSmallPayloadAsync();
        }

        return last;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public async Task<MeteoriteLanding[]> RestGetLargePayload()
    {
        MeteoriteLanding[] last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _rest.GetLargePayloadAsync();
        }

        return last;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public async Task<PostStatus> RestPostLargePayload()
    {
        PostStatus last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _rest.PostLargePayloadAsync(_dataset.Records);
        }

        return last;
    }

    [Benchmark]
    [BenchmarkCategory(Operations.GetSmallPayload)]
    public async Task<Proto.Version> RestProtobufGetSmallPayload()
    {
        Proto.Version last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _restProtobuf.GetSmallPayloadAsync();
        }

        return last;
    }

    [Benchmark]
    [BenchmarkCategory(Operations.GetLargePayload)]
    public async Task<Proto.MeteoriteLandingList> RestProtobufGetLargePayload()
    {
        Proto.MeteoriteLandingList last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _restProtobuf.GetLargePayloadAsync();
        }

        return last;
    }

    [Benchmark]
    [BenchmarkCategory(Operations.PostLargePayload)]
    public async Task<Proto.StatusResponse> RestProtobufPostLargePayload()
    {
        Proto.StatusResponse last = null!;
        for (var i = 0; i < Calls; i++)
        {
            last = await _restProtobuf.PostLargePayloadAsync(_dataset.ProtoList);
        }

        return last;
    }
}
