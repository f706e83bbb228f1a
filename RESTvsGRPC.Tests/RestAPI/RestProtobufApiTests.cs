using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

/// <summary>The protobuf twins of the REST operations (<c>application/x-protobuf</c> over the same ASP.NET Core
/// stack).</summary>
public sealed class RestProtobufApiTests(RestServerFixture fixture) : IClassFixture<RestServerFixture>
{
    private const string Route = "api/protobuf/MeteoriteLandings";
    private const string MediaType = "application/x-protobuf";
    private static readonly MeteoriteDataset Expected = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    [Fact]
    public async Task GetSmallPayload_returns_the_version_message()
    {
        using var response = await SendAsync(HttpMethod.Get, Route);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(MediaType, response.Content.Headers.ContentType?.MediaType);
        var version = global::ModelLibrary.Protos.Version.Parser.ParseFrom(
            await response.Content.ReadAsByteArrayAsync()
        );
        Assert.Equal(global::ModelLibrary.Rest.ApiVersion.Current, version.ApiVersion);
    }

    [Fact]
    public async Task GetLargePayload_returns_every_record_with_a_content_length()
    {
        using var response = await SendAsync(HttpMethod.Get, Route + "/LargePayload");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var body = await response.Content.ReadAsByteArrayAsync();
        Assert.Equal(body.Length, response.Content.Headers.ContentLength);
        Assert.Equal(Expected.Sha256, CanonicalHash.Of(MeteoriteLandingList.Parser.ParseFrom(body).ToRest()));
    }

    [Fact]
    public async Task GetLargePayload_limit_returns_the_first_records()
    {
        using var response = await SendAsync(HttpMethod.Get, Route + "/LargePayload?limit=10");

        var list = MeteoriteLandingList.Parser.ParseFrom(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(Expected.Records.Take(10), list.ToRest());
    }

    [Fact]
    public async Task PostLargePayload_parses_the_message_and_counts_records()
    {
        using var response = await SendAsync(
            HttpMethod.Post,
            Route + "/LargePayload",
            Expected.ProtoList.ToByteArray()
        );

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var status = StatusResponse.Parser.ParseFrom(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal("SUCCESS", status.Status);
        Assert.Equal((uint)Expected.Count, status.Received);
    }

    [Fact]
    public async Task PostLargePayload_rejects_truncated_protobuf()
    {
        var bytes = Expected.ProtoList.ToByteArray();

        using var response = await SendAsync(HttpMethod.Post, Route + "/LargePayload", bytes[..(bytes.Length / 2)]);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains(
            "not a valid MeteoriteLandingList protobuf message",
            await response.Content.ReadAsStringAsync()
        );
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_rejects_an_invalid_wire_type()
    {
        using var response = await SendAsync(HttpMethod.Post, Route + "/LargePayload", [0x0F, 0x01]);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_rejects_json_on_the_protobuf_route_with_415()
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, Route + "/LargePayload")
        {
            Content = new StringContent("[]", System.Text.Encoding.UTF8, "application/json"),
        };

        using var response = await fixture.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    private async Task AssertStillServing()
    {
        using var response = await SendAsync(HttpMethod.Get, Route);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    private Task<HttpResponseMessage> SendAsync(HttpMethod method, string route, byte[]? body = null)
    {
        var request = new HttpRequestMessage(method, route);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(MediaType));
        if (body is not null)
        {
            request.Content = new ByteArrayContent(body)
            {
                Headers = { ContentType = new MediaTypeHeaderValue(MediaType) },
            };
        }

        return fixture.Client.SendAsync(request);
    }
}
