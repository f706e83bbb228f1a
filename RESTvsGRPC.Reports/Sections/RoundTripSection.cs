using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// What a round-trip link adds to its table and below it: each arm's round trips per call beside its floor and a new
/// connection's, the link's check trial by trial (round trip, floor, loss, the delay line), and the settings in effect.
/// </summary>
internal static class RoundTripSection
{
    /// <summary>The columns a round-trip link adds to its table.</summary>
    public static IReadOnlyList<string> Columns { get; } = ["round trips per call (floor)", "new connection"];

    /// <summary>The arm's cells for <see cref="Columns"/>; blanks where the run has no round trips.</summary>
    public static IReadOnlyList<string> Cells(TrialsRun run, string operation, string arm)
    {
        if (run.RoundTrips?.FirstOrDefault(r => r.Operation == operation && r.Arm == arm) is not { } trips)
        {
            return ["", ""];
        }

        var rtt = run.Link!.RoundTripMilliseconds!.Value;
        return
        [
            string.Create(CultureInfo.InvariantCulture, $"{trips.PerCall:0.00} ({trips.Floor:0.##})"),
            trips.NewConnection is { } fresh
                ? string.Create(
                    CultureInfo.InvariantCulture,
                    $"{Units.Time(fresh * rtt * 1e6)} ({fresh:0.00} round trips)"
                )
                : "",
        ];
    }

    /// <summary>The link's check and settings, below its table; trials that broke it are among its failures.</summary>
    public static void Add(ReportDocument document, TrialsRun run)
    {
        var checks = RoundTripCheck.Of(run);
        if (checks.Count == 0)
        {
            return;
        }

        var link = run.Link!;
        var rtt = link.RoundTripMilliseconds!.Value;
        var held = checks.Where(c => !c.Fault).ToList();
        document.AddParagraph(
            string.Create(
                CultureInfo.InvariantCulture,
                $"**Round-trip check**: held in {held.Count} of {checks.Count} trials. Over them: "
                    + $"the client's connections' minimum round trips from {Lowest(held):0.###} "
                    + $"(allowed {rtt:0.###} ± {RoundTripCheck.ToleranceMilliseconds(rtt):0.###} ms) "
                    + $"to {Highest(held):0.###} ms over "
                    + $"{held.Sum(c => c.Connections)} connections (the higher ones may include a queue at a rate); "
                    + $"the fastest call "
                    + $"{(held.Count > 0 ? held.Min(c => c.FastestCallMilliseconds) : 0):0.00} ms (at least one round "
                    + $"trip); {LossText(held, link)}; TCP retransmitted {held.Sum(c => c.Retransmitted):#,0} segments."
            )
        );
        document.AddParagraph(DelayLineText(run, rtt));
        if (run.LinkSettings is { } settings)
        {
            document.AddParagraph(SettingsText(settings));
        }
    }

    /// <summary>
    /// Every round-trip link of every run side by side (<c>compare</c>): each arm's round trips per call and a new
    /// connection's, then each link's check, delay line and settings.
    /// </summary>
    public static void AddComparison(ReportDocument document, IReadOnlyList<(string Label, RunResults Run)> runs)
    {
        var columns = runs.SelectMany(r =>
                r.Run.EveryLink.Where(t => t.RoundTrips is not null)
                    .Select(t => (Header: $"{r.Label}, {LinkText.Short(t.Link!)}", Trials: t))
            )
            .ToList();
        if (columns.Count == 0)
        {
            return;
        }

        var arms = columns.SelectMany(c => c.Trials.RoundTrips!).DistinctBy(r => (r.Operation, r.Arm)).ToList();
        IReadOnlyList<string> Row(string label, string arm, Func<TrialsRun, string> cell) =>
            [label, arm, .. columns.Select(c => cell(c.Trials))];
        document
            .AddHeading(2, "Round trips side by side")
            .AddParagraph(
                "Each round-trip link's time per call one at a time over its round trip (the floor its bytes need in "
                    + "brackets), and a new connection's first answer in round trips; below, each link's check, its "
                    + "delay line and the settings in effect."
            )
            .AddTable(
                ["operation", "arm", .. columns.Select(c => c.Header)],
                [
                    .. arms.Select(trips =>
                        Row(trips.Operation, columns[0].Trials.NameOf(trips.Arm), run =>
                            ArmCell(run, trips.Operation, trips.Arm)
                        )
                    ),
                    Row("check", "", CheckCell),
                    Row("delay line", "", LatenessCell),
                    Row("settings", "", run => run.LinkSettings is { } settings ? ShortSettings(settings) : ""),
                ],
                [.. Enumerable.Range(2, columns.Count)]
            );
    }

