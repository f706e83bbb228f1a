using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>A run's results typed in for report tests: round numbers whose ratios and notes are known in
/// advance.</summary>
internal static class RunFixture
{
    /// <summary>A placement for typed-in trials: servers on CPU 1, the client on CPU 0.</summary>
    public static CpuPlacement Placement { get; } = new("1", "0");

    /// <summary>A plan for typed-in trials: eight trials of a 0.7-s segment in four slices.</summary>
    public static TrialPlanResult Plan { get; } =
        new(
            Name: "test",
            Trials: 8,
            WarmUpSeconds: 0.35,
            SegmentSeconds: 0.7,
            Slices: 4,
            SliceSeconds: 0.175,
            RampSeconds: 0.044,
            InFlight: [new("small", [32, 64]), new("large", [2, 16]), new("post", [4, 16])],
            Seed: 28
        );

    /// <summary>Load mode's "light" scenario: five users for a minute, the seed mix.</summary>
    public static LoadScenarioSettings Scenario { get; } =
        new(
            Name: "light",
            Users: 5,
            DurationSeconds: 60,
            RampUpSeconds: 5,
            WarmupSeconds: 15,
            ThinkTimeSeconds: 0,
            Mix: [new("small", 70), new("large", 20), new("post", 10)],
            SharedClient: true,
            TimeoutSeconds: 10
        );

    public static Provenance Provenance(
        string commit = "0123456789abcdef0123456789abcdef01234567",
        string os = "Debian GNU/Linux 12 (bookworm)"
    ) =>
        new(
            Commit: commit,
            Dirty: false,
            Os: os,
            Cpu: "AMD EPYC",
            LogicalCores: 2,
            Runtime: ".NET 10.0.12",
            Sdk: "10.0.401",
            Processes: new ProcessSetup(
                ProcessSetup.BenchmarkProcesses,
                ServerGc: true,
                ConcurrentGc: true,
                Datas: false,
                CallCountingDelayMs: 0
            ),
            BenchmarkDotNetVersion: "0.14.0",
            Packages: new Dictionary<string, string> { ["Google.Protobuf"] = "3.25.1" },
            DataFile: "/data/meteorites.json",
            DataSha256: "6cd241e8",
            Servers: ["http://127.0.0.1:5000/"],
            Date: new DateTimeOffset(2026, 11, 22, 7, 0, 0, TimeSpan.Zero),
            CommandLine: "--suite default",
            Job: "DefaultJob"
        );

    /// <summary>
    /// REST + JSON 4 ms ± 0.1 per large GET, gRPC list 1 ms ± 0.05 (4× faster), REST + protobuf 1.95 ms ± 0.1;
    /// small GET REST 60 μs ± 10, gRPC 62 μs ± 10 (within error); the protobuf codec floor (1.2 ms) above the gRPC list
    /// call.
    /// </summary>
    public static RunResults Run(double scale = 1, string? commit = null, string? os = null) =>
        new(
            Provenance(commit ?? "0123456789abcdef0123456789abcdef01234567", os ?? "Debian GNU/Linux 12 (bookworm)"),
            [
                Case(
                    "rest-json",
                    "TransportBenchmarks",
                    "RestGetSmallPayload",
                    OperationNames.Small,
                    mean: 60_000 * scale,
                    error: 10_000,
                    allocated: 3_000,
                    serverCpu: 50_000,
                    serverPeak: 100e6,
                    baseline: true
                ),
                Case(
                    "grpc",
                    "TransportBenchmarks",
                    "GrpcGetSmallPayload",
                    OperationNames.Small,
                    mean: 62_000 * scale,
                    error: 10_000,
                    allocated: 5_000,
                    serverCpu: 40_000,
                    serverPeak: 90e6
                ),
                Case(
                    "rest-json",
                    "TransportBenchmarks",
                    "RestGetLargePayload",
                    OperationNames.Large,
                    mean: 4_000_000 * scale,
                    error: 100_000,
                    allocated: 800_000,
                    serverCpu: 1_200_000,
                    serverPeak: 120e6,
                    baseline: true
                ),
                Case(
                    "rest-protobuf",
                    "TransportBenchmarks",
                    "RestProtobufGetLargePayload",
                    OperationNames.Large,
                    mean: 1_950_000 * scale,
                    error: 100_000,
                    allocated: 680_000,
                    serverCpu: 600_000,
                    serverPeak: 120e6
                ),
                Case(
                    "grpc",
                    "TransportBenchmarks",
                    "GrpcGetLargePayloadAsList",
                    OperationNames.Large,
                    mean: 1_000_000 * scale,
                    error: 50_000,
                    allocated: 480_000,
                    serverCpu: 350_000,
                    serverPeak: 100e6
                ),
                Case(
                    "json-codec",
                    "CodecBenchmarks",
                    "JsonLargePayload",
                    OperationNames.Large,
                    mean: 2_600_000,
                    error: 20_000,
                    allocated: 1_000_000,
                    baseline: true,
                    suite: Suites.Codec,
                    calls: 1
                ),
                Case(
                    "protobuf-codec",
                    "CodecBenchmarks",
                    "ProtobufLargePayload",
                    OperationNames.Large,
                    mean: 1_200_000,
                    error: 20_000,
                    allocated: 590_000,
                    suite: Suites.Codec,
                    calls: 1
                ),
            ],
            [
                new(
                    Benchmark: "RestGetLargePayload",
                    Transport: "HTTP/1.1",
                    HttpVersion: "HTTP/1.1",
                    SentPerCall: 75,
                    ReceivedPerCall: 224_000
                ),
                new(
                    Benchmark: "GrpcGetLargePayloadAsList",
                    Transport: "h2c",
                    HttpVersion: "HTTP/2",
                    SentPerCall: 237,
                    ReceivedPerCall: 100_250
                ),
            ],
            [
                new(
                    Arm: "rest-json",
                    Records: 10_000,
                    FirstRecordNanoseconds: 90e6,
                    TotalNanoseconds: 90e6,
                    PeakLiveBytes: 9e6
                ),
                new(
                    Arm: "grpc",
                    Records: 10_000,
                    FirstRecordNanoseconds: 25e6,
                    TotalNanoseconds: 25e6,
                    PeakLiveBytes: 4e6
                ),
                new(
                    Arm: "grpc-stream",
                    Records: 10_000,
                    FirstRecordNanoseconds: 0.5e6,
                    TotalNanoseconds: 30e6,
                    PeakLiveBytes: 0.2e6
                ),
            ]
        )
        {
            Arms = [.. ArmCatalogue.All.Values],
            StreamingMethod = new StreamingMethod(9, 10, 500),
        };

    /// <summary>A benchmark's row: its arm, class, method and operation, then its figures by name.</summary>
    private static BenchmarkResult Case(
        string arm,
        string benchmarkClass,
        string method,
        string operation,
        double mean,
        double error,
        double allocated,
        double? serverCpu = null,
        double? serverPeak = null,
        bool baseline = false,
        string suite = Suites.Transport,
        int calls = 100
    ) =>
        new(
            Suite: suite,
            Arm: arm,
            Class: benchmarkClass,
            Method: method,
            Operation: operation,
            Baseline: baseline,
            CallsPerBatch: calls,
            Records: null,
            NanosecondsPerCall: mean,
            ErrorNanosecondsPerCall: error,
            AllocatedBytesPerCall: allocated,
            ServerCpuNanosecondsPerCall: serverCpu,
            ServerPeakWorkingSetBytes: serverPeak
        );
}
