using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// gzip: each gzip arm's bytes (every run) beside the same call plain, and its time where the compression suite ran.
/// </summary>
internal static class CompressionSection
{
    /// <summary>gzip's bytes (every run) beside its time (the compression suite, where it ran).</summary>
    public static void Add(SummaryContext summary)
    {
        var pairs = GzipPairs(summary).ToList();
        if (pairs.Count == 0)
        {
            return;
        }

        var timed = summary.InSuite(Suites.Compression);
        summary
            .Document.AddHeading(2, "gzip: bytes saved, time paid")
            .AddParagraph(
                "Bytes per call on the client's sockets, both directions, in every run; "
                    + "times per call from the compression suite "
                    + "(`--suite full`), where it ran. REST sends Accept-Encoding and a gzip body; "
                    + "gRPC asks for a gzip response per call and compresses its message; both at the fastest level."
            )
            .AddTable(
                [
                    "operation",
                    "arm",
                    "bytes, plain",
                    "bytes, gzip",
                    "saved",
                    "per call, plain",
                    "per call, gzip",
                    "gzip costs",
                ],
                pairs.Select(p =>
                {
                    var plainBytes =
                        summary.Wire[p.Plain.Method].SentPerCall + summary.Wire[p.Plain.Method].ReceivedPerCall;
                    var gzipBytes =
                        summary.Wire[p.Gzip.Method].SentPerCall + summary.Wire[p.Gzip.Method].ReceivedPerCall;
                    var plain = timed.FirstOrDefault(b => (b.Operation, b.Arm) == (p.Plain.Operation, p.Plain.Arm));
                    var gzip = timed.FirstOrDefault(b => (b.Operation, b.Arm) == (p.Gzip.Operation, p.Gzip.Arm));
                    return (IReadOnlyList<string>)
                        [
                            p.Gzip.Operation,
                            summary.NameOf(p.Gzip),
                            Units.Bytes(plainBytes),
                            Units.Bytes(gzipBytes),
                            Units.Percent(1 - (gzipBytes / plainBytes)),
                            plain is null ? "not run" : Units.Time(plain.NanosecondsPerCall),
                            gzip is null ? "not run" : Units.Time(gzip.NanosecondsPerCall),
                            plain is null || gzip is null
                                ? ""
                                : $"{Units.Ratio(gzip.NanosecondsPerCall / plain.NanosecondsPerCall)} the time",
                        ];
                }),
                2,
                3,
                4,
                5,
                6,
                7
            );
    }

    /// <summary>Each gzip arm's transport case with its wire bytes, beside the same call without compression.</summary>
    private static IEnumerable<(BenchmarkResult Plain, BenchmarkResult Gzip)> GzipPairs(SummaryContext summary)
    {
        var cases = summary
            .Run.Benchmarks.Where(b => summary.Wire.ContainsKey(b.Method))
            .DistinctBy(b => (b.Operation, b.Arm))
            .ToList();
        return from gzip in cases
            from plain in cases
            where
                plain.Operation == gzip.Operation
                && summary.Run.ArmOf(gzip).IsCompressedFormOf(summary.Run.ArmOf(plain))
            select (plain, gzip);
    }
}
