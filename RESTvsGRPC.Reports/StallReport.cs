using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The <c>stalls</c> command's report: per client and stream window, stalls per 100 000 calls.</summary>
public static class StallReport
{
    /// <summary>One row as a progress line.</summary>
    public static string Line(StallReproductionRow row) =>
        $"{row.Client}, stream window {Window(row.WindowBytes)}: {row.StalledRounds} stalled of {row.Rounds} rounds, "
        + $"{Units.Whole(row.Calls)} calls answered, {Rate(row)} per 100 000 calls, in {row.Seconds:0} s";

    /// <summary>Writes stalls.md into <paramref name="directory"/> and returns its text.</summary>
    public static string Write(StallReproductionRun run, string directory)
    {
        var document = new ReportDocument()
            .AddHeading(1, "HTTP/2 stalls, reproduced on their own")
            .AddParagraph(
                $"Rounds of {Units.Whole(run.CallsPerRound)} large GETs, each round on a new connection, "
                    + $"{string.Join(" and ", run.InFlight)} calls in flight by turns, servers started afresh every "
                    + $"{run.RoundsPerServer} rounds; a call unanswered for {run.StallSeconds:0.#} s stalls its round. "
                    + $"Measured {run.Provenance.Date:yyyy-MM-dd} on {run.Provenance.Cpu} ({run.Provenance.Os}, "
                    + $"{run.Provenance.Runtime}), commit {Short(run.Provenance.Commit)}"
                    + $"{(run.Provenance.Dirty ? " with changes" : "")}, servers on CPUs "
                    + $"{run.Provenance.CpuPlacement?.Servers ?? "any"}, client on "
                    + $"{run.Provenance.CpuPlacement?.Client ?? "any"}, loopback."
            )
            .AddTable(
                [
                    "client",
                    "stream window",
                    "rounds",
                    "calls answered",
                    "stalled rounds",
                    "per 100 000 calls",
                    "seconds",
                ],
                run.Rows.Select(row =>
                    (IReadOnlyList<string>)
                        [
                            row.Client,
                            Window(row.WindowBytes),
                            Units.Whole(row.Rounds),
                            Units.Whole(row.Calls),
                            Units.Whole(row.StalledRounds),
                            Rate(row),
                            Units.Whole(row.Seconds),
                        ]
                ),
                [2, 3, 4, 5, 6]
            )
            .AddParagraph(
                "Per 100 000 calls: the count over the calls, then the exact 95 % upper bound (Garwood's): none in "
                    + "600 000 calls still allows up to 0.61."
            );
        var markdown = document.ToMarkdown();
        File.WriteAllText(Path.Combine(directory, "stalls.md"), markdown);
        return markdown;
    }

    private static string Short(string commit) => commit[..Math.Min(7, commit.Length)];

    private static string Rate(StallReproductionRow row) =>
        string.Create(
            CultureInfo.InvariantCulture,
            $"{row.PerHundredThousand:0.##} (at most {row.UpperPerHundredThousand:0.##})"
        );

    private static string Window(int bytes) =>
        bytes >= 1024 * 1024 ? $"{bytes / (1024 * 1024)} MiB" : $"{Units.Whole(bytes)} B (the client's default)";
}
