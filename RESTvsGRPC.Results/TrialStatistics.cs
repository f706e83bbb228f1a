namespace RESTvsGRPC.Results;

/// <summary>
/// The headline's arithmetic, across trials: each trial gives one ratio per arm and quantity (its own segments
/// only), and a ratio is the median of those with its exact order-statistic 95 % interval
/// (<see cref="MedianInterval"/>). The state that moves a result comes with the client process, so the trial, not a
/// segment, is the unit repeated.
/// </summary>
public static class TrialStatistics
{
    /// <summary>Every operation's baseline arm, the one each ratio compares with.</summary>
    public const string Baseline = "rest-json";

    /// <summary>
    /// Every arm's latency and throughput ratio against REST + JSON, per operation, in the order the arms were
    /// declared.
    /// </summary>
    /// <remarks>
    /// With <paramref name="plan"/>, each ratio also carries its variance components over the trials' rounds.
    /// </remarks>
    public static IReadOnlyList<HeadlineRatio> Headline(
        IReadOnlyList<Trial> trials,
        CpuPlacement placement,
        string baseline = Baseline,
        TrialPlanResult? plan = null
    )
    {
        var ratios = new List<HeadlineRatio>();
        foreach (var (operation, arm) in Arms(trials).Where(a => a.Arm != baseline))
        {
            foreach (var quantity in new[] { HeadlineRatio.Latency, HeadlineRatio.Throughput })
            {
                var perTrial = PerTrial(trials, operation, arm, baseline, quantity);
                if (perTrial.Count == 0)
                {
                    continue;
                }

                var (median, low, high) = Interval(perTrial);
                ratios.Add(
                    new HeadlineRatio(quantity, operation, arm, baseline, median, low, high, perTrial.Count, placement)
                    {
                        HodgesLehmann = HodgesLehmannInterval.Of(perTrial),
                        Components = plan is null
                            ? null
                            : VarianceComponents.Of(
                                PerRound(trials, operation, arm, baseline, quantity),
                                quantity == HeadlineRatio.Latency
                                    ? plan.SliceSeconds
                                    : plan.SliceSeconds - plan.RampSeconds
                            ),
                    }
                );
            }
        }

        return ratios;
    }

    /// <summary>
    /// The AOT trials' comparisons, (arm, baseline): gRPC against REST + JSON on the minimal APIs under each build,
    /// then each protocol's AOT build against its JIT build.
    /// </summary>
    public static IReadOnlyList<(string Arm, string Baseline)> AotPairs { get; } =
    [
        ("grpc", "rest-minimal"),
        ("grpc-aot", "rest-minimal-aot"),
        ("rest-minimal-aot", "rest-minimal"),
        ("grpc-aot", "grpc"),
    ];

    /// <summary>
    /// The TLS trials' comparisons, (arm, baseline): REST + JSON over TLS with HTTP/2 and gRPC over TLS against REST +
    /// JSON over TLS with HTTP/1.1, then each arm over TLS against its cleartext twin (what TLS costs each protocol).
    /// </summary>
    public static IReadOnlyList<(string Arm, string Baseline)> TlsPairs { get; } =
    [
        ("rest-json-tls", "rest-json-tls-http11"),
        ("grpc-tls", "rest-json-tls-http11"),
        ("rest-json-tls-http11", "rest-json"),
        ("rest-json-tls", "rest-json-h2c"),
        ("grpc-tls", "grpc"),
    ];

    /// <summary>
    /// The TLS pairs whose comparison a cleartext headline also makes, against REST + JSON over HTTP/1.1: each one's
    /// cleartext arm, so <c>compare</c> can set a TLS run beside a cleartext one.
    /// </summary>
    public static IReadOnlyDictionary<(string Arm, string Baseline), string> TlsCleartextAnalogs { get; } =
        new Dictionary<(string, string), string>
        {
            [("rest-json-tls", "rest-json-tls-http11")] = "rest-json-h2c",
            [("grpc-tls", "rest-json-tls-http11")] = "grpc",
        };

    /// <summary>
    /// The ratios of each (arm, baseline) pair in <paramref name="pairs"/>, per operation in the trials' order, then in
    /// the pairs' order.
    /// </summary>
    public static IReadOnlyList<HeadlineRatio> PairRatios(
        IReadOnlyList<Trial> trials,
        CpuPlacement placement,
        IReadOnlyList<(string Arm, string Baseline)> pairs,
        TrialPlanResult? plan = null
    ) =>
        [
            .. pairs
                .SelectMany(
                    (pair, index) =>
                        Headline(trials, placement, pair.Baseline, plan)
                            .Where(r => r.Arm == pair.Arm)
                            .Select(r => (Ratio: r, Index: index))
                )
                .OrderBy(p => IndexOf(OperationNames.Calls, p.Ratio.Operation))
                .ThenBy(p => p.Index)
                .Select(p => p.Ratio),
        ];

