using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// One summary being written: the run it reads and its spread from the run it replaced, the document and charts it
/// writes, the bytes on the wire by benchmark, the notes its sections leave for the end, and what the sections share
/// (arm names, the per-call table and its rows, the codec floor, the operation groups of a chart).
/// </summary>
internal sealed class SummaryContext(RunResults run, RunToRun? previous)
{
    public RunResults Run { get; } = run;

    /// <summary>
    /// How far this run lies from the one it replaced in its results folder; null where there is none or they are not
    /// comparable.
    /// </summary>
    public RunToRun? Previous { get; } = previous;

    public ReportDocument Document { get; } = new ReportDocument().AddHeading(1, "RESTvsGRPC run summary");

    public List<(string File, string Svg)> Charts { get; } = [];

    /// <summary>Bytes on the wire per call, by benchmark method.</summary>
    public IReadOnlyDictionary<string, WireBytes> Wire { get; } =
        run.WireBytes.GroupBy(w => w.Benchmark).ToDictionary(g => g.Key, g => g.First());

    /// <summary>What the sections found that contradicts another result, for the summary's notes.</summary>
    public List<string> Notes { get; } = [];

    /// <summary>Calls timed below their in-process codec floor.</summary>
    public List<string> BelowFloor { get; } = [];

    /// <summary>Per-call times that differ between batch sizes beyond both errors.</summary>
    public List<string> BatchSpreads { get; } = [];

    /// <summary>The run's benchmarks of <paramref name="suite"/>.</summary>
    public IReadOnlyList<BenchmarkResult> InSuite(string suite) => [.. Run.Benchmarks.Where(b => b.Suite == suite)];

    /// <summary>What a reader calls the arm of <paramref name="result"/>, from the run's catalogue.</summary>
    public string NameOf(BenchmarkResult result) => Run.ArmOf(result).Name;

    /// <summary>
    /// The arm's name with its transport, where the name does not already say it: the HTTP versions section sets
    /// transports side by side.
    /// </summary>
    public string NameWithTransport(BenchmarkResult result) =>
        Run.ArmOf(result) is var arm && arm.Name.EndsWith(", " + arm.Transport, StringComparison.Ordinal)
            ? arm.Name
            : $"{arm.Name}, {arm.Transport}";

    /// <summary>
    /// One operation's cases as a table: per call with its error, the ratio to the baseline, the codec floor's share,
    /// allocations, bytes, HTTP version and server cost.
    /// </summary>
    public void AddCallTable(
        IReadOnlyList<BenchmarkResult> rows,
        string against,
        Func<BenchmarkResult, string>? name = null
    ) =>
        Document.AddTable(
            [
                "arm",
                "calls",
                "per call",
                "± error",
                against,
                "codec floor share",
                "allocated/call",
                "sent/call",
                "received/call",
                "HTTP",
                "server CPU/call",
                "server peak WS",
            ],
            rows.Select(b => Row(b, rows, name ?? NameOf)),
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            10,
            11
        );

    private IReadOnlyList<string> Row(
        BenchmarkResult b,
        IReadOnlyList<BenchmarkResult> operation,
        Func<BenchmarkResult, string> name
    )
    {
        var baseline = operation.FirstOrDefault(o =>
            o.Baseline && o.CallsPerBatch == b.CallsPerBatch && o.Records == b.Records
        );
        var floor = Floor(b);
        Wire.TryGetValue(b.Method, out var bytes);
        return
        [
            name(b),
            b.CallsPerBatch.ToString(CultureInfo.InvariantCulture),
            Units.Time(b.NanosecondsPerCall),
            Units.Time(b.ErrorNanosecondsPerCall),
            baseline is null ? ""
            : b == baseline ? "baseline"
            : SummaryText.Compared(baseline, b),
            floor is null ? "" : Units.Percent(floor.NanosecondsPerCall / b.NanosecondsPerCall),
            SummaryText.Bytes(b.AllocatedBytesPerCall),
            bytes is null ? "" : Units.Bytes(bytes.SentPerCall),
            bytes is null ? "" : Units.Bytes(bytes.ReceivedPerCall),
            bytes?.HttpVersion ?? "",
            b.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "",
            SummaryText.Bytes(b.ServerPeakWorkingSetBytes),
        ];
    }

    /// <summary>
    /// The codec round trip of the payload the call moves: the large payload's for the large GET and the POST.
    /// </summary>
    private BenchmarkResult? Floor(BenchmarkResult call)
    {
        var payload = call.Operation == OperationNames.Small ? OperationNames.Small : OperationNames.Large;
        var protobuf = Run.ArmOf(call).IsProtobuf;
        return InSuite(Suites.Codec)
            .FirstOrDefault(b =>
                b.Operation == payload
                && Run.ArmOf(b) is { CallShape: "serialize then parse" } codec
                && codec.IsProtobuf == protobuf
            );
    }

    /// <summary>The calls of <paramref name="rows"/> timed below their codec floor, beyond both errors.</summary>
    public IEnumerable<string> CallsBelowFloor(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var call in rows)
        {
            if (
                Floor(call) is { } floor
                && floor.NanosecondsPerCall - floor.Error > call.NanosecondsPerCall + call.Error
            )
            {
                yield return $"{call.Operation} {NameOf(call)} ×{call.CallsPerBatch} "
                    + $"{Units.Time(call.NanosecondsPerCall)} < {Units.Time(floor.NanosecondsPerCall)}";
            }
        }
    }

    /// <summary>
    /// The arms of <paramref name="rows"/> whose per-call times differ between batch sizes beyond both errors and by
    /// over 10 %.
    /// </summary>
    public IEnumerable<string> BatchDisagreementsIn(IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var method in rows.GroupBy(b => b.Method).Where(g => g.Count() > 1))
        {
            var fastest = method.MinBy(b => b.NanosecondsPerCall)!;
            var slowest = method.MaxBy(b => b.NanosecondsPerCall)!;
            if (!slowest.WithinErrorOf(fastest) && slowest.NanosecondsPerCall > fastest.NanosecondsPerCall * 1.10)
            {
                yield return $"{slowest.Operation} {NameOf(slowest)} {Units.Time(fastest.NanosecondsPerCall)} "
                    + $"(×{fastest.CallsPerBatch}) against {Units.Time(slowest.NanosecondsPerCall)} "
                    + $"(×{slowest.CallsPerBatch})";
            }
        }
    }

    /// <summary>A time-per-call chart's groups: each case's time and error in μs, one group per operation.</summary>
    public IEnumerable<SvgChart.Group> TimePerCallGroups(
        IReadOnlyList<BenchmarkResult> rows,
        Func<BenchmarkResult, string>? name = null
    ) => OperationGroups(rows, b => b.NanosecondsPerCall / 1e3, b => b.ErrorNanosecondsPerCall / 1e3, name);

    /// <summary>A chart's groups, one per operation in order, a bar per case.</summary>
    public IEnumerable<SvgChart.Group> OperationGroups(
        IReadOnlyList<BenchmarkResult> rows,
        Func<BenchmarkResult, double> value,
        Func<BenchmarkResult, double?> error,
        Func<BenchmarkResult, string>? name = null
    ) =>
        SummaryText
            .Ordered(rows.Select(b => b.Operation))
            .Select(operation => new SvgChart.Group(
                operation,
                [
                    .. rows.Where(b => b.Operation == operation)
                        .Select(b => new SvgChart.Bar((name ?? NameOf)(b), value(b), error(b))),
                ]
            ));
}
