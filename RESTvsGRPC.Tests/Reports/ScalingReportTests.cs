using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Reports;

public sealed class ScalingReportTests
{
    [Fact]
    public void Fit_recovers_an_exact_line()
    {
        var fit = LinearFit.Of([(1, 52_000), (10, 70_000), (100, 250_000), (1000, 2_050_000), (10_000, 20_050_000)]);

        Assert.Equal(50_000, fit.A, precision: 6);
        Assert.Equal(2_000, fit.B, precision: 6);
        Assert.Equal(1, fit.RSquared, precision: 9);
    }

    [Fact]
    public void Fit_weights_points_by_relative_error()
    {
        // The small-n points say a ≈ 100; an unweighted fit would let the 10 000 point pull a far below zero.
        var fit = LinearFit.Of([(1, 101), (10, 110), (100, 200), (10_000, 12_000)]);

        Assert.InRange(fit.A, 90, 110);
        Assert.InRange(fit.B, 0.9, 1.2);
        Assert.InRange(fit.RSquared, 0.9, 1);
    }

    [Fact]
    public void Fit_refuses_a_single_record_count()
    {
        Assert.Throws<ArgumentException>(() => LinearFit.Of([(100, 5), (100, 6)]));
    }

    [Fact]
    public void Report_has_one_row_per_benchmark_with_its_fit()
    {
        ScalingReport.Point[] points =
        [
            new("RestGetLargePayload", 1, 52_000), new("RestGetLargePayload", 10, 70_000), new("RestGetLargePayload", 100, 250_000),
            new("RestProtobufGetLargePayload", 1, 50_500), new("RestProtobufGetLargePayload", 10, 55_000), new("RestProtobufGetLargePayload", 100, 100_000),
        ];

        var lines = ScalingReport.ToMarkdown(points).TrimEnd().Split('\n');

        Assert.Equal(4, lines.Length);
        Assert.StartsWith("| benchmark | points | fixed cost a (μs) | per record b (μs) | R² |", lines[0]);
        Assert.Equal("| RestGetLargePayload | 3 | 50.0 | 2.000 | 1.0000 | 20.05 |", lines[2]);
        Assert.Equal("| RestProtobufGetLargePayload | 3 | 50.0 | 0.500 | 1.0000 | 5.05 |", lines[3]);
    }
}
