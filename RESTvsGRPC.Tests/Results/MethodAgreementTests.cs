using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Reports;

namespace RESTvsGRPC.Tests.Results;

/// <summary>The checks by other methods: ratios beside the trials', an allowance from both methods' repeats, and a
/// verdict with teeth.</summary>
public sealed class MethodAgreementTests
{
    private static readonly CpuPlacement Placement = new("1", "0");

    [Fact]
    public void Pooled_spread_is_each_groups_deviation_from_its_own_mean_over_their_degrees_of_freedom()
    {
        // Deviations ±0.1 in the first group (1 degree of freedom), 0, ±0.1 in the second (2).
        var spread = MethodAgreements.PooledSpread([
            [0.1, 0.3],
            [1.0, 1.1, 1.2],
        ]);

        Assert.Equal(Math.Sqrt((0.02 + 0.02) / 3), spread!.Value, 12);
        Assert.Null(
            MethodAgreements.PooledSpread([
                [1.0],
                [],
            ])
        );
    }

    [Fact]
    public void A_check_agrees_within_its_allowance_flags_beyond_it_and_gives_no_verdict_without_one_or_past_25pct()
    {
        static MethodAgreement Check(double method, double? allowance) =>
            new(MethodAgreement.Load, HeadlineRatio.Throughput, "large", "grpc", 2.0, 9, method, 3, allowance);

        Assert.True(Check(2.19, 0.10).Agrees);
        Assert.True(Check(2.0 / 1.09, 0.10).Agrees); // either direction
        Assert.False(Check(2.21, 0.10).Agrees);
        Assert.Null(Check(2.0, null).Agrees);
        Assert.Null(Check(2.0, 0.30).Agrees);
        Assert.Equal(0.1, Check(2.2, 0.10).Difference, 12);
    }

    [Fact]
    public void Load_check_allowance_comes_from_the_trials_spread_and_the_rounds_spread_pooled_over_arms()
    {
        // Six trials: grpc's throughput ratio exactly 2 in each; the rounds spread by a known amount.
        var trials = Enumerable
            .Range(1, 6)
            .Select(i => new Trial(
                i,
                i,
                i,
                [],
                [
                    new TrialSegment("large", "rest-json", 10, 1e6, 2, 100, 500, 1e5, 1e5),
                    new TrialSegment("large", "grpc", 10, 5e5, 16, 100, 1000, 1e5, 1e5),
                ]
            ))
            .ToList();
        var run = new TrialsRun(
            RunFixture.Plan,
            Placement,
            [],
            trials,
            [],
            [],
            Load:
            [
                new LoadCheck("large", "rest-json", 2, 500, null),
                new LoadCheck("large", "grpc", 16, 1000, 2.2) { RoundRatios = [2.2 / 1.02, 2.2, 2.2 * 1.02] },
            ]
        );

        var check = Assert.Single(MethodAgreements.OfLoad(run));

        var spread = Math.Log(1.02); // the log rounds lie ln 1.02 either side of their mean
        Assert.Equal((2.0, 6, 3), (check.TrialsRatio, check.TrialsRepeats, check.MethodRepeats));
        Assert.Equal(2.2, check.MethodRatio, 12); // the geometric mean of the rounds
        Assert.Equal(Math.Exp(1.96 * spread / Math.Sqrt(3)) - 1, check.Allowance!.Value, 9);
        Assert.False(check.Agrees); // +10 % against an allowance of about ±2 %
    }

    [Fact]
    public void A_bias_of_a_third_planted_in_one_arm_of_load_mode_on_a_recorded_run_is_flagged_and_not_without_it()
    {
        var recorded = RunResults.Load(StoredReports.Folder("default-run"));
        var (operation, arm) = ("large", "grpc");
        var planted = recorded.Trials! with
        {
            Load =
            [
                .. recorded.Trials!.Load!.Select(c =>
                    (c.Operation, c.Arm) == (operation, arm)
                        ? c with
                        {
                            Ratio = c.Ratio * 1.3,
                            RoundRatios = [.. c.RoundRatios!.Select(r => r * 1.3)],
                        }
                        : c
                ),
            ],
        };

        var before = MethodAgreements.OfLoad(recorded.Trials!);
        var after = MethodAgreements.OfLoad(planted);

        Assert.True(before.Single(c => (c.Operation, c.Arm) == (operation, arm)).Agrees);
        Assert.False(after.Single(c => (c.Operation, c.Arm) == (operation, arm)).Agrees);
        Assert.Equal(
            before.Where(c => (c.Operation, c.Arm) != (operation, arm)).Select(c => c.Agrees),
            after.Where(c => (c.Operation, c.Arm) != (operation, arm)).Select(c => c.Agrees)
        );
    }

    [Fact]
    public void BenchmarkDotNet_ratio_is_the_geometric_mean_over_batch_sizes_of_rest_json_time_over_the_arms()
    {
        var recorded = RunResults.Load(StoredReports.Folder("default-run"));
        double Time(string arm, int calls) =>
            recorded
                .Benchmarks.Single(b =>
                    (b.Suite, b.Operation, b.Arm, b.CallsPerBatch) == (Suites.Transport, "large", arm, calls)
                )
                .NanosecondsPerCall;

        var check = MethodAgreements
            .OfBenchmarkDotNet(recorded, recorded.Trials!)
            .Single(c => (c.Operation, c.Arm) == ("large", "grpc"));

        Assert.Equal(
            Math.Sqrt(Time("rest-json", 100) / Time("grpc", 100) * (Time("rest-json", 200) / Time("grpc", 200))),
            check.MethodRatio,
            9
        );
        Assert.Equal((HeadlineRatio.Latency, 2, 9), (check.Quantity, check.MethodRepeats, check.TrialsRepeats));
        Assert.True(check.Allowance > 0);
    }

    [Fact]
    public void H2load_ratio_pairs_each_pass_with_rest_jsons_and_a_single_pass_has_no_allowance()
    {
        var recorded = RunResults.Load(StoredReports.Folder("default-run"));
        var once = recorded.Trials!.H2load!;
        var twice = recorded.Trials with
        {
            H2load =
            [
                .. once,
                .. once.Where(c => c.AtTrialsRate)
                    .Select(c =>
                        c with
                        {
                            ServerCpuNanosecondsPerCall = c.ServerCpuNanosecondsPerCall * (c.Arm == "grpc" ? 1.1 : 1.0),
                        }
                    ),
            ],
        };

        var single = MethodAgreements.OfH2load(recorded.Trials);
        var paired = MethodAgreements.OfH2load(twice);

        Assert.All(single, c =>
            Assert.True(
                c is { Quantity: MethodAgreement.ServerCpu, MethodRepeats: 1, Allowance: null, Agrees: null },
                $"{c}"
            )
        );
        Assert.All(paired, c => Assert.True(c is { MethodRepeats: 2, Allowance: > 0 }, $"{c}"));
        var grpc = paired.Single(c => (c.Operation, c.Arm) == ("large", "grpc"));
        Assert.Equal(
            single.Single(c => (c.Operation, c.Arm) == ("large", "grpc")).MethodRatio / Math.Sqrt(1.1),
            grpc.MethodRatio,
            9
        );
    }
}