    /// <summary>
    /// One ratio per trial that measured both arms: baseline time ÷ arm time (latency), arm calls/s ÷ baseline calls/s
    /// (throughput).
    /// </summary>
    public static IReadOnlyList<double> PerTrial(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        string baseline,
        string quantity
    ) =>
        [
            .. Pairs(trials, operation, arm, baseline)
                .Where(p => p is { Arm: not null, Baseline: not null })
                .Select(p =>
                    quantity == HeadlineRatio.Latency
                        ? p.Baseline!.LatencyNanosecondsPerCall / p.Arm!.LatencyNanosecondsPerCall
                        : p.Arm!.CallsPerSecond / p.Baseline!.CallsPerSecond
                ),
        ];

    /// <summary>
    /// Per trial that kept rounds for both arms, the log of each round's paired ratio (as <see cref="PerTrial"/>'s, one
    /// round's slices of the two arms), rounds in the order measured.
    /// </summary>
    public static IReadOnlyList<IReadOnlyList<double>> PerRound(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        string baseline,
        string quantity
    ) =>
        [
            .. Pairs(trials, operation, arm, baseline)
                .Select(p =>
                    quantity == HeadlineRatio.Latency
                        ? (Own: p.Baseline?.LatencyRounds, Against: p.Arm?.LatencyRounds)
                        : (Own: p.Arm?.ThroughputRounds, Against: p.Baseline?.ThroughputRounds)
                )
                .Where(p => p is { Own: not null, Against: not null })
                .Select(p =>
                    (IReadOnlyList<double>)[.. p.Own!.Zip(p.Against!, (own, against) => Math.Log(own / against))]
                ),
        ];

    /// <summary>An arm's figure in every trial that measured it.</summary>
    public static IReadOnlyList<double> Values(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        Func<TrialSegment, double?> figure
    ) => [.. trials.Select(t => Segment(t, operation, arm)).OfType<TrialSegment>().Select(figure).OfType<double>()];

    /// <summary>
    /// The median over <paramref name="trials"/> of <paramref name="figure"/> in <paramref name="arm"/>'s segment of
    /// <paramref name="operation"/>, the trials that lack it left out.
    /// </summary>
    public static double MedianOf(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        Func<TrialSegment, double?> figure
    ) => MedianInterval.MedianOf(Values(trials, operation, arm, figure));

    /// <summary>The median and its 95 % interval; with too few values for one, the median three times.</summary>
    public static (double Median, double Low, double High) Interval(IReadOnlyList<double> values) =>
        MedianInterval.Of(values) is { } interval
            ? (interval.Median, interval.Lower, interval.Upper)
            : (MedianInterval.MedianOf(values), MedianInterval.MedianOf(values), MedianInterval.MedianOf(values));

    /// <summary>
    /// The (operation, arm) pairs the trials measured, in the catalogues' order (operations, then client arms).
    /// </summary>
    public static IEnumerable<(string Operation, string Arm)> Arms(IReadOnlyList<Trial> trials) =>
        InReadersOrder(
            trials.SelectMany(t => t.Segments).Select(s => (s.Operation, s.Arm)).Distinct(),
            a => a.Operation,
            a => a.Arm
        );

    /// <summary>
    /// <paramref name="items"/> by operation (the trials' order of operations), then arm (the client catalogue's
    /// order).
    /// </summary>
    public static IEnumerable<T> InReadersOrder<T>(
        IEnumerable<T> items,
        Func<T, string> operation,
        Func<T, string> arm
    ) =>
        items
            .OrderBy(item => IndexOf(OperationNames.Calls, operation(item)))
            .ThenBy(item => IndexOf(ArmCatalogue.Clients.Keys, arm(item)));

    private static int IndexOf(IEnumerable<string> order, string name) => order.TakeWhile(n => n != name).Count();

    /// <summary>
    /// Per trial, the arm's segment and the baseline's on the operation (null where it measured none).
    /// </summary>
    private static IEnumerable<(TrialSegment? Arm, TrialSegment? Baseline)> Pairs(
        IReadOnlyList<Trial> trials,
        string operation,
        string arm,
        string baseline
    ) => trials.Select(t => (Segment(t, operation, arm), Segment(t, operation, baseline)));

    private static TrialSegment? Segment(Trial trial, string operation, string arm) =>
        trial.Segments.FirstOrDefault(s => s.Operation == operation && s.Arm == arm);
}
