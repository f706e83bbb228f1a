using System.Collections.Concurrent;
using System.Net.Http.Headers;
using System.Text.Json;
using Google.Protobuf;
using ModelLibrary;
using ModelLibrary.Protos;
using ModelLibrary.Rest;
using RESTvsGRPC.Tests.GrpcAPI;
using RESTvsGRPC.Tests.Infrastructure;
using Xunit.Abstractions;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>
/// Thousands of seeded random mutations of valid request bodies, sent to both servers: every answer is a success or a
/// client error (never 5xx; gRPC's UNKNOWN only as grpc-dotnet's answer to a message that does not parse, the
/// catalogue in docs/robustness.md), arrives within the timeout, shows nothing internal, and the servers serve on. The
/// seed is <c>RESTVSGRPC_MUTATION_SEED</c> when set (CI sets and prints it), else random; a failure
/// names it, and the same seed sends the same mutations again.
/// </summary>
public sealed class MutationTests(BadInputServers servers, ITestOutputHelper output) : IClassFixture<BadInputServers>
{
    private const int MutationsPerBody = 5000;
    private const int Workers = 4;
    private static readonly TimeSpan AnswerTimeout = TimeSpan.FromSeconds(10);
    private static readonly MeteoriteDataset Dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    /// <summary>A valid body, where it goes, and the answers a damaged copy may get.</summary>
    private sealed record Target(
        string Name,
        byte[] Body,
        bool GrpcFrame,
        Func<BadInputServers, byte[], CancellationToken, Task<Observed>> Send,
        string[] Allowed
    );

    private static readonly Target[] Targets =
    [
        new(
            "RestAPI JSON POST",
            JsonSerializer.SerializeToUtf8Bytes(
                Dataset.First(10),
                MeteoriteJsonContext.Default.IReadOnlyListMeteoriteLanding
            ),
            false,
            (s, body, token) => RestPostAsync(s, "api/MeteoriteLandings/LargePayload", body, "application/json", token),
            ["200", "400"]
        ),
        new(
            "RestAPI protobuf POST",
            Dataset.FirstAsProto(10).ToByteArray(),
            false,
            (s, body, token) =>
                RestPostAsync(s, "api/protobuf/MeteoriteLandings/LargePayload", body, "application/x-protobuf", token),
            ["200", "400"]
        ),
        new(
            "GrpcAPI PostLargePayload",
            RawGrpc.Frame(Dataset.FirstAsProto(10)),
            true,
            (s, body, token) => GrpcAsync(s, "PostLargePayload", body, token),
            ["grpc-status 0", "grpc-status 2", "grpc-status 8", "grpc-status 13"]
        ),
        new(
            "GrpcAPI GetLargePayloadAsList",
            RawGrpc.Frame(new LargePayloadRequest { Limit = 5 }),
            true,
            (s, body, token) => GrpcAsync(s, "GetLargePayloadAsList", body, token),
            ["grpc-status 0", "grpc-status 2", "grpc-status 3", "grpc-status 8", "grpc-status 13"]
        ),
    ];

    [Fact]
    public async Task Mutated_bodies_get_a_success_or_a_client_error_in_time_and_the_servers_serve_on()
    {
        var seed = int.TryParse(Environment.GetEnvironmentVariable("RESTVSGRPC_MUTATION_SEED"), out var given)
            ? given
            : Random.Shared.Next();
        output.WriteLine($"mutation seed {seed}");
        var failures = new ConcurrentQueue<string>();
        var answers = new ConcurrentDictionary<string, int>();
        var cases = Targets
            .SelectMany(
                (target, t) =>
                    Enumerable
                        .Range(0, MutationsPerBody)
                        .Select(i => (Target: target, Seed: unchecked((seed * 31 + t) * 1_000_003 + i)))
            )
            .ToArray();

        await Parallel.ForEachAsync(cases, new ParallelOptions { MaxDegreeOfParallelism = Workers }, async (@case, _) =>
        {
            var (body, mutation) = new BodyMutator(@case.Seed).Mutate(@case.Target.Body, @case.Target.GrpcFrame);
            var what = $"{@case.Target.Name}, {mutation}";
            using var timeout = new CancellationTokenSource(AnswerTimeout);
            try
            {
                var observed = await @case.Target.Send(servers, body, timeout.Token);
                answers.AddOrUpdate($"{@case.Target.Name}: {observed.Status}", 1, (_, n) => n + 1);
                if (!@case.Target.Allowed.Contains(observed.Status))
                {
                    failures.Enqueue($"{what}: answered {observed.Status}: {observed.Text}");
                }

                BadInputTests.AssertNothingInternal(observed.Text);
            }
            catch (OperationCanceledException)
            {
                failures.Enqueue($"{what}: no answer within {AnswerTimeout.TotalSeconds:0} s");
            }
            catch (Exception e) when (e is HttpRequestException or Xunit.Sdk.XunitException)
            {
                failures.Enqueue($"{what}: {e.Message}");
            }
        });

        foreach (var answer in answers.OrderBy(answer => answer.Key))
        {
            output.WriteLine($"{answer.Key}: {answer.Value}");
        }

        Assert.True(
            failures.IsEmpty,
            $"{failures.Count} of {cases.Length} mutations (seed {seed}; rerun with "
                + $"RESTVSGRPC_MUTATION_SEED={seed}):\n{string.Join('\n', failures.Take(20))}"
        );
        // The mutations reach the parsers, not just the first check: each target both accepts some and refuses some.
        Assert.All(Targets, target =>
            Assert.True(
                answers.Keys.Count(key => key.StartsWith(target.Name + ":", StringComparison.Ordinal)) >= 2,
                $"{target.Name} gave one answer to every mutation"
            )
        );
        Assert.True(await servers.ServesAsync(BadInput.Rest) && await servers.ServesAsync(BadInput.Grpc));
    }

    private static async Task<Observed> RestPostAsync(
        BadInputServers servers,
        string route,
        byte[] body,
        string contentType,
        CancellationToken cancellation
    )
    {
        var content = new ByteArrayContent(body);
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        using var request = new HttpRequestMessage(HttpMethod.Post, route) { Content = content };
        using var response = await servers.Rest.SendAsync(request, cancellation);
        return new Observed(
            ((int)response.StatusCode).ToString(),
            await response.Content.ReadAsStringAsync(cancellation)
        );
    }

    private static Task<Observed> GrpcAsync(
        BadInputServers servers,
        string method,
        byte[] body,
        CancellationToken cancellation
    ) =>
        servers.GrpcAsync(
            RawGrpc.Request($"/meteorites.v1.MeteoriteLandingsService/{method}", new ByteArrayContent(body)),
            cancellation: cancellation
        );
}
