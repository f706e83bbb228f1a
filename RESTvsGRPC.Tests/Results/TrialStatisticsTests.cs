using System.Text.Json;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Results;

/// <summary>The headline's arithmetic over trials, on inputs whose answers are known, and the results contract's
/// shape.</summary>
public sealed class TrialStatisticsTests
{
    [Fact]
    public void Latency_ratio_is_baseline_time_over_arm_time_and_throughput_ratio_is_arm_rate_over_baseline_rate()
    {
        Trial[] trials = [Trial(1, restLatency: 4000, grpcLatency: 2000, restRate: 100, grpcRate: 300)];

        var headline = TrialStatistics.Headline(trials, RunFixture.Placement);

        var latency = Assert.Single(headline, h => h.Quantity == HeadlineRatio.Latency);
        var throughput = Assert.Single(headline, h => h.Quantity == HeadlineRatio.Throughput);
        Assert.Equal(
            ("large", "grpc", "rest-json", 2.0, 1),
            (latency.Operation, latency.Arm, latency.Baseline, latency.Median, latency.Trials)
        );
        Assert.Equal(3.0, throughput.Median);
        Assert.Equal(RunFixture.Placement, throughput.Placement);
        Assert.False(latency.HasInterval);
    }

    [Fact]
    public void Six_trials_give_the_median_of_per_trial_ratios_with_min_and_max_as_the_95_percent_interval()
    {
        // Per-trial latency ratios 1.5, 1.6, 1.7, 1.8, 1.9, 2.5 (baseline 3000 ns over the arm's time).
        double[] ratios = [1.9, 1.5, 2.5, 1.7, 1.6, 1.8];
        var trials = ratios
            .Select((r, i) => Trial(i + 1, restLatency: 3000, grpcLatency: 3000 / r, restRate: 100, grpcRate: 100))
            .ToArray();

        var latency = TrialStatistics
            .Headline(trials, RunFixture.Placement)
            .Single(h => h.Quantity == HeadlineRatio.Latency);

        Assert.Equal(1.75, latency.Median, 9);
        Assert.Equal(1.5, latency.Low, 9);
        Assert.Equal(2.5, latency.High, 9);
        Assert.True(latency is { HasInterval: true, Differs: true, Trials: 6 });
    }

    [Fact]
    public void Nine_trials_drop_the_outermost_value_on_each_side_from_the_interval()
    {
        // With 9 samples the exact 95 % interval of the median is [x(2), x(8)] (binomial tail 1.95 %).
        var trials = Enumerable
            .Range(1, 9)
            .Select(i => Trial(i, restLatency: 1000, grpcLatency: 1000, restRate: 100, grpcRate: 100 * i))
            .ToArray();

        var throughput = TrialStatistics
            .Headline(trials, RunFixture.Placement)
            .Single(h => h.Quantity == HeadlineRatio.Throughput);

        Assert.Equal((5.0, 2.0, 8.0), (throughput.Median, throughput.Low, throughput.High));
    }

    [Fact]
    public void A_trial_missing_an_arm_gives_no_ratio_for_it_and_the_others_still_count()
    {
        var full = Enumerable.Range(1, 6).Select(i => Trial(i, 2000, 1000, 100, 200)).ToList();
        full[2] = full[2] with { Segments = [.. full[2].Segments.Where(s => s.Arm != "grpc")] };

        var latency = TrialStatistics
            .Headline(full, RunFixture.Placement)
            .Single(h => h.Quantity == HeadlineRatio.Latency);

        Assert.Equal(5, latency.Trials);
        Assert.False(latency.HasInterval);
    }

