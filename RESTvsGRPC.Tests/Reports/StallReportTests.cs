using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>
/// The reports of stalls, against their approved copies: the summary's Stalls section over the stored run with one
/// stall planted in its results, and the <c>stalls</c> command's report.
/// </summary>
public sealed class StallReportTests : IDisposable
{
    private readonly TemporaryDirectory _rendered = new();

    public void Dispose() => _rendered.Dispose();

    [Fact]
    public void Stall_section_and_stall_report_match_their_approved_copies()
    {
        var run = RunResults.Load(Path.Combine(RepositoryPaths.Root, "docs", "runs", "headline-earlier"));
        var trials = Planted(run.Trials!);
        var summary = RunSummary.Build(run with { Trials = trials }, null).Document.ToMarkdown();
        var section = summary[summary.IndexOf("### Stalls", StringComparison.Ordinal)..];
        var end = section.IndexOf("\n### ", 1, StringComparison.Ordinal);
        File.WriteAllText(_rendered.File("section.md"), section[..end]);
        var reproduction = new StallReproductionRun(
            run.Provenance,
            1500,
            [1, 8],
            20,
            2,
            [new("grpc", 65535, 433_500, 300, 0, 1206), new("grpc-js", 65535, 148_900, 100, 2, 500)]
        );
        StallReport.Write(reproduction, _rendered.Path);

        StoredReports.Matches("stalls", _rendered.Path);
    }

    /// <summary>
    /// The stored trials with every cell's gaps recorded, none stalled but trial 2's large gRPC at the level it was
    /// taken at (0.64 s, two retransmitted segments, one retransmission timeout), and every cell of trial 3's small
    /// REST + JSON at 210 ms, short of its threshold.
    /// </summary>
    private static TrialsRun Planted(TrialsRun trials)
    {
        var planted = trials
            .Trials.Select(t =>
                t with
                {
                    Segments =
                    [
                        .. t.Segments.Select(s =>
                            s with
                            {
                                LatencyGaps = new CompletionGaps(NearStall(t, s) ? 210 : 12, 0) { Retransmissions = 0 },
                                ThroughputGaps = Stalled(t, s) ? Stall : new(30, 0),
                                Levels = s
                                    .Levels?.Select(l =>
                                        l with
                                        {
                                            Gaps = Stalled(t, s) && l.Concurrency == s.Concurrency ? Stall : new(30, 0),
                                        }
                                    )
                                    .ToList(),
                            }
                        ),
                    ],
                }
            )
            .ToList();
        return trials with { Trials = planted, Stalls = StallStatistics.Of(planted, trials.Failures, trials.Headline) };
    }

    private static readonly CompletionGaps Stall = new(640, 1) { Retransmissions = 2, RetransmissionTimeouts = 1 };

    private static bool NearStall(Trial trial, TrialSegment segment) =>
        trial.Index == 3 && segment is { Operation: "small", Arm: "rest-json" };

    private static bool Stalled(Trial trial, TrialSegment segment) =>
        trial.Index == 2 && segment is { Operation: "large", Arm: "grpc" };
}
