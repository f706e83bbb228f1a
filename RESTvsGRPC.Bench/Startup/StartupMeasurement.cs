using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Startup;

/// <summary>
/// Each server build (JIT and Native AOT) from its first instant, on the servers' CPUs: cold starts over fresh
/// processes, and resident memory after a warm-up and at saturation (each operation held for
/// <paramref name="saturationWindow"/>).
/// </summary>
public sealed class StartupMeasurement(
    string dataPath,
    CpuSet? serverCpus,
    ServerSet stopsWith,
    LoadExpectation expected,
    IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>> inFlight,
    TimeSpan saturationWindow,
    TextWriter log
)
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    /// <summary>
    /// How long each operation is held at saturation: 2 s, or eight segments where shorter (quick and dry runs).
    /// </summary>
    public static TimeSpan SaturationWindowOf(TrialPlan plan) =>
        TimeSpan.FromSeconds(Math.Min(2, 8 * plan.SegmentSeconds));

    private const int WarmUpCalls = 200;

    // The runtime's own tiering delay, as a deployed server starts: the bench's no-delay setting speeds a measurement's
    // warm-up, not a start.
    private static readonly Dictionary<string, string> AsDeployed = new()
    {
        [JitTiering.CallCountingDelayVariable] = "",
    };
    private static readonly LoadOperation[] Operations = [LoadOperation.Small, LoadOperation.Large, LoadOperation.Post];

    private sealed record Subject(string Build, Arm Arm, string Program, IReadOnlyList<string> Arguments);

    /// <summary>
    /// Every build's cold starts over <paramref name="starts"/> rounds of fresh processes, then its memory.
    /// </summary>
    public async Task<(IReadOnlyList<ColdStart> ColdStarts, IReadOnlyList<ServerMemory> Memory)> MeasureAsync(
        int starts
    )
    {
        var subjects = Subjects();
        // One start of each that is not kept: the first after publishing reads the binaries from disk, and the bench's
        // own clients compile their first calls then.
        foreach (var subject in subjects)
        {
            await StartOnceAsync(subject, LoadOperation.Small);
        }

        var samples = subjects
            .SelectMany(s => Operations.Select(op => (s, op)))
            .ToDictionary(key => key, _ => (First: new List<double>(), Listening: new List<double>()));
        for (var round = 0; round < starts; round++)
        {
            // The builds take turns at going first, so a drift over the minutes falls on both.
            foreach (var subject in round % 2 == 0 ? subjects : subjects.AsEnumerable().Reverse())
            {
                foreach (var operation in Operations)
                {
                    var (listening, first) = await StartOnceAsync(subject, operation);
                    samples[(subject, operation)].First.Add(first);
                    samples[(subject, operation)].Listening.Add(listening);
                }
            }
        }

        var coldStarts = samples
            .Select(pair => new ColdStart(
                pair.Key.s.Build,
                pair.Key.s.Arm.Id,
                TrialArm.NameOf(pair.Key.op),
                pair.Value.First,
                pair.Value.Listening
            ))
            .ToList();
        var memory = new List<ServerMemory>();
        foreach (var subject in subjects)
        {
            memory.Add(await MemoryAsync(subject));
        }

        log.WriteLine(
            $"// startup: {starts} fresh processes per build, arm and operation; "
                + $"memory after {WarmUpCalls} calls of each operation and at saturation"
        );
        return (coldStarts, memory);
    }

    private List<Subject> Subjects()
    {
        var data = new[] { "--data", dataPath };
        var rest = ArmCatalogue.All["rest-minimal"];
        var grpc = ArmCatalogue.All["grpc"];
        return
        [
            new(
                StartupRun.Jit,
                rest,
                "dotnet",
                [ServerProcess.RequireBuilt(ServerBinaries.Of("RestAPI")), .. ServerSet.FreeRestEndpoints, .. data]
            ),
            new(
                StartupRun.Jit,
                grpc,
                "dotnet",
                [ServerProcess.RequireBuilt(ServerBinaries.Of("GrpcAPI")), .. ServerSet.FreeGrpcEndpoints, .. data]
            ),
            new(
                StartupRun.Aot,
                rest,
                ServerProcess.RequireBuilt(AotServers.Executable(AotServers.Rest)),
                [.. ServerSet.FreeRestEndpoints, .. data]
            ),
            new(
                StartupRun.Aot,
                grpc,
                ServerProcess.RequireBuilt(AotServers.Executable(AotServers.Grpc)),
                [.. ServerSet.FreeGrpcEndpoints, .. data]
            ),
        ];
    }

    /// <summary>
    /// Starts a fresh process of <paramref name="subject"/>, calls <paramref name="operation"/> once and checks it;
    /// milliseconds since the start until it listened and until that answer.
    /// </summary>
    private async Task<(double Listening, double First)> StartOnceAsync(Subject subject, LoadOperation operation)
    {
        var clock = Stopwatch.StartNew();
        using var server = await StartAsync(subject);
        var listening = clock.Elapsed.TotalMilliseconds;
        using var client = new LoadClient(subject.Arm, Endpoint(subject, server), expected);
        await client.CallCheckedAsync(operation);
        return (listening, clock.Elapsed.TotalMilliseconds);
    }

    /// <summary>
    /// RSS after <see cref="WarmUpCalls"/> checked calls of each operation, and the most seen while each was called at
    /// its largest in-flight count.
    /// </summary>
    private async Task<ServerMemory> MemoryAsync(Subject subject)
    {
        using var server = await StartAsync(subject);
        var endpoint = Endpoint(subject, server);
        using (var client = new LoadClient(subject.Arm, endpoint, expected))
        {
            foreach (var operation in Operations)
            {
                for (var call = 0; call < WarmUpCalls; call++)
                {
                    await client.CallCheckedAsync(operation);
                }
            }
        }

        var warm = ResidentMebibytes(server.Id);
        var peak = warm;
        foreach (var operation in Operations)
        {
            peak = Math.Max(peak, await SaturatedPeakAsync(subject, endpoint, operation, server.Id));
        }

        return new ServerMemory(subject.Build, subject.Arm.Id, warm, peak);
    }

    private async Task<double> SaturatedPeakAsync(
        Subject subject,
        HttpTransport endpoint,
        LoadOperation operation,
        int processId
    )
    {
        var clients = Enumerable
            .Range(0, inFlight[operation].Max())
            .Select(_ => new LoadClient(subject.Arm, endpoint, expected))
            .ToList();
        try
        {
            var until = Stopwatch.StartNew();
            var callers = clients
                .Select(async client =>
                {
                    while (until.Elapsed < saturationWindow)
                    {
                        await client.CallCheckedAsync(operation);
                    }
                })
                .ToList();
            var peak = 0.0;
            while (callers.Any(caller => !caller.IsCompleted))
            {
                peak = Math.Max(peak, ResidentMebibytes(processId));
                await Task.Delay(50);
            }

            await Task.WhenAll(callers);
            return peak;
        }
        finally
        {
            clients.ForEach(client => client.Dispose());
        }
    }

    private async Task<AttachedServer> StartAsync(Subject subject)
    {
        var server = serverCpus is null
            ? await ServerProcess.StartProgramAsync(subject.Program, subject.Arguments, ReadyTimeout, AsDeployed)
            : await ServerProcess.StartProgramAsync(
                "taskset",
                ["-c", serverCpus.ToString(), subject.Program, .. subject.Arguments],
                ReadyTimeout,
                AsDeployed
            );
        return new AttachedServer(server, stopsWith.Attach(server));
    }

    /// <summary>A fresh server process, stopped by a signal as the run's servers are; disposing it stops it.</summary>
    private sealed record AttachedServer(ServerProcess Process, IDisposable Attachment) : IDisposable
    {
        public int Id => Process.Id;

        public string ReadyLine => Process.ReadyLine;

        public void Dispose()
        {
            Attachment.Dispose();
            Process.Dispose();
        }
    }

    private static HttpTransport Endpoint(Subject subject, AttachedServer server) =>
        subject.Arm.Protocol == Arm.Rest
            ? HttpTransport.Http11(RestServerAddresses.FromReadyLine(server.ReadyLine).Http11)
            : GrpcServerAddresses.FromReadyLine(server.ReadyLine).H2cTransport;

    /// <summary>The process's resident set (VmRSS in /proc) in MiB.</summary>
    private static double ResidentMebibytes(int processId)
    {
        var line = File.ReadLines($"/proc/{processId}/status")
            .First(l => l.StartsWith("VmRSS:", StringComparison.Ordinal));
        return long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], CultureInfo.InvariantCulture)
            / 1024.0;
    }
}
