using ModelLibrary;
using ModelLibrary.Rest;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Gate;

/// <summary>
/// Calls every operation once, untimed, and checks record count and canonical hash, the POST's count, the version and
/// the HTTP version.
/// </summary>
public static class CorrectnessGate
{
    /// <summary>
    /// Checks every operation and large-GET shape of <paramref name="client"/>'s arm; throws
    /// <see cref="GateFailedException"/>.
    /// </summary>
    public static async Task CheckAsync(ArmClient client, MeteoriteDataset expected)
    {
        if (client.Json is { } json)
        {
            await CheckRestAsync(json, expected);
        }
        else if (client.Protobuf is { } protobuf)
        {
            await CheckRestProtobufAsync(protobuf, expected);
        }
        else if (client.Grpc is { } grpc)
        {
            await CheckGrpcAsync(grpc, expected);
            if (client.Arm.Protocol == Arm.Grpc)
            {
                await CheckGrpcStreamingVariantsAsync(grpc, expected);
            }
        }
    }

    /// <summary>
    /// Checks the REST + JSON routes at <paramref name="client"/>; throws <see cref="GateFailedException"/>.
    /// </summary>
    public static async Task CheckRestAsync(RestClient client, MeteoriteDataset expected)
    {
        var name = client.Routes.Name;
        var version = await Call($"{name} GetSmallPayload", client.GetSmallPayloadAsync);
        Require(
            version.Version == ApiVersion.Current,
            $"{name} GetSmallPayload answered \"{version.Version}\", expected \"{ApiVersion.Current}\"."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetSmallPayload");

        var records = await Call($"{name} GetLargePayload", () => client.GetLargePayloadAsync());
        RequireRecords($"{name} GetLargePayload", records, expected);
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetLargePayload");

        if (client.Routes.Stream is not null)
        {
            var streamed = await Call($"{name} GetLargePayload (stream)", () => client.StreamLargePayloadAsync());
            RequireRecords($"{name} GetLargePayload (stream)", streamed, expected);
            RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetLargePayload (stream)");
        }

        var status = await Call($"{name} PostLargePayload", () => client.PostLargePayloadAsync(expected.Records));
        Require(
            status.Status == PostStatus.Success && status.Received == expected.Count,
            $"{name} PostLargePayload answered {status.Status} with {status.Received} records received; "
                + $"{expected.Count} were sent."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} PostLargePayload");
    }

    /// <summary>
    /// Checks RestAPI's protobuf routes; throws <see cref="GateFailedException"/> with one clear sentence.
    /// </summary>
    public static async Task CheckRestProtobufAsync(RestProtobufClient client, MeteoriteDataset expected)
    {
        var version = await Call("REST protobuf GetSmallPayload", client.GetSmallPayloadAsync);
        Require(
            version.ApiVersion == ApiVersion.Current,
            $"REST protobuf GetSmallPayload answered \"{version.ApiVersion}\", expected \"{ApiVersion.Current}\"."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, "REST protobuf GetSmallPayload");

        var records = await Call("REST protobuf GetLargePayload", () => client.GetLargePayloadAsync());
        RequireRecords("REST protobuf GetLargePayload", records.ToRest(), expected);
        RequireVersion(client.Transport, client.LastResponseVersion, "REST protobuf GetLargePayload");

        var status = await Call("REST protobuf PostLargePayload", () =>
            client.PostLargePayloadAsync(expected.ProtoList)
        );
        Require(
            status.Status == PostStatus.Success && status.Received == expected.Count,
            $"REST protobuf PostLargePayload answered {status.Status} with {status.Received} records received; "
                + $"{expected.Count} were sent."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, "REST protobuf PostLargePayload");
    }

    /// <summary>
    /// Checks GrpcAPI's four operations, each with status OK over the transport's HTTP version; throws
    /// <see cref="GateFailedException"/>.
    /// </summary>
    public static async Task CheckGrpcAsync(GrpcClient client, MeteoriteDataset expected)
    {
        var name = client.Name;
        var version = await Call($"{name} GetVersion", client.GetSmallPayloadAsync);
        Require(
            version.ApiVersion == ApiVersion.Current,
            $"{name} GetVersion answered \"{version.ApiVersion}\", expected \"{ApiVersion.Current}\"."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetVersion");

        var list = await Call($"{name} GetLargePayloadAsList", () => client.GetLargePayloadAsListAsync());
        RequireRecords($"{name} GetLargePayloadAsList", list.ToRest(), expected);
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetLargePayloadAsList");

        var streamed = await Call($"{name} GetLargePayload (stream)", () => client.StreamLargePayloadAsync());
        RequireRecords($"{name} GetLargePayload (stream)", [.. streamed.Select(ProtoMapping.ToRest)], expected);
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} GetLargePayload (stream)");

        var status = await Call($"{name} PostLargePayload", () => client.PostLargePayloadAsync(expected.ProtoList));
        Require(
            status.Status == PostStatus.Success && status.Received == expected.Count,
            $"{name} PostLargePayload answered {status.Status} with {status.Received} records received; "
                + $"{expected.Count} were sent."
        );
        RequireVersion(client.Transport, client.LastResponseVersion, $"{name} PostLargePayload");
    }

    /// <summary>
    /// GrpcAPI's other streams of the large payload: written with BufferHint, and in chunks of 100 records.
    /// </summary>
    public static async Task CheckGrpcStreamingVariantsAsync(GrpcClient client, MeteoriteDataset expected)
    {
        var buffered = await Call("gRPC GetLargePayloadBuffered", () => client.StreamLargePayloadBufferedAsync());
        RequireRecords("gRPC GetLargePayloadBuffered", [.. buffered.Select(ProtoMapping.ToRest)], expected);
        RequireVersion(client.Transport, client.LastResponseVersion, "gRPC GetLargePayloadBuffered");

        var chunked = await Call("gRPC GetLargePayloadChunked", () => client.StreamLargePayloadChunkedAsync());
        RequireRecords("gRPC GetLargePayloadChunked", [.. chunked.Select(ProtoMapping.ToRest)], expected);
        RequireVersion(client.Transport, client.LastResponseVersion, "gRPC GetLargePayloadChunked");
    }

    /// <summary>
    /// Checks the first <paramref name="count"/> of <paramref name="records"/> by GET (JSON and protobuf) and a POST of
    /// that many.
    /// </summary>
    public static async Task CheckRestScalingAsync(
        RestClient json,
        RestProtobufClient protobuf,
        MeteoriteDataset records,
        int count
    )
    {
        var expected = MeteoriteDataset.FromRecords($"the first {count} generated records", [.. records.First(count)]);
        var viaJson = await Call($"REST GetLargePayload?limit={count}", () => json.GetLargePayloadAsync(count));
        RequireRecords($"REST GetLargePayload?limit={count}", viaJson, expected);
        var viaProtobuf = await Call($"REST protobuf GetLargePayload?limit={count}", () =>
            protobuf.GetLargePayloadAsync(count)
        );
        RequireRecords($"REST protobuf GetLargePayload?limit={count}", viaProtobuf.ToRest(), expected);

        var status = await Call($"REST PostLargePayload of {count}", () =>
            json.PostLargePayloadAsync(expected.Records)
        );
        Require(
            status.Received == count,
            $"REST PostLargePayload of {count} records answered {status.Received} received."
        );
        var protobufStatus = await Call($"REST protobuf PostLargePayload of {count}", () =>
            protobuf.PostLargePayloadAsync(expected.ProtoList)
        );
        Require(
            protobufStatus.Received == count,
            $"REST protobuf PostLargePayload of {count} records answered {protobufStatus.Received} received."
        );
    }

    /// <summary>
    /// Checks the first <paramref name="count"/> of <paramref name="records"/> as a list, as a stream and by a POST.
    /// </summary>
    public static async Task CheckGrpcScalingAsync(GrpcClient client, MeteoriteDataset records, int count)
    {
        var expected = MeteoriteDataset.FromRecords($"the first {count} generated records", [.. records.First(count)]);
        var list = await Call($"gRPC GetLargePayloadAsList limit={count}", () =>
            client.GetLargePayloadAsListAsync((uint)count)
        );
        RequireRecords($"gRPC GetLargePayloadAsList limit={count}", list.ToRest(), expected);
        var streamed = await Call($"gRPC GetLargePayload (stream) limit={count}", () =>
            client.StreamLargePayloadAsync((uint)count)
        );
        RequireRecords(
            $"gRPC GetLargePayload (stream) limit={count}",
            [.. streamed.Select(ProtoMapping.ToRest)],
            expected
        );

        var status = await Call($"gRPC PostLargePayload of {count}", () =>
            client.PostLargePayloadAsync(expected.ProtoList)
        );
        Require(
            status.Received == count,
            $"gRPC PostLargePayload of {count} records answered {status.Received} received."
        );
    }

    private static void RequireRecords(
        string operation,
        IReadOnlyList<MeteoriteLanding> records,
        MeteoriteDataset expected
    )
    {
        Require(
            records.Count == expected.Count,
            $"{operation} returned {records.Count} records; the data set '{expected.SourcePath}' has "
                + $"{expected.Count}. Are the servers serving another data file?"
        );
        var hash = CanonicalHash.Of(records);
        Require(
            hash == expected.Sha256,
            $"{operation} returned records whose canonical hash {hash} differs from the data set's {expected.Sha256} "
                + $"('{expected.SourcePath}')."
        );
    }

    private static void RequireVersion(HttpTransport transport, System.Version? negotiated, string operation) =>
        Require(
            negotiated == transport.HttpVersion,
            $"{operation} over {transport.Name} ({transport.BaseAddress}) was answered over HTTP/{negotiated}, "
                + $"expected HTTP/{transport.HttpVersion}."
        );

    private static async Task<T> Call<T>(string operation, Func<Task<T>> call)
    {
        try
        {
            return await call();
        }
        catch (Exception e)
            when (e
                    is HttpRequestException
                        or System.Text.Json.JsonException
                        or Google.Protobuf.InvalidProtocolBufferException
                        or TaskCanceledException
                        or Grpc.Core.RpcException
            )
        {
            throw new GateFailedException($"{operation} failed: {e.Message}", e);
        }
    }

    private static void Require(bool condition, string message)
    {
        if (!condition)
        {
            throw new GateFailedException(message);
        }
    }
}
