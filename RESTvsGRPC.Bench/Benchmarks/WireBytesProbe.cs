using Grpc.Net.Client.Web;
using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Reports;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>
/// Bytes on the wire per call for each networked benchmark, counted on the client's sockets outside any timed
/// region: one call opens the connection (TCP, TLS handshake, HTTP/2 preface and settings, first HPACK entries),
/// then the counter is reset and <see cref="Calls"/> more calls are counted, so the figure is a long-lived
/// client's steady state, as the benchmarks measure it.
/// </summary>
public static class WireBytesProbe
{
    /// <summary>Calls counted per arm after the connection is open.</summary>
    public const int Calls = 5;

    private sealed record Arm(string Benchmark, HttpTransport Transport, Func<HttpTransport, ArmClient> Open);

    private sealed record ArmClient(IDisposable Client, Func<Task> Call, Func<Version?> NegotiatedVersion);

    /// <summary>Measures every arm the servers offer; the names are the benchmark methods the figures belong to.</summary>
    public static async Task<IReadOnlyList<WireBytes>> MeasureAsync(RestServerAddresses? rest, GrpcServerAddresses? grpc, MeteoriteDataset dataset)
    {
        var results = new List<WireBytes>();
        foreach (var arm in Arms(rest, grpc, dataset))
        {
            var counter = new WireCounter();
            var client = arm.Open(arm.Transport with { Counter = counter });
            using (client.Client)
            {
                await client.Call();
                counter.Reset();
                for (var i = 0; i < Calls; i++)
                {
                    await client.Call();
                }

                results.Add(new WireBytes(
                    arm.Benchmark, arm.Transport.Name, HttpVersionName(client.NegotiatedVersion()),
                    (double)counter.Sent / Calls, (double)counter.Received / Calls));
            }
        }

        return results;
    }

    private static string HttpVersionName(Version? version) => version switch
    {
        { Major: 1, Minor: 1 } => "HTTP/1.1",
        { Major: 2 } => "HTTP/2",
        null => "none",
        _ => $"HTTP/{version}",
    };

    private static IEnumerable<Arm> Arms(RestServerAddresses? rest, GrpcServerAddresses? grpc, MeteoriteDataset dataset)
    {
        if (rest is not null)
        {
            foreach (var arm in RestArms("Rest", rest.Http11Transport, dataset, everyArm: true))
            {
                yield return arm;
            }

            // The styles suite: the minimal APIs beside the controllers above.
            yield return Json("MinimalGetSmallPayload", rest.Http11Transport, client => client.GetSmallPayloadAsync(), RestRoutes.MinimalApis);
            yield return Json("MinimalGetLargePayload", rest.Http11Transport, client => client.GetLargePayloadAsync(), RestRoutes.MinimalApis);
            yield return Json("MinimalPostLargePayload", rest.Http11Transport, client => client.PostLargePayloadAsync(dataset.Records), RestRoutes.MinimalApis);

            // The compression suite: gzip's bytes beside the uncompressed arms above.
            var gzip = rest.Http11Transport with { Gzip = true };
            yield return Json("RestGzipGetLargePayload", gzip, client => client.GetLargePayloadAsync());
            yield return Json("RestGzipPostLargePayload", gzip, client => client.PostLargePayloadAsync(dataset.Records));

            if (rest.H2c is not null && rest.Tls is not null)
            {
                // The HTTP-version suite: REST + JSON on each transport.
                var (h2c, tls) = rest.Http2Transports;
                foreach (var arm in RestArms("RestHttp11", rest.Http11Transport, dataset).Concat(RestArms("RestH2c", h2c, dataset)).Concat(RestArms("RestTls", tls, dataset)))
                {
                    yield return arm;
                }
            }
        }

        if (grpc is not null)
        {
            foreach (var arm in GrpcArms("Grpc", grpc.H2cTransport, dataset))
            {
                yield return arm;
            }

            yield return Grpc("GrpcStreamLargePayload", grpc.H2cTransport, client => client.StreamLargePayloadAsync());
            yield return Grpc("GrpcStreamBufferedLargePayload", grpc.H2cTransport, client => client.StreamLargePayloadBufferedAsync());
            yield return Grpc("GrpcStreamChunkedLargePayload", grpc.H2cTransport, client => client.StreamLargePayloadChunkedAsync());
            yield return Grpc("GrpcGzipGetLargePayloadAsList", grpc.H2cTransport, client => client.GetLargePayloadAsListAsync(), "gzip");
            yield return Grpc("GrpcGzipPostLargePayload", grpc.H2cTransport, client => client.PostLargePayloadAsync(dataset.ProtoList), "gzip");
            foreach (var arm in GrpcArms("GrpcH2c", grpc.H2cTransport, dataset))
            {
                yield return arm;
            }

            if (grpc.Tls is not null)
            {
                foreach (var arm in GrpcArms("GrpcTls", grpc.TlsTransport, dataset))
                {
                    yield return arm;
                }
            }

            if (grpc.Web is { } webUrl)
            {
                // The styles suite: transcoding and gRPC-Web on the web endpoint (HTTP/1.1), gRPC-Web also on h2c.
                var web = HttpTransport.Http11(webUrl);
                yield return Json("TranscodedGetSmallPayload", web, client => client.GetSmallPayloadAsync(), RestRoutes.Transcoded);
                yield return Json("TranscodedGetLargePayload", web, client => client.GetLargePayloadAsync(), RestRoutes.Transcoded);
                yield return Json("TranscodedStreamLargePayload", web, client => client.StreamLargePayloadAsync(), RestRoutes.Transcoded);
                yield return Json("TranscodedPostLargePayload", web, client => client.PostLargePayloadAsync(dataset.Records), RestRoutes.Transcoded);
                foreach (var arm in GrpcArms("GrpcWeb", web, dataset, GrpcWebMode.GrpcWeb).Concat(GrpcArms("GrpcWebH2c", grpc.H2cTransport, dataset, GrpcWebMode.GrpcWeb)))
                {
                    yield return arm;
                }

                yield return Grpc("GrpcWebTextStreamLargePayload", web, client => client.StreamLargePayloadAsync(), web: GrpcWebMode.GrpcWebText);
            }
        }
    }

