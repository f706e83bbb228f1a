using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>How the summary's sections write operations, ratios, sizes and chart values.</summary>
internal static class SummaryText
{
    public static readonly string[] OperationOrder = [.. OperationNames.Calls];

    /// <summary>
    /// The operations in the order a reader expects them: small GET, large GET, POST, then any other.
    /// </summary>
    public static IEnumerable<string> Ordered(IEnumerable<string> operations) =>
        operations
            .Distinct()
            .OrderBy(o => Array.IndexOf(OperationOrder, o) is var i and >= 0 ? i : int.MaxValue)
            .ThenBy(o => o, StringComparer.Ordinal);

    public static string Short(string operation) =>
        operation switch
        {
            OperationNames.Small => "small GET",
            OperationNames.Large => "large GET",
            OperationNames.Post => "POST",
            _ => operation,
        };

    public static string Bytes(double? bytes) => bytes is { } b ? Units.Bytes(b) : "";

    public static double Spread(IEnumerable<double> values)
    {
        var positive = values.Where(v => v > 0).ToList();
        return positive.Count == 0 ? 1 : positive.Max() / positive.Min();
    }

    /// <summary>A chart value in μs, written in the unit that suits it (three significant digits).</summary>
    public static string Microseconds(double microseconds) => Units.Time(microseconds * 1e3);

    /// <summary>
    /// "3.95× faster", "1.20× slower", or "≈ 1.02× faster" where the difference lies within the two results' errors.
    /// </summary>
    public static string Compared(BenchmarkResult baseline, BenchmarkResult other)
    {
        var ratio = baseline.NanosecondsPerCall / other.NanosecondsPerCall;
        var within = baseline.WithinErrorOf(other);
        var text = ratio >= 1 ? $"{Units.Ratio(ratio)} faster" : $"{Units.Ratio(1 / ratio)} slower";
        return within ? "≈ " + text : text;
    }

    /// <summary>"2.61× faster [2.55×, 2.68×]", with ≈ where the interval holds 1.</summary>
    public static string IntervalCompared(MedianInterval ratio)
    {
        var text =
            ratio.Median >= 1
                ? $"{Units.Ratio(ratio.Median)} faster [{Units.Ratio(ratio.Lower)}, {Units.Ratio(ratio.Upper)}]"
                : $"{Units.Ratio(1 / ratio.Median)} slower [{Units.Ratio(1 / ratio.Upper)}, "
                    + $"{Units.Ratio(1 / ratio.Lower)}]";
        return ratio.Contains(1) ? "≈ " + text : text;
    }

    /// <summary>"21,229 (64 in flight)": an arm's calls/s, median over the trials, and its level.</summary>
    public static string CallsPerSecond(TrialsRun trials, string operation, string arm)
    {
        var values = TrialStatistics.Values(trials.Trials, operation, arm, s => s.CallsPerSecond);
        var calls = MedianInterval.MedianOf(values);
        return $"{Units.Whole(calls)} ({trials.ConcurrencyOf(operation, arm)} in flight)";
    }
}

/// <summary>
/// A run's settings as a reader reads them: where its processes ran, how they were set up, and how its trials measured.
/// </summary>
public static class SettingsText
{
    /// <summary>
    /// "servers on CPUs 1; client, trials and BenchmarkDotNet's processes on CPUs 0", or that the OS placed them; "not
    /// recorded" for null.
    /// </summary>
    public static string Of(CpuPlacement? placement) =>
        placement switch
        {
            null => "not recorded",
            { Servers: null, Client: null } => "none: the OS placed every process",
            _ => $"servers on CPUs {placement.Servers ?? "any"}; client, "
                + $"trials and BenchmarkDotNet's processes on CPUs {placement.Client ?? "any"}",
        };

