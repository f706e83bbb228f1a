using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>The spread between two runs, computed case by case, and only between runs of one machine, job and
/// data.</summary>
public sealed class RunToRunTests
{
    [Fact]
    public void Run_to_run_spread_is_taken_case_by_case_between_runs_of_the_same_machine()
    {
        var previous = RunFixture.Run();

        var spread = RunToRun.Between(previous, RunFixture.Run(scale: 1.1))!;

        Assert.Equal(7, spread.Cases); // the five calls, slower by a tenth, and the two codec floors, unchanged
        Assert.Equal(0.1 / 1.05, spread.MedianTimeSpread, precision: 9);
        Assert.Equal(0, spread.MaxRatioSpread, precision: 9);
    }

    [Fact]
    public void Runs_of_another_os_are_not_compared_run_to_run()
    {
        Assert.Null(RunToRun.Between(RunFixture.Run(), RunFixture.Run(os: "Microsoft Windows 10.0.26100")));
    }

    [Fact]
    public void Run_to_run_says_per_headline_ratio_whether_it_held()
    {
        var previous = RunWith(
            new HeadlineRatio(
                HeadlineRatio.Latency,
                "large",
                "grpc",
                "rest-json",
                2.50,
                2.40,
                2.60,
                8,
                RunFixture.Placement
            )
        );
        var held = RunWith(
            new HeadlineRatio(
                HeadlineRatio.Latency,
                "large",
                "grpc",
                "rest-json",
                2.55,
                2.45,
                2.65,
                8,
                RunFixture.Placement
            )
        );
        var moved = RunWith(
            new HeadlineRatio(
                HeadlineRatio.Latency,
                "large",
                "grpc",
                "rest-json",
                2.90,
                2.80,
                3.00,
                8,
                RunFixture.Placement
            )
        );

        Assert.True(Assert.Single(RunToRun.Between(previous, held)!.Headline!).Holds);
        Assert.False(Assert.Single(RunToRun.Between(previous, moved)!.Headline!).Holds);
    }

    private static RunResults RunWith(HeadlineRatio ratio) =>
        new(
            RunFixture.Provenance(),
            [],
            [],
            [],
            Trials: new TrialsRun(RunFixture.Plan, RunFixture.Placement, [], [], [], [ratio])
        );
}
