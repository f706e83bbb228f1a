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
            new("RestGetLargePayload", 1, 52_000),
            new("RestGetLargePayload", 10, 70_000),
            new("RestGetLargePayload", 100, 250_000),
            new("RestProtobufGetLargePayload", 1, 50_500),
            new("RestProtobufGetLargePayload", 10, 55_000),
            new("RestProtobufGetLargePayload", 100, 100_000),
        ];

        var lines = ScalingReport.ToMarkdown(points).TrimEnd().Split('\n');

        Assert.Equal(4, lines.Length);
        Assert.StartsWith("| benchmark | points | fixed cost a (μs) | per record b (μs) | R² |", lines[0]);
        Assert.Equal("| RestGetLargePayload | 3 | 50.0 | 2.000 | 1.0000 | 20.05 |", lines[2]);
        Assert.Equal("| RestProtobufGetLargePayload | 3 | 50.0 | 0.500 | 1.0000 | 5.05 |", lines[3]);
    }
}

/// <summary>
/// Where protobuf starts to pay: the record count at which the two arms' fits set the arm a threshold ahead of
/// REST + JSON, and the arms' curves built from the scaling suite's cases.
/// </summary>
public sealed class PayloadThresholdTests
{
    [Fact]
    public void Crossing_is_where_the_fits_ratio_reaches_the_threshold()
    {
        // REST + JSON 100 μs + 3 μs a record, the arm 120 μs + 1 μs: (100 + 3n) / (120 + n) = 2 at n = 140.
        var (json, arm) = (new LinearFit(100, 3, 1), new LinearFit(120, 1, 1));

        Assert.Equal(140, PayloadThresholdSection.Crossing(json, arm, 2)!.Value, precision: 9);
        Assert.Equal(44 / 1.8, PayloadThresholdSection.Crossing(json, arm, 1.2)!.Value, precision: 9);
    }

    [Fact]
    public void Crossing_is_below_one_record_where_the_arm_leads_from_the_first_and_null_where_its_limit_falls_short()
    {
        var json = new LinearFit(200, 3, 1);

        Assert.True(PayloadThresholdSection.Crossing(json, new LinearFit(100, 1, 1), 1.2) < 1);
        Assert.Null(PayloadThresholdSection.Crossing(json, new LinearFit(100, 1.5, 1), 2));
    }

    [Fact]
    public void Curves_set_each_arm_against_rest_json_at_the_same_count_on_the_same_operation()
    {
        BenchmarkResult Case(string arm, string method, string operation, int records, double nanoseconds) =>
            new(
                Suites.Scaling,
                arm,
                "ScalingBenchmarks",
                method,
                operation,
                arm == "rest-json",
                10,
                records,
                nanoseconds,
                0,
                null,
                null,
                null
            );
        BenchmarkResult[] scaling =
        [
            Case("rest-json", "RestGetLargePayload", "large", 1, 100),
            Case("rest-json", "RestGetLargePayload", "large", 10, 300),
            Case("grpc", "GrpcGetLargePayloadAsList", "large", 1, 100),
            Case("grpc", "GrpcGetLargePayloadAsList", "large", 10, 150),
            Case("rest-json", "RestPostLargePayload", "post", 1, 200),
            Case("grpc", "GrpcPostLargePayload", "post", 1, 100),
            Case("grpc", "GrpcPostLargePayload", "post", 10, 100),
        ];

        var curve = Assert.Single(PayloadThresholdSection.Curves(scaling));

        Assert.Equal(("large", "grpc"), (curve.Operation, curve.Arm.Arm));
        Assert.Equal([(1, 1.0), (10, 2.0)], curve.Points);
        Assert.Equal(200.0 / 9 / (50.0 / 9), curve.Limit, precision: 9);
    }
}