    private static string ArmCell(TrialsRun run, string operation, string arm) =>
        Cells(run, operation, arm) switch
        {
            ["", _] => "not run",
            [var perCall, ""] => perCall,
            [var perCall, var fresh] => $"{perCall}; new connection {fresh}",
            _ => "",
        };

    private static string CheckCell(TrialsRun run)
    {
        var checks = RoundTripCheck.Of(run);
        return $"held in {checks.Count(c => !c.Fault)} of {checks.Count} trials";
    }

    private static string LatenessCell(TrialsRun run) =>
        run.Trials.Select(t => t.LinkReading?.DelayLine).OfType<DelayLineReading>().ToList() is { Count: > 0 } lines
            ? $"{lines.Max(l => l.Late99Microseconds)} μs late at p99, {lines.Max(l => l.LateMaxMicroseconds)} μs "
                + $"at most; {lines.Sum(l => l.Overflowed)} overflowed"
            : "no reading";

    private static string ShortSettings(LinkSettings settings) =>
        $"client stream window {Units.Bytes(settings.ClientStreamWindowBytes)}; "
        + string.Join(
            "; ",
            settings.Servers.Select(pair =>
                $"{pair.Key} {Units.Bytes(pair.Value.StreamWindowBytes)}/"
                + $"{Units.Bytes(pair.Value.ConnectionWindowBytes)}"
                + $", {pair.Value.MaxStreams} streams"
            )
        )
        + $"; slow start after idle {settings.ServerTcp.GetValueOrDefault("tcp_slow_start_after_idle", "?")}";

    private static string DelayLineText(TrialsRun run, double rtt)
    {
        var lines = run.Trials.Select(t => t.LinkReading?.DelayLine).OfType<DelayLineReading>().ToList();
        var calls = run.Trials.Sum(t => t.Segments.Sum(s => s.LatencyCalls + s.ThroughputCalls));
        if (lines.Count == 0)
        {
            return "**Delay line**: no reading.";
        }

        var cpu = lines.Sum(l => l.CpuSeconds);
        var text = string.Create(
            CultureInfo.InvariantCulture,
            $"**Delay line**: {lines.Sum(l => l.Packets):#,0} packets over {lines.Count} trials, late by "
                + $"{lines.Average(l => l.LateMeanMicroseconds):0} μs on average, at most "
                + $"{lines.Max(l => l.Late99Microseconds)} μs at a trial's 99th percentile (allowed "
                + $"{RoundTripCheck.ToleranceMilliseconds(rtt) * 500:0} μs) and "
                + $"{lines.Max(l => l.LateMaxMicroseconds)} μs at the most; {lines.Sum(l => l.Overflowed)} lost to a "
                + $"full queue; its CPU "
                + $"{Units.Time(cpu * 1e9 / Math.Max(1, calls))} per call counted "
                + $"({Units.Percent(cpu / lines.Sum(l => l.Seconds))} of a CPU)"
        );
        var broken = run.Failures.Count(f => f.LinkFault is not null);
        return text
            + (run.LinkSettings?.DelayLineCpus is { } cpus ? $", on CPU {cpus} at real-time priority." : ".")
            + (broken > 0 ? " The trials that broke the check are failures above, their figures left out." : "");
    }

