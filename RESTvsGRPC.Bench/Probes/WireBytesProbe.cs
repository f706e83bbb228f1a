using System.Reflection;
using BenchmarkDotNet.Attributes;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Probes;

/// <summary>
/// Bytes on the client's sockets per call for each networked benchmark's body, untimed: one call opens the connection,
/// then <see cref="Calls"/> more are counted, a long-lived client's steady state.
/// </summary>
public static class WireBytesProbe
{
    /// <summary>Calls counted per benchmark after the connection is open.</summary>
    public const int Calls = 5;

    /// <summary>
    /// Measures every networked benchmark whose servers the settings name, once per method name (suites share some).
    /// </summary>
    public static async Task<IReadOnlyList<WireBytes>> MeasureAsync(BenchSettings settings)
    {
        var results = new List<WireBytes>();
        foreach (var suite in Suites(settings, new WireCounter()))
        {
            suite.Setup();
            try
            {
                foreach (
                    var method in suite
                        .GetType()
                        .GetMethods()
                        .Where(m =>
                            m.GetCustomAttribute<BenchmarkAttribute>() is not null
                            && results.All(r => r.Benchmark != m.Name)
                        )
                )
                {
                    results.Add(await MeasureAsync(suite, method));
                }
            }
            finally
            {
                suite.Cleanup();
            }
        }

        return results;
    }

    private static async Task<WireBytes> MeasureAsync(ServerBenchmarks suite, MethodInfo method)
    {
        // A delegate bound once: the counted calls are the benchmark's body and nothing else.
        var call = (Func<Task>)Delegate.CreateDelegate(typeof(Func<Task>), suite, method);
        var counter = suite.Counter!;
        await call();
        counter.Reset();
        for (var i = 0; i < Calls; i++)
        {
            await call();
        }

        return new WireBytes(
            method.Name,
            BenchmarkArms.Of(method).Transport,
            HttpVersionName(counter.LastResponseVersion),
            (double)counter.Sent / Calls,
            (double)counter.Received / Calls
        );
    }

    /// <summary>
    /// The suites the servers offer, each with one call per batch and the counter on every transport.
    /// </summary>
    private static IEnumerable<ServerBenchmarks> Suites(BenchSettings settings, WireCounter counter)
    {
        if (settings is not { Rest: { } rest, Grpc: { } grpc })
        {
            yield break;
        }

        yield return new TransportBenchmarks
        {
            Calls = 1,
            Settings = settings,
            Counter = counter,
        };
        yield return new CompressionBenchmarks
        {
            Calls = 1,
            Settings = settings,
            Counter = counter,
        };
        if (rest is { H2c: not null, Tls: not null } && grpc.Tls is not null)
        {
            yield return new HttpVersionBenchmarks
            {
                Calls = 1,
                Settings = settings,
                Counter = counter,
            };
        }

        if (grpc.Web is not null)
        {
            yield return new StylesBenchmarks
            {
                Calls = 1,
                Settings = settings,
                Counter = counter,
            };
        }
    }

    private static string HttpVersionName(Version? version) =>
        version switch
        {
            { Major: 1, Minor: 1 } => "HTTP/1.1",
            { Major: 2 } => "HTTP/2",
            null => "none",
            _ => $"HTTP/{version}",
        };
}
