using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Results;

/// <summary>
/// The pooled interval on made-up runs with a known between-run component: each run's trials share an offset drawn
/// once per run, as the minutes of a machine are shared by every trial of a run.
/// </summary>
public sealed class RunPoolTests
{
    private const double True = 2.0;

    /// <summary>Runs of <paramref name="trials"/> trials whose ratios (latency and throughput alike) are True × (1 +
    /// run offset) × (1 + trial noise), both normal.</summary>
    private static List<IReadOnlyList<Trial>> Runs(
        Random random,
        int runs,
        int trials,
        double betweenRuns,
        double betweenTrials
    ) =>
        [
            .. Enumerable
                .Range(0, runs)
                .Select(_ =>
                {
                    var offset = 1 + (betweenRuns * Normal(random));
                    return (IReadOnlyList<Trial>)
                        [
                            .. Enumerable
                                .Range(1, trials)
                                .Select(i => Trial(i, True * offset * (1 + (betweenTrials * Normal(random))))),
                        ];
                }),
        ];

    private static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());

    private static Trial Trial(int index, double latencyRatio) =>
        new(
            index,
            1000 + index,
            28 + index,
            ["large/rest-json", "large/grpc"],
            [
                new TrialSegment("large", "rest-json", 100, 1000 * latencyRatio, 8, 1000, 500, 5000, 2000),
                new TrialSegment("large", "grpc", 100, 1000, 8, 1000, 500 * latencyRatio, 1000, 500),
            ]
        );

    private static HeadlineRatio OwnLatency(IReadOnlyList<Trial> run) =>
        TrialStatistics.Headline(run, RunFixture.Placement).Single(h => h.Quantity == HeadlineRatio.Latency);

    [Fact]
    public void Pooled_interval_holds_the_next_median_where_one_runs_cannot_when_runs_differ_more_than_trials()
    {
        var random = new Random(7);
        var (pooledInside, ownInside, experiments) = (0, 0, 100);
        for (var e = 0; e < experiments; e++)
        {
            var runs = Runs(random, runs: 7, trials: 9, betweenRuns: 0.06, betweenTrials: 0.05);
            var next = OwnLatency(runs[^1]).Median;
            var pooled = RunPool.Headline(runs[..^1]).Single(p => p.Quantity == HeadlineRatio.Latency);
            var own = OwnLatency(runs[^2]);
            pooledInside += pooled.Low <= next && next <= pooled.High ? 1 : 0;
            ownInside += own.Low <= next && next <= own.High ? 1 : 0;
            Assert.Equal((6, 54), (pooled.Runs, pooled.Trials));
        }

        // One run's trials share its offset, so its interval holds another run's median about as often as the two
        // offsets lie close; the pool resamples the runs too.
        Assert.InRange((double)pooledInside / experiments, 0.80, 1.0);
        Assert.InRange((double)ownInside / experiments, 0.0, 0.6);
    }

    [Fact]
    public void Without_a_between_run_component_one_runs_interval_holds_another_runs_median_about_as_often_as_expected()
    {
        var random = new Random(11);
        var coverage = new List<Coverage>();
        for (var e = 0; e < 40; e++)
        {
            coverage.Add(RunPool.CrossCoverage(Runs(random, runs: 6, trials: 9, betweenRuns: 0, betweenTrials: 0.05)));
        }

        var share = (double)coverage.Sum(c => c.Inside) / coverage.Sum(c => c.Checks);
        Assert.Equal(40 * 6 * 5 * 2, coverage.Sum(c => c.Checks)); // two ratios: latency and throughput
        Assert.InRange(share, RunPool.ExpectedCrossCoverage - 0.08, RunPool.ExpectedCrossCoverage + 0.08);
    }

    [Fact]
    public void With_a_between_run_component_cross_coverage_falls_and_the_pool_of_the_others_still_holds_a_run()
    {
        var random = new Random(13);
        var (cross, left) = (new List<Coverage>(), new List<Coverage>());
        for (var e = 0; e < 40; e++)
        {
            var runs = Runs(random, runs: 6, trials: 9, betweenRuns: 0.06, betweenTrials: 0.05);
            cross.Add(RunPool.CrossCoverage(runs));
            left.Add(RunPool.LeaveOneOutCoverage(runs));
        }

        Assert.InRange((double)cross.Sum(c => c.Inside) / cross.Sum(c => c.Checks), 0.0, 0.6);
        Assert.InRange((double)left.Sum(c => c.Inside) / left.Sum(c => c.Checks), 0.75, 1.0);
    }

    [Fact]
    public void Interval_of_one_run_is_its_trials_bootstrap_and_the_same_values_give_the_same_interval()
    {
        IReadOnlyList<double> trials = [1.9, 2.0, 2.1, 2.05, 1.95, 2.2, 1.8, 2.02, 1.98];

        var first = RunPool.Interval([trials]);

        Assert.Equal(2.0, first.Median);
        Assert.InRange(first.Low, 1.8, 2.0);
        Assert.InRange(first.High, 2.0, 2.2);
        Assert.Equal(first, RunPool.Interval([trials]));
    }

    [Fact]
    public void Carry_pools_only_clean_runs_of_one_build_machine_job_plan_and_placement()
    {
        var trials = new TrialsRun(RunFixture.Plan, RunFixture.Placement, [], [Trial(1, 2)], [], []);
        var first = Stored.Run(date: 1) with { Trials = trials };
        var second = Stored.Run(date: 2) with { Trials = trials };

        var carried = RunPool.Carry(first, second);

        Assert.Equal([first.Provenance.Date], carried.Trials!.EarlierRuns!.Select(r => r.Date));
        Assert.Equal(2, carried.Trials.Pool.Count);
        Assert.Equal(3, RunPool.Carry(carried, Stored.Run(date: 3) with { Trials = trials }).Trials!.Pool.Count);
        Assert.Null(
            RunPool
                .Carry(first, second with { Provenance = second.Provenance with { Commit = "other" } })
                .Trials!.EarlierRuns
        );
        Assert.Null(
            RunPool
                .Carry(first, second with { Provenance = second.Provenance with { Dirty = true } })
                .Trials!.EarlierRuns
        );
        Assert.Null(
            RunPool
                .Carry(first, second with { Trials = trials with { Plan = RunFixture.Plan with { Seed = 29 } } })
                .Trials!.EarlierRuns
        );
    }

    [Fact]
    public void Pool_keeps_the_newest_runs_up_to_its_size()
    {
        var trials = new TrialsRun(RunFixture.Plan, RunFixture.Placement, [], [Trial(1, 2)], [], []);
        var run = Stored.Run(date: 0) with { Trials = trials };
        for (var date = 1; date <= RunPool.MaxRuns + 3; date++)
        {
            run = RunPool.Carry(run, Stored.Run(date) with { Trials = trials });
        }

        Assert.Equal(RunPool.MaxRuns, run.Trials!.Pool.Count);
        Assert.Equal(
            Stored.Run(RunPool.MaxRuns + 3 - RunPool.MaxRuns + 1).Provenance.Date,
            run.Trials.EarlierRuns![0].Date
        );
    }

    [Fact]
    public void Carry_keeps_each_earlier_runs_load_check()
    {
        static IReadOnlyList<LoadCheck> Checks(params double[] rounds) =>
            [
                new LoadCheck("large", "rest-json", 2, 700, null),
                new LoadCheck("large", "grpc", 16, 2100, rounds[1]) { RoundRatios = rounds },
            ];
        var first = Stored.Run(date: 1) with
        {
            Trials = new TrialsRun(
                RunFixture.Plan,
                RunFixture.Placement,
                [],
                [Trial(1, 2)],
                [],
                [],
                Load: Checks(2.0, 2.2, 2.4)
            ),
        };
        var second = Stored.Run(date: 2) with
        {
            Trials = new TrialsRun(
                RunFixture.Plan,
                RunFixture.Placement,
                [],
                [Trial(1, 2)],
                [],
                [],
                Load: Checks(3.0, 3.1, 3.2)
            ),
        };

        var carried = RunPool.Carry(first, second).Trials!;

        Assert.Equal(first.Trials!.Load, carried.EarlierRuns!.Single().Load);
    }

    [Fact]
    public void Carry_keeps_each_earlier_runs_benchmark_time_for_each_arm_its_trials_measured()
    {
        static BenchmarkResult Case(string suite, string arm, int calls, double nanosecondsPerCall) =>
            new(
                suite,
                arm,
                "TransportBenchmarks",
                arm,
                "large",
                false,
                calls,
                null,
                nanosecondsPerCall,
                10,
                null,
                null,
                null
            );
        var first = Stored.Run(date: 1) with
        {
            Trials = new TrialsRun(RunFixture.Plan, RunFixture.Placement, [], [Trial(1, 2), Trial(2, 2)], [], []),
            Benchmarks =
            [
                Case(Suites.Transport, "grpc", 100, 900),
                Case(Suites.Transport, "grpc", 200, 1200),
                Case(Suites.HttpVersions, "grpc", 200, 5000),
                Case(Suites.Transport, "rest-json", 200, 2100),
            ],
        };
        var second = Stored.Run(date: 2) with
        {
            Trials = new TrialsRun(RunFixture.Plan, RunFixture.Placement, [], [Trial(1, 3)], [], []),
            Benchmarks = [Case(Suites.Transport, "rest-json", 200, 2900)],
        };

        var carried = RunPool.Carry(first, second);

        // gRPC: the transport suite's two batch processes, 900 and 1200, averaged; the HTTP versions suite's case is
        // not the one compared.
        Assert.Equal(
            [new BenchmarkLatency("large", "rest-json", 2100), new BenchmarkLatency("large", "grpc", 1050)],
            carried.Trials!.EarlierRuns!.Single().Latency
        );
    }

    [Fact]
    public void Latency_time_is_the_mean_of_the_transport_case_batch_processes_shown_by_its_largest_batch()
    {
        static BenchmarkResult Case(string suite, string method, int calls, double nanosecondsPerCall) =>
            new(
                suite,
                "grpc",
                "TransportBenchmarks",
                method,
                "large",
                false,
                calls,
                null,
                nanosecondsPerCall,
                10,
                null,
                null,
                null
            );
        var run = Stored.Run(date: 1) with
        {
            Benchmarks =
            [
                Case(Suites.HttpVersions, "GrpcGetLargePayload", 200, 5000),
                Case(Suites.Transport, "GrpcGetLargePayload", 100, 900),
                Case(Suites.Transport, "GrpcGetLargePayload", 200, 1200),
            ],
        };

        var time = run.LatencyTime("large", "grpc")!;

        Assert.Equal(1050, time.NanosecondsPerCall);
        Assert.Equal(2, time.Processes);
        Assert.Equal(200, time.Case.CallsPerBatch);
        Assert.Null(run.LatencyTime("large", "rest-json"));
    }

    /// <summary>Results of a clean run on one machine, made on day <c>date</c>.</summary>
    private static class Stored
    {
        public static RunResults Run(int date) =>
            new(
                new Provenance(
                    "abc123",
                    false,
                    "Linux",
                    "CPU",
                    2,
                    ".NET 10",
                    "10.0",
                    new ProcessSetup(ProcessSetup.Trials, true, true, false, 0),
                    "0.15.8",
                    new Dictionary<string, string>(),
                    "data.json",
                    "sha",
                    [],
                    new DateTimeOffset(2026, 11, 1, 0, 0, 0, TimeSpan.Zero).AddDays(date),
                    "--headline",
                    "headline",
                    RunFixture.Placement
                ),
                [],
                [],
                []
            );
    }
}