    private static string LossText(IReadOnlyList<RoundTripCheck> held, LinkResult link)
    {
        var (dropped, packets) = (held.Sum(c => c.Dropped), held.Sum(c => c.Packets));
        return link.Loss is { } loss
            ? string.Create(
                CultureInfo.InvariantCulture,
                $"the delay line dropped {dropped:#,0} of {packets:#,0} packets ("
                    + $"{Units.Percent(packets == 0 ? 0 : (double)dropped / packets)}, set {Units.Percent(loss)})"
            )
            : string.Create(CultureInfo.InvariantCulture, $"no packet dropped of {packets:#,0}");
    }

    /// <summary>The settings in effect: HTTP/2 windows and streams each side, TCP's settings each side.</summary>
    private static string SettingsText(LinkSettings settings)
    {
        var servers = settings.Servers.Select(pair =>
            $"{pair.Key} {Units.Bytes(pair.Value.StreamWindowBytes)} per stream, "
            + $"{Units.Bytes(pair.Value.ConnectionWindowBytes)} per connection, {pair.Value.MaxStreams} streams"
        );
        string Tcp(IReadOnlyDictionary<string, string> tcp) =>
            string.Join(", ", tcp.Select(pair => $"{pair.Key} {pair.Value}"));
        return $"**Settings in effect**: HTTP/2 windows: the client's stream window "
            + $"{Units.Bytes(settings.ClientStreamWindowBytes)}; {string.Join("; ", servers)}. "
            + $"TCP, client: {Tcp(settings.ClientTcp)}; servers: {Tcp(settings.ServerTcp)}.";
    }

    private static double Lowest(IReadOnlyList<RoundTripCheck> checks) =>
        checks.Select(c => c.LowestMinRoundTripMilliseconds).OfType<double>().DefaultIfEmpty(double.NaN).Min();

    private static double Highest(IReadOnlyList<RoundTripCheck> checks) =>
        checks.Select(c => c.HighestMinRoundTripMilliseconds).OfType<double>().DefaultIfEmpty(double.NaN).Max();
}

/// <summary>How a round-trip link's check broke, for a failed trial's line.</summary>
public static class RoundTripText
{
    /// <summary>"the connections' lowest minimum round trip 23.1 ms, outside 20 ± 2 ms; …".</summary>
    public static string Broken(RoundTripCheck check)
    {
        var rtt = check.RoundTripMilliseconds;
        var parts = new List<string>();
        if (!check.RoundTripHeld)
        {
            parts.Add(
                check.Connections == 0
                    ? "no connection's round trip was read"
                    : string.Create(
                        CultureInfo.InvariantCulture,
                        $"the connections' lowest minimum round trip {check.LowestMinRoundTripMilliseconds:0.###} ms, "
                            + $"outside {rtt:0.###} ± {RoundTripCheck.ToleranceMilliseconds(rtt):0.###} ms"
                    )
            );
        }

        if (!check.FloorHeld)
        {
            parts.Add(
                string.Create(
                    CultureInfo.InvariantCulture,
                    $"{check.FastestCell}'s fastest call {check.FastestCallMilliseconds:0.###} ms, under one round trip"
                )
            );
        }

        if (!check.LossHeld)
        {
            parts.Add(
                string.Create(
                    CultureInfo.InvariantCulture,
                    $"{check.Dropped:#,0} of {check.Packets:#,0} packets dropped, not {Units.Percent(check.Loss)}"
                )
            );
        }

        if (!check.LineHeld)
        {
            parts.Add(
                $"the delay line {check.Late99Microseconds} μs late at the 99th percentile, "
                    + $"{check.Overflowed} packets lost to a full queue"
            );
        }

        return string.Join("; ", parts);
    }
}
