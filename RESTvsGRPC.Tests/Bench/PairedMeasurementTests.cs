using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The statistics behind the paired headline: exact median intervals, per-round ratios, run-to-run agreement.</summary>
public sealed class PairedMeasurementTests
{
    [Fact]
    public void Median_interval_of_ten_rounds_runs_from_the_second_to_the_ninth_smallest()
    {
        // P(Binomial(10, 1/2) ≤ 1) = 11/1024 ≤ 2.5 % < P(≤ 2) = 56/1024: ranks 2 and 9, 97.9 % coverage.
        var interval = MedianInterval.Of([10, 3, 8, 1, 6, 5, 9, 2, 7, 4])!;

        Assert.Equal(5.5, interval.Median);
        Assert.Equal(2, interval.Lower);
        Assert.Equal(9, interval.Upper);
        Assert.Equal(10, interval.Samples);
    }

    [Fact]
    public void Median_interval_needs_six_rounds_and_then_spans_them_all()
    {
        Assert.Null(MedianInterval.Of([1, 2, 3, 4, 5]));

        var six = MedianInterval.Of([1, 2, 3, 4, 5, 6])!;

        Assert.Equal((1, 3.5, 6), (six.Lower, six.Median, six.Upper));
    }

    [Fact]
    public void Median_interval_of_many_rounds_narrows_around_the_median()
    {
        var interval = MedianInterval.Of([.. Enumerable.Range(1, 1000).Select(i => (double)i)])!;

        // Ranks 469 and 532 for n = 1000 (normal approximation: 500 ± 1.96·√1000/2 ≈ 500 ± 31).
        Assert.InRange(interval.Lower, 465, 472);
        Assert.InRange(interval.Upper, 529, 536);
        Assert.InRange(interval.RelativeHalfWidth, 0.06, 0.07);
    }

    [Fact]
    public void Paired_ratio_cancels_slow_phases_that_hit_both_arms_of_a_round()
    {
        // Every other round the machine is three times slower for both arms: per arm the times spread 3×, per round the ratio is 2.
        double[] slowdown = [1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3];
        var operation = Operation(
            new PairedArm("RestGetLargePayload", "rest-json", PairedRole.Baseline, [.. slowdown.Select(s => 4_000_000 * s)]),
            new PairedArm("GrpcGetLargePayloadAsList", "grpc", PairedRole.Compared, [.. slowdown.Select(s => 2_000_000 * s)]));

        var ratio = operation.RatioOf(operation.Compared.Single())!;

        Assert.Equal((2.0, 2.0, 2.0), (ratio.Lower, ratio.Median, ratio.Upper));
        Assert.Equal(0, ratio.RelativeHalfWidth);
    }

    [Fact]
    public void Transport_floor_share_is_taken_round_by_round()
    {
        var operation = Operation(
            new PairedArm("RestGetSmallPayload", "rest-json", PairedRole.Baseline, [100, 200, 100, 200, 100, 200]),
            new PairedArm("RestGetSmallPayload", "rest-json", PairedRole.Floor, [25, 50, 25, 50, 25, 50], 62, 175));

        var share = PairedOperation.Quotients(operation.Floors.Single(), operation.Baseline)!;

        Assert.Equal(0.25, share.Median);
        Assert.Empty(operation.Compared);
    }

    [Theory]
    [InlineData(2.00, 1.95, 2.05, 2.04, 1.99, 2.09, true)]
    [InlineData(2.00, 1.95, 2.05, 2.12, 2.07, 2.17, false)] // 5.8 % apart
    [InlineData(2.00, 1.99, 2.01, 2.04, 2.03, 2.05, false)] // 2 % apart, but each outside the other's interval
    public void Paired_ratio_holds_between_runs_within_five_percent_and_inside_both_intervals(
        double median, double lower, double upper, double nextMedian, double nextLower, double nextUpper, bool holds)
    {
        var change = new PairedChange(OperationNames.Large, "grpc", new(median, lower, upper, 40), new(nextMedian, nextLower, nextUpper, 40));

        Assert.Equal(holds, change.Holds);
    }

    [Fact]
    public void Run_to_run_sets_each_paired_ratio_beside_the_previous_one()
    {
        var previous = RunFixture.Run() with { Paired = [Operation(Arms(2.0))] };
        var current = RunFixture.Run() with { Paired = [Operation(Arms(2.02))] };

        var change = Assert.Single(RunToRun.Between(previous, current)!.Paired!);

        Assert.Equal("grpc", change.Arm);
        Assert.Equal(2.0, change.Previous.Median, 6);
        Assert.Equal(2.02, change.Current.Median, 6);
        Assert.True(change.Holds);
    }

    /// <summary>Rounds whose ratios scatter ±2 % around <paramref name="ratio"/>: an interval of [0.98, 1.02] × ratio.</summary>
    private static PairedArm[] Arms(double ratio)
    {
        double[] scatter = [0.98, 1.0, 1.02, 0.99, 1.01, 1.0];
        return
        [
            new("RestGetLargePayload", "rest-json", PairedRole.Baseline, [.. scatter.Select(_ => 4e6)]),
            new("GrpcGetLargePayloadAsList", "grpc", PairedRole.Compared, [.. scatter.Select(s => 4e6 / (ratio * s))]),
        ];
    }

    private static PairedOperation Operation(params PairedArm[] arms) =>
        new(OperationNames.Large, 100, arms[0].NanosecondsPerCall.Count, new PairedStop(PairedStopReason.TimeBudget, 60), 60, arms);
}