    /// <summary>REST + JSON's three operations; with <paramref name="everyArm"/> also its stream and REST + protobuf's (the transport suite's arms).</summary>
    private static IEnumerable<Arm> RestArms(string prefix, HttpTransport transport, MeteoriteDataset dataset, bool everyArm = false)
    {
        yield return Json($"{prefix}GetSmallPayload", transport, client => client.GetSmallPayloadAsync());
        yield return Json($"{prefix}GetLargePayload", transport, client => client.GetLargePayloadAsync());
        yield return Json($"{prefix}PostLargePayload", transport, client => client.PostLargePayloadAsync(dataset.Records));
        if (everyArm)
        {
            yield return Json($"{prefix}StreamLargePayload", transport, client => client.StreamLargePayloadAsync());
            yield return Protobuf($"{prefix}ProtobufGetSmallPayload", transport, client => client.GetSmallPayloadAsync());
            yield return Protobuf($"{prefix}ProtobufGetLargePayload", transport, client => client.GetLargePayloadAsync());
            yield return Protobuf($"{prefix}ProtobufPostLargePayload", transport, client => client.PostLargePayloadAsync(dataset.ProtoList));
        }
    }

    private static IEnumerable<Arm> GrpcArms(string prefix, HttpTransport transport, MeteoriteDataset dataset, GrpcWebMode? web = null) =>
    [
        Grpc($"{prefix}GetSmallPayload", transport, client => client.GetSmallPayloadAsync(), web: web),
        Grpc($"{prefix}GetLargePayloadAsList", transport, client => client.GetLargePayloadAsListAsync(), web: web),
        Grpc($"{prefix}PostLargePayload", transport, client => client.PostLargePayloadAsync(dataset.ProtoList), web: web),
    ];

    private static Arm Json(string name, HttpTransport transport, Func<RestClient, Task> call, RestRoutes? routes = null) =>
        new(name, transport, t => { var c = new RestClient(t, routes: routes); return new ArmClient(c, () => call(c), () => c.LastResponseVersion); });

    private static Arm Protobuf(string name, HttpTransport transport, Func<RestProtobufClient, Task> call) =>
        new(name, transport, t => { var c = new RestProtobufClient(t); return new ArmClient(c, () => call(c), () => c.LastResponseVersion); });

    private static Arm Grpc(string name, HttpTransport transport, Func<GrpcClient, Task> call, string? compression = null, GrpcWebMode? web = null) =>
        new(name, transport, t => { var c = new GrpcClient(t, compression, web); return new ArmClient(c, () => call(c), () => c.LastResponseVersion); });
}
