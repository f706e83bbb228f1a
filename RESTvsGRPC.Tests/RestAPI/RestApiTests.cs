using System.Net;
using System.Net.Http.Json;
using ModelLibrary;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.RestAPI;

public sealed class RestApiTests(RestServerFixture fixture) : IClassFixture<RestServerFixture>
{
    private const string Route = "api/MeteoriteLandings";
    private static readonly MeteoriteDataset Expected = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    private HttpClient Client => fixture.Client;

    [Fact]
    public async Task GetSmallPayload_returns_the_api_version_over_http11_without_server_header()
    {
        using var response = await Client.GetAsync(Route);

        response.EnsureSuccessStatusCode();
        Assert.Equal(HttpVersion.Version11, response.Version);
        Assert.Empty(response.Headers.Server);
        var version = await response.Content.ReadFromJsonAsync(MeteoriteJsonContext.Default.ApiVersion);
        Assert.Equal(ApiVersion.Current, version?.Version);
    }

    [Fact]
    public async Task GetLargePayload_returns_every_record_matching_the_canonical_hash()
    {
        var records = await Client.GetFromJsonAsync(
            Route + "/LargePayload",
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        );

        Assert.NotNull(records);
        Assert.Equal(Expected.Count, records.Length);
        Assert.Equal(Expected.Sha256, CanonicalHash.Of(records));
    }

    [Fact]
    public async Task GetLargePayload_omits_missing_values_and_writes_numbers_as_numbers()
    {
        var json = await Client.GetStringAsync(Route + "/LargePayload");

        Assert.DoesNotContain("null", json);
        Assert.Contains("\"mass\":", json);
        Assert.DoesNotContain("\"mass\":\"", json);
        Assert.DoesNotContain("\"reclat\":\"", json);
        var missingMass = Expected.Records.Count(r => r.Mass is null);
        Assert.Equal(Expected.Count - missingMass, json.Split("\"mass\":").Length - 1);
    }

    [Fact]
    public async Task GetLargePayload_limit_returns_the_first_records()
    {
        var records = await Client.GetFromJsonAsync(
            Route + "/LargePayload?limit=10",
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        );

        Assert.Equal(Expected.Records.Take(10), records);
    }

    [Fact]
    public async Task StreamLargePayload_is_the_same_json_array_readable_record_by_record()
    {
        var whole = await Client.GetStringAsync(Route + "/LargePayload");
        var streamed = await Client.GetStringAsync(Route + "/LargePayload/Stream");
        await using var body = await Client.GetStreamAsync(Route + "/LargePayload/Stream?limit=10");
        var firstTen = new List<MeteoriteLanding>();
        await foreach (
            var record in System.Text.Json.JsonSerializer.DeserializeAsyncEnumerable(
                body,
                MeteoriteJsonContext.Default.MeteoriteLanding
            )
        )
        {
            firstTen.Add(record!);
        }

        Assert.Equal(whole, streamed);
        Assert.Equal(Expected.Records.Take(10), firstTen);
    }

    [Fact]
    public async Task GetLargePayload_is_gzip_compressed_when_asked_and_post_accepts_a_gzip_body()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, Route + "/LargePayload");
        request.Headers.AcceptEncoding.ParseAdd("gzip");
        using var response = await Client.SendAsync(request);
        var compressed = await response.Content.ReadAsByteArrayAsync();
        using var gzip = new System.IO.Compression.GZipStream(
            new MemoryStream(compressed),
            System.IO.Compression.CompressionMode.Decompress
        );
        var records = await System.Text.Json.JsonSerializer.DeserializeAsync(
            gzip,
            MeteoriteJsonContext.Default.MeteoriteLandingArray
        );

        Assert.Equal("gzip", Assert.Single(response.Content.Headers.ContentEncoding));
        Assert.Equal(Expected.Sha256, CanonicalHash.Of(records!));
        using var client = new RESTvsGRPC.Bench.Clients.RestClient(
            RESTvsGRPC.Bench.Clients.HttpTransport.Http11(fixture.Server.BaseAddress) with
            {
                Gzip = true,
            }
        );
        Assert.Equal((uint)Expected.Count, (uint)(await client.PostLargePayloadAsync(Expected.Records)).Received);
    }

    [Fact]
    public async Task PostLargePayload_rejects_a_gzip_body_that_does_not_decompress_with_400()
    {
        using var content = new ByteArrayContent([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]);
        content.Headers.ContentType = new("application/json");
        content.Headers.ContentEncoding.Add("gzip");

        using var response = await Client.PostAsync(Route + "/LargePayload", content);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        await AssertStillServing();
    }

    [Theory]
    [InlineData("0")]
    [InlineData("1001")]
    [InlineData("-5")]
    [InlineData("many")]
    public async Task GetLargePayload_rejects_a_limit_outside_the_records_with_400(string limit)
    {
        using var response = await Client.GetAsync($"{Route}/LargePayload?limit={limit}");
        using var stream = await Client.GetAsync($"{Route}/LargePayload/Stream?limit={limit}");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, stream.StatusCode);
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_parses_the_whole_body_and_counts_records()
    {
        using var content = JsonContent.Create(
            Expected.Records,
            MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
        );
        await content.LoadIntoBufferAsync();

        using var response = await Client.PostAsync(Route + "/LargePayload", content);

        response.EnsureSuccessStatusCode();
        var status = await response.Content.ReadFromJsonAsync(MeteoriteJsonContext.Default.PostStatus);
        Assert.Equal(new PostStatus(PostStatus.Success, (uint)Expected.Count), status);
    }

    [Fact]
    public async Task PostLargePayload_accepts_an_empty_array_and_counts_zero_as_grpc_does()
    {
        using var response = await Client.PostAsync(
            Route + "/LargePayload",
            new StringContent("[]", System.Text.Encoding.UTF8, "application/json")
        );

        response.EnsureSuccessStatusCode();
        Assert.Equal(
            new PostStatus(PostStatus.Success, 0),
            await response.Content.ReadFromJsonAsync(MeteoriteJsonContext.Default.PostStatus)
        );
    }

    [Theory]
    [InlineData("[{\"id\":1", "truncated JSON")]
    [InlineData("{\"id\":1}", "an object instead of an array")]
    [InlineData("[{\"id\":1}]", "records without their required fields")]
    [InlineData(
        "[{\"id\":\"one\",\"name\":\"a\",\"nametype\":\"Valid\",\"recclass\":\"L6\",\"fall\":\"Fell\"}]",
        "a word where a number belongs"
    )]
    [InlineData("[null]", "a null record")]
    [InlineData("", "an empty body")]
    public async Task PostLargePayload_rejects_malformed_json_with_400_and_keeps_serving(string body, string why)
    {
        using var response = await Client.PostAsync(
            Route + "/LargePayload",
            new StringContent(body, System.Text.Encoding.UTF8, "application/json")
        );

        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{why}: got {(int)response.StatusCode}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        await AssertStillServing();
    }

    [Fact]
    public async Task PostLargePayload_rejects_a_wrong_content_type_with_415()
    {
        using var response = await Client.PostAsync(
            Route + "/LargePayload",
            new StringContent("[]", System.Text.Encoding.UTF8, "text/plain")
        );

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        await AssertStillServing();
    }

    private async Task AssertStillServing()
    {
        var version = await Client.GetFromJsonAsync(Route, MeteoriteJsonContext.Default.ApiVersion);
        Assert.Equal(ApiVersion.Current, version?.Version);
    }
}