    /// <summary>
    /// The trials' plan in one sentence, every number of it; with <paramref name="curveTrials"/>, that only those first
    /// trials measured every level.
    /// </summary>
    public static string Of(TrialPlanResult plan, int? curveTrials = null)
    {
        var levels =
            curveTrials is { } curve && curve < plan.Trials
                ? $"for every arm in the first {curve} trials, in each later one at the arm's peak over the trials "
                    + "before it and the levels either side"
                : "for every arm";
        var servers = plan.ServersPerTrial == true ? ", each against a RestAPI and a GrpcAPI started for it" : "";
        var collects =
            plan.CollectsAfterSlices == true ? ", a full collection in the trial process after each slice" : "";
        return string.Create(
            CultureInfo.InvariantCulture,
            $"trials ({plan.Name}): {Count(plan)} fresh client processes{servers}, one client per arm in each, "
                + $"warmed {plan.WarmUpSeconds:0.###} s at its highest concurrency{Settled(plan.Settle)}; "
                + $"each arm measured for {plan.SegmentSeconds:0.###} s per quantity in {plan.Slices} slices of "
                + $"{plan.SliceSeconds:0.###} s, an operation's arms taking turns in an order drawn per round "
                + $"(latency: one call in flight; throughput: at "
                + $"{string.Join(", ", plan.InFlight.Select(o => $"{o.Operation} {string.Join("/", o.Calls)}"))} "
                + $"calls in flight {levels}, "
                + $"{plan.Slices} slices at each, counted after {plan.RampSeconds:0.###} "
                + $"s){collects} (seed {plan.Seed})"
        );
    }

    /// <summary>
    /// "9", or under a stopping rule "6 to 12 (stopping once 90 % of the ratios' intervals are within ±5 %, the small
    /// call's ±10 %, or after 240 s)".
    /// </summary>
    private static string Count(TrialPlanResult plan) =>
        plan.Stopping is not { } rule
            ? $"{plan.Trials}"
            : string.Create(
                CultureInfo.InvariantCulture,
                $"{rule.MinTrials} to {plan.Trials} (stopping once {rule.Share:0%} of the ratios' intervals lie "
                    + $"within ±{rule.Bound:0%} of their median, the small call's ±{rule.SmallBound:0%}, "
                    + $"or at a cap of {rule.CapSeconds:0} s of trials)"
            );

    private static string Settled(TrialsSettle? settle) =>
        settle is null
            ? ""
            : string.Create(
                CultureInfo.InvariantCulture,
                $", then settled: {settle.Calls} calls one at a time per arm, "
                    + $"pass after pass until the JIT compiled at most {settle.QuietCompilations} methods in one (at "
                    + $"most {settle.MaxPasses} passes)"
            );

    /// <summary>
    /// Where the measured calls ran: a process per benchmark, BenchmarkDotNet's in-process toolchain, or no
    /// BenchmarkDotNet.
    /// </summary>
    public static string Toolchain(ProcessSetup setup) =>
        setup.Measurer switch
        {
            ProcessSetup.BenchmarkProcesses => "a process per benchmark, built by BenchmarkDotNet with the SDK",
            ProcessSetup.BenchmarkInProcess =>
                "in-process (BenchmarkDotNet's in-process toolchain, in the bench's own process)",
            _ => "in-process (no BenchmarkDotNet)",
        };

    /// <summary>The processes' GC and JIT settings in one line, as the provenance table shows them.</summary>
    public static string Gc(ProcessSetup setup)
    {
        var datas = setup.Datas switch
        {
            null => "workstation GC, DATAS does not apply",
            false => "DATAS off",
            true => "DATAS on: set DOTNET_GCDynamicAdaptationMode=0 before starting the bench",
        };
        var where = setup.Measurer switch
        {
            ProcessSetup.BenchmarkProcesses => $"DOTNET_GCDynamicAdaptationMode=0 in the benchmark processes, "
                + $"paired rounds in the bench's process ({datas}), servers at the runtime's default",
            ProcessSetup.BenchmarkInProcess =>
                $"benchmarks in the bench's process ({datas}), servers at the runtime's default",
            ProcessSetup.Load => $"the load client and the servers at the runtime's default; this process: {datas}",
            _ => $"servers at the runtime's default GC; this process: {datas}",
        };
        var jit = setup.CallCountingDelayMs is { } delay
            ? $"JIT: DOTNET_TC_CallCountingDelayMs={delay} in every process the bench starts"
            : "JIT: the runtime's default tiering";
        return $"{(setup.ServerGc ? "server" : "workstation")} GC{(setup.ConcurrentGc ? ", concurrent" : "")}; "
            + $"{where}; {jit}";
    }
}

