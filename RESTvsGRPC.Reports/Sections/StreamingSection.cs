using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The streaming probe: time to the first record, to all of them, and the client's live memory, per way of getting the
/// records.
/// </summary>
internal static class StreamingSection
{
    public static void Add(SummaryContext summary)
    {
        var (document, charts, streaming) = (summary.Document, summary.Charts, summary.Run.Streaming);
        if (streaming.Count == 0 || summary.Run.StreamingMethod is not { } method)
        {
            return;
        }

        var records = streaming[0].Records;
        document
            .AddHeading(2, $"Streaming: when it pays ({Units.Whole(records)} records)")
            .AddParagraph(
                $"Medians of {method.Repetitions} calls after {method.WarmUps} untimed ones, outside the benchmarks. "
                    + $"A stream's consumer handles each record as it comes and drops it; "
                    + "a list's consumer gets every record at once. Live memory is what the client holds after a full "
                    + "collection, read every "
                    + $"{method.MemorySampleEvery} records in a separate pass."
            )
            .AddTable(
                ["arm", "shape", "first record", "all records", "live memory at most"],
                streaming.Select(s =>
                    (IReadOnlyList<string>)
                        [
                            summary.Run.NameOfArm(s.Arm),
                            HowRecordsTravel(summary.Run.ArmOfId(s.Arm)),
                            Units.Time(s.FirstRecordNanoseconds),
                            Units.Time(s.TotalNanoseconds),
                            Units.Bytes(s.PeakLiveBytes),
                        ]
                ),
                2,
                3,
                4
            );
        document.AddBullets(Verdicts(summary.Run, streaming));
        charts.Add(("streaming.svg", Chart(streaming, summary.Run)));
        document.AddImage("streaming.svg", "Time to the first record and to all records, per way of getting them");
    }

    /// <summary>Each stream against its whole answer: its first record, its last and its memory.</summary>
    private static List<string> Verdicts(RunResults run, IReadOnlyList<StreamingResult> streaming)
    {
        var verdicts = new List<string>();
        foreach (
            var stream in streaming.Where(s =>
                run.ArmOfId(s.Arm)?.CallShape.StartsWith("stream", StringComparison.Ordinal) == true
            )
        )
        {
            var arm = run.ArmOfId(stream.Arm)!;
            if (streaming.FirstOrDefault(s => IsWholeAnswerOf(run.ArmOfId(s.Arm), arm)) is not { } whole)
            {
                continue;
            }

            var first = whole.FirstRecordNanoseconds / stream.FirstRecordNanoseconds;
            var total = stream.TotalNanoseconds / whole.TotalNanoseconds;
            verdicts.Add(
                $"{arm.Name}: first record {Units.Ratio(first)} sooner than {run.NameOfArm(whole.Arm)}'s, "
                    + $"last record "
                    + $"{(total >= 1 ? $"{Units.Ratio(total)} later" : $"{Units.Ratio(1 / total)} sooner")}, "
                    + $"holding {Units.Bytes(stream.PeakLiveBytes)} at most against {Units.Bytes(whole.PeakLiveBytes)}."
            );
        }

        return verdicts;
    }

    /// <summary>Time to the first and the last record per arm, on a log scale.</summary>
    private static string Chart(IReadOnlyList<StreamingResult> streaming, RunResults run) =>
        SvgChart.GroupedBars(
            $"Time to the first and to the last of {Units.Whole(streaming[0].Records)} records",
            "time",
            [
                .. streaming.Select(s => new SvgChart.Group(
                    run.NameOfArm(s.Arm),
                    [new("first record", s.FirstRecordNanoseconds / 1e6), new("all records", s.TotalNanoseconds / 1e6)]
                )),
            ],
            logScale: true,
            milliseconds => Units.Time(milliseconds * 1e6)
        );

    /// <summary>How an arm's records travel, as the table says it: from the catalogue's protocol and shape.</summary>
    private static string HowRecordsTravel(Arm? arm) =>
        arm switch
        {
            { CallShape: Arm.Unary or Arm.List } => "one answer",
            { CallShape: "stream", Protocol: Arm.Rest } => "JSON array read record by record",
            { CallShape: "stream" } => "a message per record, flushed each",
            { CallShape: "stream, buffered" } => "a message per record, BufferHint",
            { CallShape: "stream, 100 per message" } => "100 records per message, flushed each",
            _ => arm?.CallShape ?? "",
        };

    /// <summary>
    /// True for the arm that gets in one answer what <paramref name="stream"/> streams: same protocol and encoding, a
    /// whole answer.
    /// </summary>
    private static bool IsWholeAnswerOf(Arm? arm, Arm stream) =>
        arm is { CallShape: Arm.Unary or Arm.List }
        && (arm.Protocol, arm.Encoding, arm.Style, arm.Transport)
            == (stream.Protocol, stream.Encoding, stream.Style, stream.Transport);
}
