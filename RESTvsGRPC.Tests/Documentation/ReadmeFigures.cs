using System.Globalization;
using ModelLibrary;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// Where each figure on README's decision page is read in the stored runs (<c>docs/runs</c>): its sentences with their
/// sources, and the settings (record counts, round trips, rates) it names.
/// </summary>
internal static class ReadmeFigures
{
    /// <summary>The pair of headline runs README's table quotes.</summary>
    public const string Headline = "headline";

    /// <summary>The pair measured on another host, on 2026-12-03, with an earlier build.</summary>
    public const string HeadlineEarlier = "headline-earlier";

    /// <summary>The TLS run the TLS bullet quotes.</summary>
    public const string Tls = "tls";

    /// <summary>The JIT and Native AOT run the AOT bullet quotes.</summary>
    public const string Aot = "aot";

    /// <summary>The run over 1-ms and 20-ms round trips the network bullet quotes.</summary>
    public const string RoundTrip = "round-trip";

    private const string At20Ms = "Link: 20 ms round trip";

    /// <summary>The run over a 20-ms round trip that drops 1 % of packets.</summary>
    public const string Loss = "loss";

    /// <summary>The run at 100 Mbit/s.</summary>
    public const string Rate = "rate";

    private const string At100Mbit = "Link: 100 Mbit/s";

    /// <summary>The scaling run the payload-size bullet quotes.</summary>
    public const string Scaling = "scaling";

    /// <summary>
    /// The record counts at which protobuf in one message (REST + protobuf, gRPC's list) passes a threshold, on both
    /// operations; in KiB of JSON where <paramref name="kib"/>, at the bytes the round-trip run counts for 1000
    /// records.
    /// </summary>
    private static Func<IReadOnlyList<string>> PassesAt(string threshold, bool kib) =>
        () =>
        {
            var table = StoredRun.Named(Scaling).Table("Where protobuf starts to pay", $"passes {threshold} at");
            var records = new[] { "large", "post" }
                .SelectMany(op =>
                    new[] { RestProtobuf, Grpc }.Select(arm => table.Cell($"passes {threshold} at", op, arm))
                )
                .Select(PrintedFigure.Parse)
                .ToList();
            var json = PrintedFigure.Parse(
                Cell(RoundTrip, At20Ms, "bytes per call (sent / received)", "large", "REST + JSON, HTTP/1.1")()[0]
                    .Split(" / ")[1]
            );
            return
            [
                .. records.Select(r =>
                    kib
                        ? string.Create(CultureInfo.InvariantCulture, $"{r.Value * json.Base / 1000 / 1024:0.00} KiB")
                        : string.Create(CultureInfo.InvariantCulture, $"{r.Value}")
                ),
            ];
        };

    /// <summary>
    /// A setting README names (a record count, a round trip), and the check that the stored runs had it.
    /// </summary>
    public sealed record Setting(string Phrase, string Source, Func<bool> Holds);

    /// <summary>
    /// A setting the stored run <paramref name="run"/> states in its summary as <paramref name="stated"/>.
    /// </summary>
    private static Setting Stated(string phrase, string run, string stated) =>
        new(phrase, $"docs/runs/{run} says '{stated}'", () =>
            StoredRun.Named(run).Text.Contains(stated, StringComparison.Ordinal)
        );

    /// <summary>The summary's operation for README's ("small GET" is the summary's "small").</summary>
    public static string Operation(string readme) =>
        readme switch
        {
            "small GET" => "small",
            "large GET" => "large",
            "POST (1000 records)" => "post",
            _ => throw new InvalidDataException($"README's table names no operation '{readme}'"),
        };

    /// <summary>
    /// README's p99 cell for one run: the open loop's ratio at half REST + JSON's peak without its interval, † where
    /// it has none (fewer trials held the rate), "not held" where the arm or REST + JSON fell behind.
    /// </summary>
    public static string P99Ratio(StoredRun run, string operation, string arm)
    {
        var table = run.Table("Latency under load", "p99 ratio");
        var cell = table.Cell("p99 ratio", operation, "50%…", arm);
        var ratio = cell.Split(" [")[0].Split(" (")[0];
        return ratio.Contains('×', StringComparison.Ordinal)
            ? ratio + (cell.Contains("no interval", StringComparison.Ordinal) ? " †" : "")
            : "not held";
    }

    /// <summary>A ratio of the headline pooled over its runs, as its summary prints it.</summary>
    private static Func<IReadOnlyList<string>> Pooled(
        string quantity,
        string operation,
        string arm,
        string run = Headline
    ) => () => [StoredRun.Named(run).Table("Pooled over", "pooled").Cell("pooled", quantity, operation, arm)];

    /// <summary>One pooled ratio in every stored headline pair: a range over runs and hosts.</summary>
    private static Func<IReadOnlyList<string>> PooledEverywhere(string quantity, string operation, string arm) =>
        () => [.. Pooled(quantity, operation, arm)(), .. Pooled(quantity, operation, arm, HeadlineEarlier)()];