    [Fact]
    public void Arms_are_listed_by_operation_then_in_the_client_catalogues_order_whatever_order_they_were_measured_in()
    {
        (string Operation, string Arm)[] measured =
        [
            ("post", "grpc"),
            ("small", "rest-minimal"),
            ("large", "grpc-web-text"),
            ("small", "grpc"),
            ("large", "grpc-web-h2c"),
            ("small", "rest-json"),
        ];

        var ordered = TrialStatistics.InReadersOrder(measured, a => a.Operation, a => a.Arm);

        Assert.Equal(
            [
                ("small", "rest-json"),
                ("small", "grpc"),
                ("small", "rest-minimal"),
                ("large", "grpc-web-h2c"),
                ("large", "grpc-web-text"),
                ("post", "grpc"),
            ],
            ordered
        );
    }

    [Fact]
    public void Each_trial_interleaves_an_operations_arms_in_rounds_of_its_own_order_and_the_same_seed_draws_it_again()
    {
        var plan = TrialPlan.Standard;

        var orders = Enumerable.Range(1, 8).Select(trial => plan.OrderOf(trial, TrialArm.Transport)).ToList();

        foreach (var order in orders)
        {
            // Every latency slice comes before every throughput slice; latency visits every arm once per round,
            // throughput every arm at each of its operation's concurrencies once per round.
            var latencySlices = order.TakeWhile(s => s.Quantity == TrialQuantity.Latency).Count();
            Assert.Equal(TrialArm.Transport.Count * plan.Slices, latencySlices);
            foreach (var quantity in new[] { TrialQuantity.Latency, TrialQuantity.Throughput })
            {
                var slices = order.Where(s => s.Quantity == quantity).ToList();
                var turns = TrialArm
                    .Transport.SelectMany(a =>
                        (quantity == TrialQuantity.Latency ? [1] : plan.InFlight[a.Operation]).Select(n => (a, n))
                    )
                    .ToList();
                var expected = turns.SelectMany(t => Enumerable.Repeat($"{t.a.Name}@{t.n}", plan.Slices)).Order();
                Assert.Equal(expected, slices.Select(s => $"{s.Arm.Name}@{s.InFlight}").Order());
                // An operation's rounds stand together: the operation changes twice per quantity.
                Assert.Equal(2, slices.Zip(slices.Skip(1)).Count(p => p.First.Arm.Operation != p.Second.Arm.Operation));
                foreach (var operation in slices.Select(s => s.Arm.Operation).Distinct())
                {
                    var ofOperation = slices.Where(s => s.Arm.Operation == operation).ToList();
                    var perRound = ofOperation.Count / plan.Slices;
                    Assert.All(ofOperation.Chunk(perRound), round => Assert.Equal(perRound, round.Distinct().Count()));
                }
            }
        }

        Assert.True(
            orders.Select(o => string.Join(",", o)).Distinct().Count() > 1,
            "every trial ran the arms in one order"
        );
        Assert.Equal(orders[0], plan.OrderOf(1, TrialArm.Transport));
        Assert.NotEqual(orders[0], (plan with { Seed = plan.Seed + 100 }).OrderOf(1, TrialArm.Transport));
    }

    [Fact]
    public void Headline_ratio_is_written_with_the_contracts_field_names()
    {
        var ratio = new HeadlineRatio(
            HeadlineRatio.Throughput,
            "small",
            "grpc",
            "rest-json",
            1.4,
            1.3,
            1.5,
            8,
            new CpuPlacement("1", "0")
        );

        var json = JsonSerializer.Serialize(
            ratio,
            new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase }
        );