/// <summary>
/// What went wrong in a measurement, in words: a failed trial, an h2load run whose answers were not the validated ones.
/// </summary>
public static class FaultText
{
    /// <summary>
    /// Why a trial failed, in one sentence without its number: "process 9 exited with code 137 (nothing on standard
    /// error)".
    /// </summary>
    public static string Of(TrialFailure failure) =>
        failure.LinkFault is { } check
            ? $"the link did not hold ({RoundTripText.Broken(check)}); its figures are left out"
        : failure.StoppedAfterSeconds is { } limit
            ? string.Create(
                CultureInfo.InvariantCulture,
                $"process {failure.ProcessId} did not finish within {limit:0} s and was stopped"
            )
        : $"process {failure.ProcessId} exited with code {failure.ExitCode} "
            + $"({failure.LastErrorLine ?? "nothing on standard error"})";

    /// <summary>
    /// What went wrong in an h2load run: "no request finished", "3 of 900 requests failed", "237582 body bytes per
    /// request, 223359 expected".
    /// </summary>
    public static string Of(H2loadProblem problem) =>
        problem switch
        {
            { Done: 0 } => "no request finished",
            { Failed: > 0 } => $"{problem.Failed} of {problem.Done} requests failed",
            _ => string.Create(
                CultureInfo.InvariantCulture,
                $"{problem.BodyBytesPerRequest:0} body bytes per request, {problem.ExpectedBodyBytes} expected"
            ),
        };
}

/// <summary>A <c>--link</c> run's link as a reader reads it.</summary>
public static class LinkText
{
    /// <summary>
    /// "100 Mbit/s", "20 ms round trip", "100 Mbit/s, 20 ms round trip, 1 % loss", "veth, unshaped", "loopback".
    /// </summary>
    public static string Short(LinkResult link) =>
        link switch
        {
            { RateBitsPerSecond: null, RoundTripMilliseconds: null } => link.Name == "loopback"
                ? "loopback"
                : $"{link.Name}, unshaped",
            _ => string.Join(
                ", ",
                new[]
                {
                    link.RateBitsPerSecond is { } rate ? Rate(rate) : null,
                    link.RoundTripMilliseconds is { } rtt
                        ? string.Create(CultureInfo.InvariantCulture, $"{rtt:0.###} ms round trip")
                        : null,
                    link.Loss is { } loss ? $"{Units.Percent(loss)} loss" : null,
                }.OfType<string>()
            ),
        };

    /// <summary>
    /// The link in one sentence: what joins client and servers, and how it is shaped, with every parameter.
    /// </summary>
    public static string Of(LinkResult link)
    {
        if (link.Name == "loopback")
        {
            return "loopback: client and servers in the host's network namespace, as in every run without --link";
        }

        const string Path = "the client's network namespace and the servers' joined through a router namespace";
        var shaping = new[]
        {
            link.RoundTripMilliseconds is { } rtt
                ? string.Create(
                    CultureInfo.InvariantCulture,
                    $"its delay line holding each packet {rtt / 2:0.###} ms each way"
                )
                : null,
            link.Loss is { } loss ? $"dropping {Units.Percent(loss)} of packets each way (seed {link.LossSeed})" : null,
            link.RateBitsPerSecond is { } rate
                ? $"tbf on its two ends (rate {Rate(rate)}, bucket {Units.Bytes(link.BurstBytes ?? 0)}, "
                    + $"queue {Units.Bytes(link.LimitBytes ?? 0)})"
                : null,
        }
            .OfType<string>()
            .ToList();
        return shaping.Count == 0
            ? $"{link.Name}: {Path}, unshaped"
            : $"{Short(link)}: {Path}: {string.Join(", ", shaping.SkipLast(1))}"
                + $"{(shaping.Count > 1 ? " and " : "")}{shaping[^1]}";
    }

    private static string Rate(long bitsPerSecond) =>
        bitsPerSecond >= 1_000_000_000
            ? string.Create(CultureInfo.InvariantCulture, $"{bitsPerSecond / 1e9:0.###} Gbit/s")
            : string.Create(CultureInfo.InvariantCulture, $"{bitsPerSecond / 1e6:0.###} Mbit/s");
}