    /// <summary>A cell of the headline's table in the latest run of <paramref name="run"/>.</summary>
    private static Func<IReadOnlyList<string>> Own(
        string column,
        string operation,
        string arm,
        string run = Headline
    ) => () => [StoredRun.Named(run).Table("Headline", column).Cell(column, operation, arm)];

    /// <summary>The p99 ratio at half REST + JSON's peak in each run of the pair.</summary>
    private static Func<IReadOnlyList<string>> P99Ratios(string operation, params string[] arms) =>
        () =>
            [
                .. arms.SelectMany(arm =>
                    new[] { StoredRun.PreviousOf(Headline), StoredRun.Named(Headline) }.Select(r =>
                        P99Ratio(r, operation, arm)
                    )
                ),
            ];

    /// <summary>
    /// A cell of a table of <paramref name="run"/>'s summary, under a heading starting with <paramref name="heading"/>.
    /// </summary>
    private static Func<IReadOnlyList<string>> Cell(string run, string heading, string column, params string[] key) =>
        () => [StoredRun.Named(run).Table(heading, column).Cell(column, key)];

    /// <summary>
    /// Every cell of <paramref name="columns"/> in a table of <paramref name="run"/>'s summary, those marked ≈ (no
    /// difference) left out where <paramref name="differing"/>: a range over them.
    /// </summary>
    private static Func<IReadOnlyList<string>> Columns(
        string run,
        string heading,
        bool differing,
        params string[] columns
    ) =>
        () =>
            [
                .. columns.SelectMany(column =>
                {
                    var table = StoredRun.Named(run).Table(heading, column);
                    var index = table.Header.ToList().IndexOf(column);
                    return table.Rows.Select(r => r[index]).Where(c => !differing || !c.StartsWith('≈'));
                }),
            ];

    /// <summary>Every source's figures together: a range over them.</summary>
    private static Func<IReadOnlyList<string>> Range(params Func<IReadOnlyList<string>>[] sources) =>
        () => [.. sources.SelectMany(s => s())];

    private const string Grpc = "gRPC unary, h2c";
    private const string RestProtobuf = "REST + protobuf, HTTP/1.1";
    private const string GrpcStream = "gRPC, large GET as a server stream, h2c";
    private const string OverTls = "Over TLS against";
    private const string TlsBaseline = " over REST + JSON, TLS, HTTP/1.1";

