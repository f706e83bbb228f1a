using RESTvsGRPC.Results;

namespace RESTvsGRPC.Tests.Results;

/// <summary>
/// The variance components of a ratio's per-round logs, as Kalibera and Jones estimate them, on known inputs.
/// </summary>
public sealed class VarianceComponentsTests
{
    [Fact]
    public void Within_is_the_pooled_round_spread_and_between_the_trial_means_spread_less_its_within_share()
    {
        // Each trial's two rounds sit 0.1 either side of its mean: within variance 0.02 (one degree of freedom a
        // trial). The means 0, 0.2, 0.4 have variance 0.04, of which 0.02 / 2 is the rounds' share: T₂² = 0.03.
        IReadOnlyList<double>[] trials =
        [
            [-0.1, 0.1],
            [0.1, 0.3],
            [0.3, 0.5],
        ];

        var components = VarianceComponents.Of(trials, 0.25)!;

        Assert.Equal(Math.Sqrt(0.02), components.RoundSd, 9);
        Assert.Equal(Math.Sqrt(0.03), components.TrialSd, 9);
        Assert.Equal((3, 2, 0.25), (components.Trials, components.Rounds, components.CellSeconds));
        Assert.Equal(Math.Sqrt(0.02) * 0.5, components.WithinSdPerRootSecond, 9);
        Assert.Null(components.Blocks);
    }

    [Fact]
    public void Between_is_zero_where_the_trial_means_spread_no_more_than_their_rounds_explain()
    {
        IReadOnlyList<double>[] trials =
        [
            [-0.5, 0.5],
            [0.5, -0.5],
            [-0.5, 0.5],
        ];

        Assert.Equal(0, VarianceComponents.Of(trials, 0.1)!.TrialSd);
    }

    [Fact]
    public void Blocks_stay_flat_for_independent_rounds_and_fall_for_rounds_that_alternate()
    {
        var random = new Random(7);
        IReadOnlyList<double> Rounds() => [.. Enumerable.Range(0, 8).Select(_ => Normal(random))];
        IReadOnlyList<double>[] independent = [.. Enumerable.Range(0, 40).Select(_ => Rounds())];
        IReadOnlyList<double>[] alternating =
        [
            [1, -1, 1, -1, 1, -1, 1, -1],
            [-1, 1, -1, 1, -1, 1, -1, 1],
        ];

        var flat = VarianceComponents.Of(independent, 0.15)!.Blocks!;
        var falling = VarianceComponents.Of(alternating, 0.15)!.Blocks!;

        Assert.Equal([1, 2, 4], flat.Select(b => b.Rounds));
        Assert.All(flat, b => Assert.InRange(b.Sd, 0.8, 1.2));
        Assert.Equal([1.069, 0, 0], falling.Select(b => Math.Round(b.Sd, 3)));
    }

    [Fact]
    public void Optimal_rounds_weigh_a_fresh_trials_cost_against_a_rounds()
    {
        var components = new VarianceComponents(0.2, 0.1, 6, 2, 0.15);

        Assert.Equal(4, components.OptimalRounds(roundSeconds: 5, trialSeconds: 20)!.Value, 9);
        Assert.Null((components with { TrialSd = 0 }).OptimalRounds(5, 20));
    }

    [Fact]
    public void One_trial_or_one_round_gives_no_components()
    {
        Assert.Null(
            VarianceComponents.Of(
                [
                    [0.1, 0.2],
                ],
                0.15
            )
        );
        Assert.Null(
            VarianceComponents.Of(
                [
                    [0.1],
                    [0.2],
                ],
                0.15
            )
        );
    }

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
