using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Probes;

/// <summary>
/// When streaming pays: per way of getting <see cref="ServerSet.ScalingRecords"/> records, the time to the first and
/// last record and the client's live memory, untimed by BenchmarkDotNet.
/// </summary>
public static class StreamingProbe
{
    /// <summary>
    /// Untimed calls per arm (<see cref="WarmUps"/>), then timed repetitions whose medians are reported.
    /// </summary>
    public sealed record Calls(int WarmUps, int Repetitions);

    /// <summary>A measuring run's calls per arm: ten warm-ups, nine timed.</summary>
    public static Calls Passes { get; } = new(10, 9);

    /// <summary>A dry run's, which proves the pipeline: one of each.</summary>
    public static Calls DryPasses { get; } = new(1, 1);

    /// <summary>
    /// In the memory pass, live managed memory is read (after a full collection) every this many records.
    /// </summary>
    public const int MemorySampleEvery = 500;

    private delegate Task<int> Consume(Action<object> onRecord);

    private sealed record Arm(string Id, Consume Run);

    /// <summary>
    /// Measures every arm against the servers holding at least <paramref name="records"/> records, with
    /// <paramref name="calls"/> per arm.
    /// </summary>
    public static async Task<IReadOnlyList<StreamingResult>> MeasureAsync(
        Uri restScaling,
        Uri grpcScaling,
        int records,
        Calls calls
    )
    {
        using var rest = new RestClient(HttpTransport.Http11(restScaling));
        using var restProtobuf = new RestProtobufClient(HttpTransport.Http11(restScaling));
        using var grpc = new GrpcClient(HttpTransport.H2c(grpcScaling));
        var limit = (uint)records;
        Arm[] arms =
        [
            new("rest-json", async onRecord => Each(await rest.GetLargePayloadAsync(records), onRecord)),
            new("rest-protobuf", async onRecord =>
                Each((await restProtobuf.GetLargePayloadAsync(records)).MeteoriteLandings, onRecord)
            ),
            new("rest-json-stream", onRecord => rest.ConsumeStreamAsync(records, onRecord)),
            new("grpc", async onRecord =>
                Each((await grpc.GetLargePayloadAsListAsync(limit)).MeteoriteLandings, onRecord)
            ),
            new("grpc-stream", onRecord => grpc.ConsumeStreamAsync(limit, onRecord)),
            new("grpc-stream-buffered", onRecord => grpc.ConsumeStreamAsync(limit, onRecord, buffered: true)),
            new("grpc-stream-chunked", onRecord => grpc.ConsumeChunkedStreamAsync(limit, onRecord)),
        ];

        var results = new List<StreamingResult>();
        foreach (var arm in arms)
        {
            for (var i = 0; i < calls.WarmUps; i++)
            {
                await TimeAsync(arm, records);
            }

            var timings = new List<(double First, double Total)>();
            for (var i = 0; i < calls.Repetitions; i++)
            {
                timings.Add(await TimeAsync(arm, records));
            }

            // The first memory pass only lets go of what earlier work still held (the gate's and probes' data, pooled
            // buffers): where it dies during a pass, it lowers the readings below the baseline. The second pass is
            // reported.
            await PeakLiveBytesAsync(arm, records);
            results.Add(
                new StreamingResult(
                    arm.Id,
                    records,
                    Median(timings.Select(t => t.First)),
                    Median(timings.Select(t => t.Total)),
                    await PeakLiveBytesAsync(arm, records)
                )
            );
        }

        return results;
    }

    /// <summary>
    /// A whole answer's records handed to the consumer one by one, as the stream consumers get theirs.
    /// </summary>
    private static int Each<T>(IEnumerable<T> records, Action<object> onRecord)
    {
        var count = 0;
        foreach (var record in records)
        {
            onRecord(record!);
            count++;
        }

        return count;
    }

    /// <summary>
    /// Nanoseconds from the call's start to its first record, and to its end; the record count is checked.
    /// </summary>
    private static async Task<(double First, double Total)> TimeAsync(Arm arm, int records)
    {
        long first = 0;
        var clock = Stopwatch.StartNew();
        var count = await arm.Run(_ =>
        {
            if (first == 0)
            {
                first = clock.ElapsedTicks;
            }
        });
        var total = clock.ElapsedTicks;
        Require(arm, count, records);
        return (first * 1e9 / Stopwatch.Frequency, total * 1e9 / Stopwatch.Frequency);
    }

    /// <summary>
    /// The most managed memory live at once above the start, read after full collections every
    /// <see cref="MemorySampleEvery"/> records, in an untimed pass.
    /// </summary>
    private static async Task<double> PeakLiveBytesAsync(Arm arm, int records)
    {
        // Off the previous call's continuation first: its frames still hold that call's answer, which would count as
        // baseline.
        await Task.Yield();
        var before = LiveBytes();
        long peak = 0;
        var seen = 0;
        var count = await arm.Run(_ =>
        {
            seen++;
            if (seen % MemorySampleEvery == 0 || seen == records)
            {
                peak = Math.Max(peak, LiveBytes() - before);
            }
        });
        Require(arm, count, records);
        return peak;
    }

    /// <summary>
    /// The bytes that survive a full compacting collection; not GC.GetTotalMemory, which under-reports with regions.
    /// </summary>
    private static long LiveBytes()
    {
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        return GC.GetGCMemoryInfo(GCKind.FullBlocking).PromotedBytes;
    }

    private static void Require(Arm arm, int count, int records)
    {
        if (count != records)
        {
            throw new Gate.GateFailedException($"{arm.Id} gave {count} records where {records} were asked for.");
        }
    }

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length % 2 == 1
            ? sorted[sorted.Length / 2]
            : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }
}