        Assert.Equal(
            """{"quantity":"throughput","operation":"small","arm":"grpc","baseline":"rest-json","median":"""
                + """1.4,"low":1.3,"high":1.5,"trials":8,"placement":{"servers":"1","client":"0"}}""",
            json
        );
    }

    [Fact]
    public void Aot_pairs_give_each_builds_grpc_over_rest_and_each_protocols_aot_over_jit_from_the_same_trials()
    {
        // Latencies (ns): REST JIT 4000, gRPC JIT 2000, REST AOT 3000, gRPC AOT 1000; calls/s the other way round.
        (string Arm, double Latency, double Rate)[] arms =
        [
            ("rest-minimal", 4000, 100),
            ("grpc", 2000, 200),
            ("rest-minimal-aot", 3000, 150),
            ("grpc-aot", 1000, 600),
        ];
        var trials = Enumerable
            .Range(1, 6)
            .Select(i => new Trial(
                i,
                1000 + i,
                28 + i,
                [.. arms.Select(a => "post/" + a.Arm)],
                [.. arms.Select(a => new TrialSegment("post", a.Arm, 100, a.Latency, 4, 1000, a.Rate, 1000, 500))]
            ))
            .ToList();

        var ratios = TrialStatistics.PairRatios(trials, RunFixture.Placement, TrialStatistics.AotPairs);

        Assert.Equal(
            [
                ("grpc", "rest-minimal", 2.0, 2.0),
                ("grpc-aot", "rest-minimal-aot", 3.0, 4.0),
                ("rest-minimal-aot", "rest-minimal", 1.333, 1.5),
                ("grpc-aot", "grpc", 2.0, 3.0),
            ],
            ratios
                .Chunk(2)
                .Select(pair =>
                    (pair[0].Arm, pair[0].Baseline, Math.Round(pair[0].Median, 3), Math.Round(pair[1].Median, 3))
                )
        );
        Assert.All(ratios.Chunk(2), pair =>
            Assert.Equal([HeadlineRatio.Latency, HeadlineRatio.Throughput], pair.Select(r => r.Quantity))
        );
    }

    [Fact]
    public void With_the_plan_each_ratio_carries_its_components_over_the_rounds_and_hodges_lehmanns_estimate()
    {
        // Rounds of the arm's latency 0.9 and 1.1 times the baseline's halved: log ratios ln 2 ∓ ~0.1 in each trial.
        var plan = new TrialPlanResult("standard", 6, 0.075, 0.3, 2, 0.15, 0.0375, [], 28);
        var trials = Enumerable
            .Range(1, 6)
            .Select(i =>
            {
                var trial = Trial(i, restLatency: 4000, grpcLatency: 2000, restRate: 100, grpcRate: 300);
                return trial with
                {
                    Segments =
                    [
                        trial.Segments[0] with
                        {
                            LatencyRounds = [4000, 4000],
                            ThroughputRounds = [100, 100],
                        },
                        trial.Segments[1] with
                        {
                            LatencyRounds = [1800, 2200],
                            ThroughputRounds = [300, 300 + i],
                        },
                    ],
                };
            })
            .ToArray();

        var headline = TrialStatistics.Headline(trials, RunFixture.Placement, plan: plan);

        var latency = headline.Single(h => h.Quantity == HeadlineRatio.Latency);
        var throughput = headline.Single(h => h.Quantity == HeadlineRatio.Throughput);
        var components = latency.Components!;
        Assert.Equal((6, 2, 0.15), (components.Trials, components.Rounds, components.CellSeconds));
        Assert.Equal(Math.Abs(Math.Log(4000 / 1800.0) - Math.Log(4000 / 2200.0)) / Math.Sqrt(2), components.RoundSd, 9);
        Assert.Equal(0, components.TrialSd);
        Assert.Equal(0.15 - 0.0375, throughput.Components!.CellSeconds, 9);
        Assert.Equal(2.0, latency.HodgesLehmann!.Estimate, 9);
        Assert.Equal(3.0, throughput.HodgesLehmann!.Estimate, 9);
        var withoutPlan = TrialStatistics.Headline(trials, RunFixture.Placement);
        Assert.Null(withoutPlan.Single(h => h.Quantity == HeadlineRatio.Latency).Components);
    }

    private static Trial Trial(int index, double restLatency, double grpcLatency, double restRate, double grpcRate) =>
        new(
            index,
            1000 + index,
            28 + index,
            ["large/rest-json", "large/grpc"],
            [
                new TrialSegment("large", "rest-json", 100, restLatency, 4, 1000, restRate, 5000, 2000),
                new TrialSegment("large", "grpc", 100, grpcLatency, 4, 1000, grpcRate, 1000, 500),
            ]
        );
}
