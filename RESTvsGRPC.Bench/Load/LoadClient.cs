using Google.Protobuf;
using Grpc.Core;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// One connection's worth of a target: makes a call, checks its answer cheaply, and returns what became of it; nothing
/// thrown escapes.
/// </summary>
public sealed class LoadClient : IDisposable
{
    private readonly bool _streamsLargeGet;
    private readonly LoadExpectation _expected;
    private readonly ArmClient _client;
    private readonly RestClient? _json;
    private readonly RestProtobufClient? _protobuf;
    private readonly GrpcClient? _grpc;

    /// <summary>
    /// A client of its own (and so its own connections) over <paramref name="transport"/> that makes
    /// <paramref name="arm"/>'s calls.
    /// </summary>
    public LoadClient(Arm arm, HttpTransport transport, LoadExpectation expected)
    {
        _expected = expected;
        _streamsLargeGet = arm.CallShape == "stream";
        _client = ArmClient.Create(arm, transport);
        (_json, _protobuf, _grpc) = (_client.Json, _client.Protobuf, _client.Grpc);
    }

    /// <summary>The HTTP version of the last answer: what was negotiated, not what was asked for.</summary>
    public System.Version? LastResponseVersion => _client.LastResponseVersion;

    /// <summary>
    /// Makes one call of <paramref name="operation"/>; an answer later than <paramref name="timeout"/> is a timeout
    /// (the call is abandoned).
    /// </summary>
    public async Task<CallOutcome> CallAsync(LoadOperation operation, TimeSpan timeout)
    {
        try
        {
            await CallCheckedAsync(operation).WaitAsync(timeout);
            return CallOutcome.Ok;
        }
        catch (Exception error)
        {
            return Classify(error);
        }
    }

    /// <summary>The kind of error <paramref name="error"/> stands for.</summary>
    public static CallOutcome Classify(Exception error) =>
        error switch
        {
            TimeoutException => CallOutcome.Timeout,
            LoadValidationException or JsonException or InvalidProtocolBufferException => CallOutcome.Validation,
            HttpRequestException { StatusCode: not null } => CallOutcome.Status,
            RpcException { StatusCode: StatusCode.DeadlineExceeded } => CallOutcome.Timeout,
            RpcException { StatusCode: StatusCode.Unavailable } => CallOutcome.Transport,
            RpcException => CallOutcome.Status,
            _ => CallOutcome.Transport,
        };

    public void Dispose() => _client.Dispose();

    /// <summary>
    /// Makes one call of <paramref name="operation"/> and checks its answer; throws on any failure (the client's
    /// deadline bounds it).
    /// </summary>
    public async Task CallCheckedAsync(LoadOperation operation)
    {
        switch (operation)
        {
            case LoadOperation.Small:
                var version =
                    _json is not null ? (await _json.GetSmallPayloadAsync()).Version
                    : _protobuf is not null ? (await _protobuf.GetSmallPayloadAsync()).ApiVersion
                    : (await _grpc!.GetSmallPayloadAsync()).ApiVersion;
                Check(version == _expected.Version, $"the version was \"{version}\"");
                break;

            case LoadOperation.Large when _json is not null:
                var records = await _json.GetLargePayloadAsync();
                CheckRecords(records.Length, records.Aggregate(0UL, (sum, record) => sum + record.Id));
                break;

            case LoadOperation.Large when _protobuf is not null:
                CheckRecords(await _protobuf.GetLargePayloadAsync());
                break;

            case LoadOperation.Large when _streamsLargeGet:
                var idSum = 0UL;
                var count = await _grpc!.ConsumeStreamAsync(null, record => idSum += record.Id);
                CheckRecords(count, idSum);
                break;

            case LoadOperation.Large:
                CheckRecords(await _grpc!.GetLargePayloadAsListAsync());
                break;

            default:
                var (status, received) =
                    _json is not null ? await PostJsonAsync(_json)
                    : _protobuf is not null ? From(await _protobuf.PostLargePayloadAsync(_expected.ProtoRecords))
                    : From(await _grpc!.PostLargePayloadAsync(_expected.ProtoRecords));
                Check(
                    status == ModelLibrary.Rest.PostStatus.Success && received == _expected.Count,
                    $"the POST answered {status} with {received} records received"
                );
                break;
        }
    }

    private async Task<(string, long)> PostJsonAsync(RestClient client)
    {
        var answer = await client.PostLargePayloadAsync(_expected.Records);
        return (answer.Status, answer.Received);
    }

    private static (string, long) From(ModelLibrary.Protos.StatusResponse answer) => (answer.Status, answer.Received);

    private void CheckRecords(ModelLibrary.Protos.MeteoriteLandingList list)
    {
        var sum = 0UL;
        foreach (var record in list.MeteoriteLandings)
        {
            sum += record.Id;
        }

        CheckRecords(list.MeteoriteLandings.Count, sum);
    }

    private void CheckRecords(int count, ulong idSum) =>
        Check(
            count == _expected.Count && idSum == _expected.IdSum,
            $"{count} records with id sum {idSum} arrived, {_expected.Count} with id sum {_expected.IdSum} expected"
        );

    private static void Check(bool condition, string problem)
    {
        if (!condition)
        {
            throw new LoadValidationException(problem);
        }
    }
}
