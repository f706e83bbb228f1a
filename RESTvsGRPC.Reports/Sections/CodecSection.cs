using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The codec suite: each payload serialized then parsed in process, the floor every call's row is set against, and the
/// large payload's halves.
/// </summary>
internal static class CodecSection
{
    public static void Add(SummaryContext summary)
    {
        var codec = summary.InSuite(Suites.Codec);
        if (codec.Count == 0)
        {
            return;
        }

        summary
            .Document.AddHeading(2, "Codec floor (in process)")
            .AddParagraph(
                "Each payload serialized then parsed (the floor every call's row is set against), "
                    + "and the large payload's two halves alone: "
                    + "serializing is what a server pays to answer a large GET (a client to send a POST), "
                    + "parsing what a client pays to read it. Both REST ends use the same source-generated "
                    + "System.Text.Json context."
            )
            .AddTable(
                ["codec", "step", "payload", "time", "± error", "allocated"],
                codec.Select(b =>
                    (IReadOnlyList<string>)
                        [
                            summary.NameOf(b),
                            summary.Run.ArmOf(b).CallShape,
                            b.Operation == OperationNames.Small ? "small" : "large (1000 records)",
                            Units.Time(b.NanosecondsPerCall),
                            Units.Time(b.ErrorNanosecondsPerCall),
                            SummaryText.Bytes(b.AllocatedBytesPerCall),
                        ]
                ),
                3,
                4,
                5
            );
    }
}
