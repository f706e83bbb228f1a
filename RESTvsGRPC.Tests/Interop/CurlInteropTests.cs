using System.Text;
using System.Text.Json;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Robustness;

namespace RESTvsGRPC.Tests.Interop;

/// <summary>
/// gRPC-Web and JSON transcoding called from outside .NET: curl sends hand-made bodies over HTTP/1.1 to GrpcAPI's
/// web endpoint, and the test reads the answer's framing itself (<see cref="GrpcWebFrames"/>), not with grpc-dotnet.
/// </summary>
public sealed class CurlInteropTests(BadInputServers servers) : IClassFixture<BadInputServers>, IDisposable
{
    private static readonly MeteoriteDataset Dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);
    private readonly TemporaryDirectory _files = new();

    [CurlPeerFact]
    public async Task GrpcWeb_binary_call_from_curl_over_http11_is_one_message_frame_then_a_trailer_frame()
    {
        var request = Frame(new LargePayloadRequest { Limit = 3 }.ToByteArray());

        var (headers, body) = await CurlAsync("GetLargePayloadAsList", request, "application/grpc-web+proto");

        Assert.StartsWith("HTTP/1.1 200", headers);
        Assert.Contains("content-type: application/grpc-web", headers, StringComparison.OrdinalIgnoreCase);
        var frames = GrpcWebFrames.Read(body);
        Assert.Equal([0x00, 0x80], frames.Select(frame => frame.Flag));
        var list = MeteoriteLandingList.Parser.ParseFrom(frames[0].Payload);
        Assert.Equal(CanonicalHash.Of(Dataset.First(3)), CanonicalHash.Of(list.ToRest()));
        Assert.Equal("0", GrpcWebFrames.Trailers(frames[1].Payload)["grpc-status"]);
    }

    [CurlPeerFact]
    public async Task GrpcWeb_text_stream_from_curl_is_base64_of_a_frame_per_record_then_the_trailers()
    {
        var request = Encoding.ASCII.GetBytes(
            Convert.ToBase64String(Frame(new LargePayloadRequest { Limit = 3 }.ToByteArray()))
        );

        var (headers, body) = await CurlAsync(
            "GetLargePayload",
            request,
            "application/grpc-web-text",
            "accept: application/grpc-web-text"
        );

        Assert.StartsWith("HTTP/1.1 200", headers);
        Assert.Contains("content-type: application/grpc-web-text", headers, StringComparison.OrdinalIgnoreCase);
        var frames = GrpcWebFrames.Read(GrpcWebFrames.FromText(Encoding.ASCII.GetString(body)));
        Assert.Equal([0x00, 0x00, 0x00, 0x80], frames.Select(frame => frame.Flag));
        var records = frames
            .Take(3)
            .Select(frame =>
                ProtoMapping.ToRest(global::ModelLibrary.Protos.MeteoriteLanding.Parser.ParseFrom(frame.Payload))
            )
            .ToList();
        Assert.Equal(CanonicalHash.Of(Dataset.First(3)), CanonicalHash.Of(records));
        Assert.Equal("0", GrpcWebFrames.Trailers(frames[3].Payload)["grpc-status"]);
    }

    [CurlPeerFact]
    public async Task Transcoded_json_calls_from_curl_get_the_records_as_a_bare_array_and_post_them_back()
    {
        var url = new Uri(servers.GrpcAddresses.Web!, "v1/meteorite-landings");

        var (getCode, list, _) = await PeerRun.RunAsync(
            "curl",
            _files.Path,
            "-s",
            "--http1.1",
            "--fail-with-body",
            url + "?limit=3"
        );
        var records = File.Open(_files.File("records.json"), FileMode.Create);
        await records.WriteAsync(Encoding.UTF8.GetBytes(list));
        await records.DisposeAsync();
        var (postCode, status, _) = await PeerRun.RunAsync(
            "curl",
            _files.Path,
            "-s",
            "--http1.1",
            "--fail-with-body",
            "-H",
            "content-type: application/json",
            "--data-binary",
            "@records.json",
            url.ToString()
        );

        Assert.Equal(0, getCode);
        Assert.StartsWith("[", list);
        var parsed = JsonSerializer.Deserialize(list, MeteoriteJsonContext.Default.MeteoriteLandingArray)!;
        Assert.Equal(CanonicalHash.Of(Dataset.First(3)), CanonicalHash.Of(parsed));
        Assert.Equal(0, postCode);
        Assert.Equal(
            new PostStatus(PostStatus.Success, 3),
            JsonSerializer.Deserialize(status, MeteoriteJsonContext.Default.PostStatus)
        );
    }

    public void Dispose() => _files.Dispose();

    /// <summary>A gRPC message frame: flag 0 (not compressed), the length big-endian, the message.</summary>
    private static byte[] Frame(byte[] message) =>
        [
            0,
            .. BitConverter.GetBytes(System.Buffers.Binary.BinaryPrimitives.ReverseEndianness((uint)message.Length)),
            .. message,
        ];

    /// <summary>POSTs <paramref name="body"/> with curl over HTTP/1.1 to a GrpcAPI method on the web endpoint; the
    /// response's header block and body bytes.</summary>
    private async Task<(string Headers, byte[] Body)> CurlAsync(
        string method,
        byte[] body,
        string contentType,
        params string[] headers
    )
    {
        var name = Guid.NewGuid().ToString("N");
        await File.WriteAllBytesAsync(_files.File(name + ".request"), body);
        string[] arguments =
        [
            "-s",
            "--http1.1",
            "-D",
            name + ".headers",
            "-o",
            name + ".body",
            "-H",
            $"content-type: {contentType}",
            "-H",
            "x-grpc-web: 1",
            .. headers.SelectMany(header => new[] { "-H", header }),
            "--data-binary",
            $"@{name}.request",
            new Uri(servers.GrpcAddresses.Web!, $"meteorites.v1.MeteoriteLandingsService/{method}").ToString(),
        ];

        var (exitCode, _, error) = await PeerRun.RunAsync("curl", _files.Path, arguments);

        Assert.True(exitCode == 0, $"curl exited {exitCode}: {error}");
        return (
            await File.ReadAllTextAsync(_files.File(name + ".headers")),
            await File.ReadAllBytesAsync(_files.File(name + ".body"))
        );
    }
}
