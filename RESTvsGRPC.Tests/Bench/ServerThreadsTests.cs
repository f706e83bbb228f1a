using ModelLibrary;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary><c>--server-threads N</c>: every server the bench starts runs a thread pool of N worker threads, no more.</summary>
public class ServerThreadsTests
{
    [Theory]
    [InlineData("1", "1")]
    [InlineData("16", "10")]
    public void Server_threads_fix_the_pools_fewest_and_most_workers_in_the_runtimes_hexadecimal(string threads, string variable)
    {
        var environment = ServerSet.EnvironmentFor(BenchOptions.Parse(["--headline", "--server-threads", threads]).ServerThreads)!;

        Assert.Equal(variable, environment[ServerSet.MinWorkerThreadsVariable]);
        Assert.Equal(variable, environment[ServerSet.MaxWorkerThreadsVariable]);
    }

    [Fact]
    public void Without_server_threads_the_servers_keep_the_runtimes_pool() =>
        Assert.Null(ServerSet.EnvironmentFor(BenchOptions.Parse(["--headline"]).ServerThreads));

    /// <summary>Sixteen streams at once would have the runtime add workers; with one fixed, the pool has one.</summary>
    [LinuxFact]
    public async Task GrpcAPI_with_one_server_thread_serves_sixteen_streams_on_one_pool_worker()
    {
        using var server = await TestServers.StartGrpcAsync(ServerSet.EnvironmentFor(1));
        using var client = new GrpcClient(HttpTransport.H2c(server.BaseAddress));

        for (var round = 0; round < 5; round++)
        {
            var streams = await Task.WhenAll(Enumerable.Range(0, 16).Select(_ => client.StreamLargePayloadAsync()));
            Assert.All(streams, records => Assert.Equal(Expected.Count, records.Count));
        }

        Assert.Equal(1, PoolWorkers(server.Id));
    }

    private static readonly MeteoriteDataset Expected = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    /// <summary>The threads of process <paramref name="processId"/> the runtime named as its thread pool's workers.</summary>
    private static int PoolWorkers(int processId) =>
        Directory.GetDirectories($"/proc/{processId}/task").Count(thread => File.ReadAllText(Path.Combine(thread, "comm")).Trim() == ".NET TP Worker");
}