    /// <summary>Each sentence README prints figures in, with where each figure is read.</summary>
    public static IReadOnlyList<PageFigure> Sentences { get; } =
    [
        new(
            "gRPC is {} faster one call at a time and serves {} the calls/s, POSTs {} and {}; "
                + "REST + protobuf {} and {}, "
                + "POSTs {} and {}:",
            PooledEverywhere("latency", "large", Grpc),
            PooledEverywhere("throughput", "large", Grpc),
            PooledEverywhere("latency", "post", Grpc),
            PooledEverywhere("throughput", "post", Grpc),
            PooledEverywhere("latency", "large", RestProtobuf),
            PooledEverywhere("throughput", "large", RestProtobuf),
            PooledEverywhere("latency", "post", RestProtobuf),
            PooledEverywhere("throughput", "post", RestProtobuf)
        ),
        new(
            "At half REST + JSON's peak their p99 is {} lower.",
            Range(P99Ratios("large", RestProtobuf, Grpc, GrpcStream), P99Ratios("post", RestProtobuf, Grpc))
        ),
        new(
            "One at a time gRPC is {}; at saturation REST + JSON over **h2c** serves {} the calls/s, gRPC {} (",
            PooledEverywhere("latency", "small", Grpc),
            PooledEverywhere("throughput", "small", "REST + JSON, h2c"),
            PooledEverywhere("throughput", "small", Grpc)
        ),
        new(
            "gRPC is {} faster than REST + JSON over HTTPS/1.1 on the large GET, {} on the POST; HTTP/2 (an **ALPN** "
                + "setting) lets REST + JSON serve {} the small calls/s, gRPC {}.",
            Cell(Tls, OverTls, "gRPC unary, TLS" + TlsBaseline, "large", "latency"),
            Cell(Tls, OverTls, "gRPC unary, TLS" + TlsBaseline, "post", "latency"),
            Cell(Tls, OverTls, "REST + JSON, TLS" + TlsBaseline, "small", "throughput"),
            Cell(Tls, OverTls, "gRPC unary, TLS" + TlsBaseline, "small", "throughput")
        ),
        new(
            "At 20 ms a small call is one round trip for every protocol ({}), and one HTTP/2 connection carries "
                + "100 calls a round trip: at 256 in flight gRPC serves {} HTTP/1.1's calls/s. "
                + "gRPC answers the large GET in {} round "
                + "trips, REST + JSON in {} ({} faster);",
            Range(
                Cell(RoundTrip, At20Ms, "latency ratio", "small", "REST + JSON, h2c"),
                Cell(RoundTrip, At20Ms, "latency ratio", "small", Grpc)
            ),
            Cell(RoundTrip, At20Ms, "throughput ratio", "small", Grpc),
            Cell(RoundTrip, At20Ms, "round trips per call (floor)", "large", Grpc),
            Cell(RoundTrip, At20Ms, "round trips per call (floor)", "large", "REST + JSON, HTTP/1.1"),
            Cell(RoundTrip, At20Ms, "latency ratio", "large", Grpc)
        ),
        new(
            "in one message it passes 1.2× at {} records ({} of JSON) and 2× at {} ({})",
            PassesAt("1.20×", kib: false),
            PassesAt("1.20×", kib: true),
            PassesAt("2.00×", kib: false),
            PassesAt("2.00×", kib: true)
        ),
        new(
            "loss gRPC serves {} the POSTs;",
            Cell(Loss, "Link: 20 ms round trip, 1.0% loss", "throughput ratio", "post", Grpc)
        ),
        new(
            "at 100 Mbit/s bytes decide: protobuf {}, REST + JSON with gzip {} (",
            Range(
                Cell(Rate, At100Mbit, "latency ratio", "large", RestProtobuf),
                Cell(Rate, At100Mbit, "latency ratio", "large", Grpc),
                Cell(Rate, At100Mbit, "latency ratio", "post", RestProtobuf),
                Cell(Rate, At100Mbit, "latency ratio", "post", Grpc)
            ),
            Range(
                Cell(Rate, At100Mbit, "latency ratio", "large", "REST + JSON, gzip, HTTP/1.1"),
                Cell(Rate, At100Mbit, "latency ratio", "post", "REST + JSON, gzip, HTTP/1.1")
            )
        ),
        new(
            "{} instead of {} on the wire.",
            () => [Cell(RoundTrip, At20Ms, "bytes per call (sent / received)", "large", Grpc)()[0].Split(" / ")[1]],
            () =>
                [
                    Cell(RoundTrip, At20Ms, "bytes per call (sent / received)", "large", "REST + JSON, HTTP/1.1")()[0]
                        .Split(" / ")[1],
                ]
        ),
        new(
            "A fresh AOT server answers in {} against {} under the JIT, holds {} against {} after warm-up, "
                + "and per call is "
                + "{} as fast where it differs",
            Columns(Aot, "Cold start, AOT", false, "first answer"),
            Columns(Aot, "Cold start, JIT", false, "first answer"),
            Range(
                Cell(Aot, "Memory", "RSS after warm-up", "AOT", "REST + JSON, minimal API, HTTP/1.1"),
                Cell(Aot, "Memory", "RSS after warm-up", "AOT", Grpc)
            ),
            Range(
                Cell(Aot, "Memory", "RSS after warm-up", "JIT", "REST + JSON, minimal API, HTTP/1.1"),
                Cell(Aot, "Memory", "RSS after warm-up", "JIT", Grpc)
            ),
            Columns(Aot, "gRPC against REST under each build", true, "AOT over JIT, REST", "AOT over JIT, gRPC")
        ),
        new(
            "each run's median fell inside the other's interval in {} of {} checks",
            () =>
                [
                    StoredRun
                        .Named(Headline)
                        .Text.Split("**Coverage**: of ")[1]
                        .Split("found the other")[0]
                        .Split(", ")[1],
                ],
            () => [StoredRun.Named(Headline).Text.Split("**Coverage**: of ")[1].Split(' ')[0]]
        ),
        new(
            "dividing REST + JSON's median time (small {}, large GET {}, POST {} in the second run)",
            Own("latency per call", "small", "REST + JSON, HTTP/1.1"),
            Own("latency per call", "large", "REST + JSON, HTTP/1.1"),
            Own("latency per call", "post", "REST + JSON, HTTP/1.1")
        ),
        new("by an arm's gives figures up to {} away", () =>
            [StoredRun.Named(Headline).Text.Split("**The ratios and the columns**")[1].Split("up to ")[1]]
        ),
    ];

    /// <summary>The settings README's first screen names, each as its stored run states it.</summary>
    public static IReadOnlyList<Setting> Settings { get; } =
    [
        new("1000 meteorite-landing records", "data/meteorites.json, the records every stored run served", () =>
            MeteoriteDataset.Load(RepositoryPaths.CommittedData).Count == 1000
        ),
        new("Large payloads (1000 records)", "data/meteorites.json", () =>
            MeteoriteDataset.Load(RepositoryPaths.CommittedData).Count == 1000
        ),
        Stated("above 1 better", Headline, "Above 1 the arm is better"),
        Stated("a 2-core VM", Headline, "2 logical cores"),
        Stated("At 20 ms", RoundTrip, "20 ms round trip"),
        Stated("100 calls a round trip", RoundTrip, "100 streams"),
        Stated("at 256 in flight", RoundTrip, "(256 in flight)"),
        Stated("at 1 % loss", Loss, "1.0% loss"),
        Stated("at 100 Mbit/s", Rate, "100 Mbit/s"),
    ];
}
