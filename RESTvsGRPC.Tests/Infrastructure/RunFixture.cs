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
            "test",
            8,
            0.35,
            0.7,
            4,
            0.175,
            0.044,
            [new("small", [32, 64]), new("large", [2, 16]), new("post", [4, 16])],
            28
        );

    /// <summary>Load mode's "light" scenario: five users for a minute, the seed mix.</summary>
    public static LoadScenarioSettings Scenario { get; } =
        new("light", 5, 60, 5, 15, 0, [new("small", 70), new("large", 20), new("post", 10)], true, 10);

    public static Provenance Provenance(
        string commit = "0123456789abcdef0123456789abcdef01234567",
        string os = "Debian GNU/Linux 12 (bookworm)"
    ) =>
        new(
            commit,
            false,
            os,
            "AMD EPYC",
            2,
            ".NET 10.0.12",
            "10.0.401",
            new ProcessSetup(
                ProcessSetup.BenchmarkProcesses,
                ServerGc: true,
                ConcurrentGc: true,
                Datas: false,
                CallCountingDelayMs: 0
            ),
            "0.14.0",
            new Dictionary<string, string> { ["Google.Protobuf"] = "3.25.1" },
            "/data/meteorites.json",
            "6cd241e8",
            ["http://127.0.0.1:5000/"],
            new DateTimeOffset(2026, 11, 22, 7, 0, 0, TimeSpan.Zero),
            "--suite default",
            "DefaultJob"
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
                new(
                    Suites.Transport,
                    "rest-json",
                    "TransportBenchmarks",
                    "RestGetSmallPayload",
                    OperationNames.Small,
                    true,
                    100,
                    null,
                    60_000 * scale,
                    10_000,
                    3_000,
                    50_000,
                    100e6
                ),
                new(
                    Suites.Transport,
                    "grpc",
                    "TransportBenchmarks",
                    "GrpcGetSmallPayload",
                    OperationNames.Small,
                    false,
                    100,
                    null,
                    62_000 * scale,
                    10_000,
                    5_000,
                    40_000,
                    90e6
                ),
                new(
                    Suites.Transport,
                    "rest-json",
                    "TransportBenchmarks",
                    "RestGetLargePayload",
                    OperationNames.Large,
                    true,
                    100,
                    null,
                    4_000_000 * scale,
                    100_000,
                    800_000,
                    1_200_000,
                    120e6
                ),
                new(
                    Suites.Transport,
                    "rest-protobuf",
                    "TransportBenchmarks",
                    "RestProtobufGetLargePayload",
                    OperationNames.Large,
                    false,
                    100,
                    null,
                    1_950_000 * scale,
                    100_000,
                    680_000,
                    600_000,
                    120e6
                ),
                new(
                    Suites.Transport,
                    "grpc",
                    "TransportBenchmarks",
                    "GrpcGetLargePayloadAsList",
                    OperationNames.Large,
                    false,
                    100,
                    null,
                    1_000_000 * scale,
                    50_000,
                    480_000,
                    350_000,
                    100e6
                ),
                new(
                    Suites.Codec,
                    "json-codec",
                    "CodecBenchmarks",
                    "JsonLargePayload",
                    OperationNames.Large,
                    true,
                    1,
                    null,
                    2_600_000,
                    20_000,
                    1_000_000,
                    null,
                    null
                ),
                new(
                    Suites.Codec,
                    "protobuf-codec",
                    "CodecBenchmarks",
                    "ProtobufLargePayload",
                    OperationNames.Large,
                    false,
                    1,
                    null,
                    1_200_000,
                    20_000,
                    590_000,
                    null,
                    null
                ),
            ],
            [
                new("RestGetLargePayload", "HTTP/1.1", "HTTP/1.1", 75, 224_000),
                new("GrpcGetLargePayloadAsList", "h2c", "HTTP/2", 237, 100_250),
            ],
            [
                new("rest-json", 10_000, 90e6, 90e6, 9e6),
                new("grpc", 10_000, 25e6, 25e6, 4e6),
                new("grpc-stream", 10_000, 0.5e6, 30e6, 0.2e6),
            ]
        )
        {
            Arms = [.. ArmCatalogue.All.Values],
            StreamingMethod = new StreamingMethod(9, 10, 500),
        };
}
