using ModelLibrary;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// A stall planted in real trials (GrpcAPI frozen with SIGSTOP, again and again, through the second of three, the
/// first having warmed client and servers): counted in that
/// trial's cells, set aside where the other trials choose the peak, and every ratio it touched shown with and without
/// it, in the results and the summary.
/// </summary>
public sealed class StallTests
{
    private static readonly LoadExpectation Expected = LoadExpectation.For(
        MeteoriteDataset.Load(RepositoryPaths.CommittedData)
    );

    /// <summary>
    /// Slices of 1.2 s (0.9 s counted at a throughput level), the server frozen 300 ms in every 500: each of the
    /// frozen trial's windows holds a whole freeze, longer than the threshold: small GETs, whose call is short enough
    /// that the 200-ms floor is the threshold even on a loaded machine.
    /// </summary>
    private static readonly TrialPlan Plan = TrialPlan.Dry with
    {
        Trials = 3,
        SegmentSeconds = 1.2,
        OpenLoop = null,
        InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>> { [LoadOperation.Small] = [1, 4] },
    };

    [LinuxFact]
    public async Task A_planted_stall_is_counted_set_aside_from_the_peak_and_its_ratios_shown_both_ways()
    {
        using var rest = await TestServers.StartRestAsync();
        using var grpc = await TestServers.StartGrpcAsync();
        var targets = LoadTarget.Resolve(
            ["rest-json", "grpc"],
            RestServerAddresses.FromReadyLine(rest.ReadyLine),
            GrpcServerAddresses.FromReadyLine(grpc.ReadyLine)
        );

        var trials = new List<Trial>();
        for (var index = 1; index <= Plan.Trials; index++)
        {
            var request = new TrialRequest(index, Plan, ["small/rest-json", "small/grpc"], Environment.ProcessId, "")
            {
                RestProcessId = rest.Id,
                GrpcProcessId = grpc.Id,
            };
            var measurement = new TrialMeasurement(request, targets, Expected, TextWriter.Null);
            trials.Add(
                index == 2 ? await FrozenThroughoutAsync(grpc.Id, measurement.RunAsync) : await measurement.RunAsync()
            );
        }

        var chosen = ThroughputPeak.ChosenOnOtherTrials(trials);
        var headline = TrialStatistics.Headline(chosen, CpuPlacement.None);
        var stalls = StallStatistics.Of(chosen, [], headline)!;

        var frozen = Segment(chosen[1], "grpc");
        Assert.True(
            frozen.LatencyGaps!.Stalls >= 1,
            $"latency: {frozen.LatencyGaps}, threshold {frozen.StallThresholdMilliseconds} ms"
        );
        Assert.All(frozen.Levels!, l => Assert.True(l.Gaps!.Stalls >= 1, $"{l.Concurrency} in flight: {l.Gaps}"));
        var longest = frozen.Levels!.Max(l => l.Gaps!.LongestMilliseconds);
        Assert.True(longest >= 250, $"{longest} ms");
        var cell = stalls.Cells.Single(c => c is { Arm: "grpc", Quantity: HeadlineRatio.Throughput, Level: 4 });
        Assert.True(cell.StalledTrials >= 1 && cell.Stalls >= 1, $"{cell}");

        // Trial 1 chose its peak as if the frozen trial had not run: its stalled readings were set aside.
        Assert.Equal(
            ThroughputPeak.LevelFor([chosen[0], chosen[2]], chosen[0], "small", "grpc"),
            ThroughputPeak.LevelFor(chosen, chosen[0], "small", "grpc")
        );

        AssertRatiosWithoutStalledTrials(chosen, stalls);
        AssertSummaryShowsStalls(chosen, headline, stalls);
    }

    /// <summary>Each quantity's gRPC ratio also over the trials that stalled neither arm.</summary>
    private static void AssertRatiosWithoutStalledTrials(IReadOnlyList<Trial> chosen, StallSummary stalls)
    {
        foreach (var quantity in new[] { HeadlineRatio.Latency, HeadlineRatio.Throughput })
        {
            var both = stalls.Ratios.Single(r => r.Quantity == quantity && r.Arm == "grpc");
            Assert.True(both.StalledTrials >= 1 && both.Trials == Plan.Trials - both.StalledTrials, $"{both}");
            // A loaded machine may stall the baseline too: the ratio leaves out a trial that stalled either arm.
            IReadOnlyList<Trial> unstalled =
            [
                .. chosen.Where(t =>
                    !StallStatistics.Stalled(t, "small", "grpc", quantity)
                    && !StallStatistics.Stalled(t, "small", "rest-json", quantity)
                ),
            ];
            var clean = TrialStatistics.PerTrial(unstalled, "small", "grpc", "rest-json", quantity);
            Assert.Equal(MedianInterval.MedianOf(clean), both.Median, 9);
        }
    }

    /// <summary>The summary of a run holding these trials shows the Stalls section and its both-ways table.</summary>
    private static void AssertSummaryShowsStalls(
        IReadOnlyList<Trial> chosen,
        IReadOnlyList<HeadlineRatio> headline,
        StallSummary stalls
    )
    {
        var run = RunResults.Load(Path.Combine(RepositoryPaths.Root, "docs", "runs", "headline-earlier"));
        var measured = run with
        {
            Trials = new TrialsRun(run.Trials!.Plan, CpuPlacement.None, [], chosen, [], headline)
            {
                Arms = run.Trials.Arms,
                Stalls = stalls,
            },
        };
        var markdown = RunSummary.Build(measured, null).Document.ToMarkdown();
        Assert.Contains("### Stalls", markdown);
        Assert.Contains("| all trials | without stalled trials | left out |", markdown);
        Assert.Contains("| throughput | small | gRPC unary, h2c | REST + JSON, HTTP/1.1 |", markdown);
        Assert.Contains(" of 3 |", markdown);
    }

    /// <summary>
    /// Runs <paramref name="trial"/> with the server frozen 300 ms in every 500 ms, and thaws it after. The freeze is
    /// the fault the test plants, a length of time by its nature, not something to wait for: a timer ticking every
    /// 100 ms schedules it, the server stopped from the second tick of every five to the fifth.
    /// </summary>
    private static async Task<Trial> FrozenThroughoutAsync(int serverId, Func<Task<Trial>> trial)
    {
        using var done = new CancellationTokenSource();
        using var ticks = new PeriodicTimer(TimeSpan.FromMilliseconds(100));
        var freezing = Task.Run(async () =>
        {
            for (var tick = 1; await ticks.WaitForNextTickAsync() && !done.IsCancellationRequested; tick++)
            {
                if (tick % 5 is 2 or 0)
                {
                    BenchProcess.Signal(tick % 5 == 2 ? "STOP" : "CONT", serverId);
                }
            }
        });
        try
        {
            return await trial();
        }
        finally
        {
            done.Cancel();
            ticks.Dispose();
            await freezing;
            BenchProcess.Signal("CONT", serverId);
        }
    }

    private static TrialSegment Segment(Trial trial, string arm) => trial.Segments.Single(s => s.Arm == arm);
}
