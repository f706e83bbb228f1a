using RESTvsGRPC.Bench.CrossChecks;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>Load mode's cross-check: how its rounds of windows become the calls/s and ratio set beside the
/// trials'.</summary>
public sealed class LoadCrossCheckTests
{
    [Fact]
    public void LoadCheck_ratio_is_the_median_of_the_rounds_ratios_to_the_baseline_of_the_same_round()
    {
        // A slow moment in round 2 falls on both arms: the round's ratio holds, where a ratio of medians would not.
        var checks = LoadCheckMeasurement
            .LoadChecksOf("small", [("rest-json", 64, [100.0, 50.0, 100.0]), ("grpc", 32, [200.0, 100.0, 150.0])])
            .ToList();

        Assert.Equal(["rest-json", "grpc"], checks.Select(c => c.Arm));
        Assert.Null(checks[0].Ratio);
        Assert.Equal(100, checks[0].CallsPerSecond);
        Assert.Equal(2.0, checks[1].Ratio);
        Assert.Equal([2.0, 2.0, 1.5], checks[1].RoundRatios!);
        Assert.Null(checks[0].RoundRatios);
        Assert.Equal(150, checks[1].CallsPerSecond);
        Assert.Equal(32, checks[1].Concurrency);
        Assert.All(checks, c => Assert.Equal(3, c.Windows));
    }

    [Fact]
    public void LoadCheck_without_its_baseline_has_no_ratio()
    {
        var check = Assert.Single(LoadCheckMeasurement.LoadChecksOf("large", [("grpc", 16, [10.0, 30.0, 20.0])]));

        Assert.Null(check.Ratio);
        Assert.Null(check.RoundRatios);
        Assert.Equal(20, check.CallsPerSecond);
    }

    [Fact]
    public void LoadCheck_across_processes_takes_the_median_of_all_their_rounds_and_of_their_calls_per_second()
    {
        IReadOnlyList<RESTvsGRPC.Results.LoadCheck> Process(double baseline, double grpc) =>
            [.. LoadCheckMeasurement.LoadChecksOf("small", [("rest-json", 64, [baseline]), ("grpc", 32, [grpc])])];

        // The second process is slow for both arms alike; the third gives gRPC a ratio of its own.
        var checks = LoadCrossCheck.Across([Process(100, 200), Process(50, 100), Process(100, 150)]);

        Assert.Equal(["rest-json", "grpc"], checks.Select(c => c.Arm));
        Assert.Equal([2.0, 2.0, 1.5], checks[1].RoundRatios!);
        Assert.Equal(2.0, checks[1].Ratio);
        Assert.Equal(150, checks[1].CallsPerSecond);
        Assert.Equal(100, checks[0].CallsPerSecond);
        Assert.Null(checks[0].Ratio);
        Assert.Null(checks[0].RoundRatios);
        Assert.All(checks, c => Assert.Equal((3, 3), (c.Windows, c.Processes)));
    }

    [Fact]
    public void LoadCheck_in_one_process_is_that_process_check_with_no_process_count()
    {
        IReadOnlyList<RESTvsGRPC.Results.LoadCheck> only =
        [
            .. LoadCheckMeasurement.LoadChecksOf(
                "large",
                [("rest-json", 16, [300.0, 280.0]), ("grpc", 16, [900.0, 850.0])]
            ),
        ];

        Assert.Same(only, LoadCrossCheck.Across([only]));
        Assert.All(only, c => Assert.Null(c.Processes));
    }
}
