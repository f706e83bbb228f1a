using System.Net.Http.Headers;
using System.Text.Json;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Rest;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The REST clients' request bodies serialized into pooled buffers: the bytes and length of a plain
/// serialization, however small the first buffer.</summary>
public sealed class PooledBodyTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(300_000)]
    public async Task Pooled_json_body_holds_the_serializers_bytes_and_their_length_and_sends_them_again_on_a_retry(
        int sizeHint
    )
    {
        var records = MeteoriteDataset.Load(RepositoryPaths.CommittedData).Records;
        var expected = JsonSerializer.SerializeToUtf8Bytes(
            records,
            MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
        );

        using var body = PooledBody.Of(
            records,
            static (r, writer) =>
            {
                using var json = new Utf8JsonWriter(writer);
                JsonSerializer.Serialize(json, r, MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding);
            },
            sizeHint,
            new MediaTypeHeaderValue("application/json")
        );

        Assert.Equal(expected.Length, body.Headers.ContentLength);
        Assert.Equal("application/json", body.Headers.ContentType?.MediaType);
        Assert.Equal(expected, await body.ReadAsByteArrayAsync());
        using var again = new MemoryStream();
        await body.CopyToAsync(again);
        Assert.Equal(expected, again.ToArray());
    }

    [Fact]
    public async Task Pooled_protobuf_body_holds_the_messages_bytes()
    {
        var message = MeteoriteDataset.Load(RepositoryPaths.CommittedData).ProtoList;

        using var body = PooledBody.Of(
            message,
            static (m, writer) => m.WriteTo(writer),
            message.CalculateSize(),
            new MediaTypeHeaderValue(RestProtobufClient.MediaType)
        );

        Assert.Equal(message.ToByteArray(), await body.ReadAsByteArrayAsync());
    }
}
