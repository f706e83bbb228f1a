namespace RESTvsGRPC.Bench.Reports;

/// <summary>
/// How far this run's figures lie from the previous run of the same machine, job and data in the same results
/// folder: the spread a reader should allow before calling a difference real. Per-call times are compared case
/// by case, and so are the REST + JSON / gRPC ratios of the transport suite.
/// </summary>
public sealed record RunToRun(
    DateTimeOffset PreviousDate,
    string PreviousCommit,
    int Cases,
    double MedianTimeSpread,
    double MaxTimeSpread,
    string MaxTimeSpreadCase,
    double MaxRatioSpread,
    string MaxRatioSpreadCase)
{
    /// <summary>The spread between two runs, or null where they are not comparable (another machine, job or data) or share no case.</summary>
    public static RunToRun? Between(RunResults previous, RunResults current)
    {
        var (p, c) = (previous.Provenance, current.Provenance);
        if (p.Cpu != c.Cpu || p.LogicalCores != c.LogicalCores || p.Os != c.Os || p.Job != c.Job || p.DataSha256 != c.DataSha256)
        {
            return null;
        }

        var before = previous.Benchmarks.ToDictionary(b => b.Key);
        var times = current.Benchmarks
            .Where(b => before.ContainsKey(b.Key))
            .Select(b => (b.Key, Spread: Spread(before[b.Key].NanosecondsPerCall, b.NanosecondsPerCall)))
            .OrderBy(t => t.Spread)
            .ToList();
        if (times.Count == 0)
        {
            return null;
        }

        var ratios = Ratios(previous).Join(Ratios(current), r => r.Key, r => r.Key, (a, b) => (a.Key, Spread: Spread(a.Ratio, b.Ratio))).ToList();
        var worstRatio = ratios.Count > 0 ? ratios.MaxBy(r => r.Spread) : ("none", 0);
        return new RunToRun(p.Date, p.Commit, times.Count, times[times.Count / 2].Spread, times[^1].Spread, times[^1].Key, worstRatio.Spread, worstRatio.Key);
    }

    /// <summary>REST + JSON's time per call over each gRPC arm's, per operation and batch size, in the transport suite.</summary>
    private static IEnumerable<(string Key, double Ratio)> Ratios(RunResults run) =>
        from baseline in run.Benchmarks
        where baseline is { Class: "TransportBenchmarks", Baseline: true }
        from grpc in run.Benchmarks
        where grpc.Class == baseline.Class && grpc.Operation == baseline.Operation && grpc.Calls == baseline.Calls && Arms.IsGrpc(grpc.Method)
        select ($"{baseline.Method} / {grpc.Method} Calls={baseline.Calls}", baseline.NanosecondsPerCall / grpc.NanosecondsPerCall);

    /// <summary>|a − b| relative to their mean.</summary>
    private static double Spread(double a, double b) => Math.Abs(a - b) / ((a + b) / 2);
}
