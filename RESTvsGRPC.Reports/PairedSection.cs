using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The paired rounds, a diagnostic: each ratio with its interval and thirds, the transport floor, where a small call's time goes, and the previous run's ratios.</summary>
internal static class PairedSection
{
    public static void Add(SummaryContext summary)
    {
        if (summary.Run.Paired is { Count: > 0 } paired)
        {
            summary.Document.AddHeading(2, $"Paired rounds, a diagnostic ({paired[0].CallsPerBatch} calls per arm per round)")
                .AddBullets(paired.Select(operation => PairedHeadline(summary, operation)))
                .AddParagraph("Each ratio is REST + JSON's time per call over the arm's, the median over rounds in which the arms took turns call by call "
                    + "in a shuffled order, with its 95 % confidence interval in brackets; ≈ marks an interval that holds 1. Not the headline: taking turns call by call "
                    + "changes what a call costs (each call meets another arm's connection and server state), and the intervals hold one process's noise, not the spread between processes (docs/benchmark.md).");
            AddRatios(summary, paired);
        }
    }

    private static string PairedHeadline(SummaryContext summary, PairedOperation operation)
    {
        var ratios = operation.Compared.Select(arm => (Arm: arm, Ratio: operation.RatioOf(arm))).Where(r => r.Ratio is not null).ToList();
        var comparisons = ratios.Select(r => $"{summary.Run.NameOfArm(r.Arm.Arm)} {SummaryText.PairedCompared(r.Ratio!)}");
        var verdict = ratios.All(r => r.Ratio!.Contains(1)) ? " No arm differs from REST + JSON beyond its interval." : "";
        return $"**{SummaryText.Short(operation.Operation)}**: against REST + JSON ({Units.Time(operation.Baseline.MedianNanosecondsPerCall)} per call in these rounds), "
            + $"{string.Join("; ", comparisons)} ({operation.Rounds} rounds).{verdict}";
    }

    /// <summary>The paired rounds in full: every ratio with its interval, why each operation stopped, the transport floor, and the previous run's ratios.</summary>
    private static void AddRatios(SummaryContext summary, IReadOnlyList<PairedOperation> paired)
    {
        var document = summary.Document;
        document.AddHeading(3, "Every paired ratio")
            .AddParagraph("By thirds: the median ratio in the first, second and last third of the rounds, in the order they ran; "
                + "a ratio that drifts within the run shows there.")
            .AddTable(["operation", "arm", "per call (median)", "REST + JSON's time / arm's", "95 % interval", "by thirds", "rounds", "stopped by"],
                paired.SelectMany(o => o.Arms.Where(a => a.Role != PairedRole.Floor).Select(a => (IReadOnlyList<string>)
                [
                    o.Operation, summary.Run.NameOfArm(a.Arm), Units.Time(a.MedianNanosecondsPerCall),
                    a.Role == PairedRole.Baseline ? "baseline" : o.RatioOf(a) is { } r ? Units.Ratio(r.Median) : "",
                    a.Role == PairedRole.Baseline ? "" : o.RatioOf(a) is { } i ? $"{Units.Ratio(i.Lower)} – {Units.Ratio(i.Upper)}" : "",
                    a.Role == PairedRole.Baseline ? "" : string.Join(" / ", o.RatioByThirds(a).Select(Units.Ratio)),
                    o.Rounds.ToString(CultureInfo.InvariantCulture), $"{PairedStopText.Of(o.StoppedBy)} after {o.Seconds.ToString("0.0", CultureInfo.InvariantCulture)} s",
                ])),
                2, 3, 4, 5, 6);
        AddTransportFloor(summary, paired);
        AddBackToBack(summary, paired);
        AddChanges(summary);
    }

    private static void AddTransportFloor(SummaryContext summary, IReadOnlyList<PairedOperation> paired)
    {
        var document = summary.Document;
        var floors = paired.SelectMany(o => o.Floors.Select(f => (Operation: o, Floor: f, Call: o.Arms.First(a => a.Method == f.Method && a.Role != PairedRole.Floor)))).ToList();
        if (floors.Count > 0)
        {
            document.AddHeading(3, "Transport floor")
                .AddParagraph("The same byte counts as each call, both ways, exchanged over loopback TCP between this process and a bare echo process "
                    + "(Nagle off at both ends, no HTTP, no framework), timed in the same rounds. Its share is the per-round floor time over the call's, median and 95 % interval: "
                    + "what of a call the operating system and the two processes' wake-ups cost, whatever the protocol.")
                .AddTable(["call", "bytes sent / received", "per call", "floor per exchange", "floor share", "95 % interval"],
                    floors.Select(f =>
                    {
                        var share = PairedOperation.Quotients(f.Floor, f.Call);
                        return (IReadOnlyList<string>)
                        [
                            $"{SummaryText.Short(f.Operation.Operation)}: {summary.Run.NameOfArm(f.Call.Arm)}",
                            $"{Units.Bytes(f.Floor.RequestBytes ?? 0)} / {Units.Bytes(f.Floor.ResponseBytes ?? 0)}",
                            Units.Time(f.Call.MedianNanosecondsPerCall), Units.Time(f.Floor.MedianNanosecondsPerCall),
                            share is null ? "" : Units.Percent(share.Median), share is null ? "" : $"{Units.Percent(share.Lower)} – {Units.Percent(share.Upper)}",
                        ];
                    }),
                    2, 3, 4, 5);
        }
    }

    private static void AddBackToBack(SummaryContext summary, IReadOnlyList<PairedOperation> paired)
    {
        var document = summary.Document;
        var costs = paired.SelectMany(o => o.Arms.Where(a => a.BackToBack is not null).Select(a => (Operation: o, Arm: a))).ToList();
        if (costs.Count > 0)
        {
            document.AddHeading(3, "Where a small call's time goes")
                .AddParagraph($"After the rounds, each arm made {costs[0].Operation.BackToBackCalls} calls back to back while the OS counted the CPU time (user and kernel, "
                    + "all threads) of the client process and of the arm's server (for a floor, the echo process). "
                    + "Waiting is what is left: time in which neither side ran, one waiting for the other to be woken and scheduled. "
                    + "CPU time includes .NET's thread pool spinning for the next work item before it sleeps: where client and server CPU add up to the "
                    + "time per call, both sides spun through the other's turn rather than sleep, and the CPU columns bound the work from above.")
                .AddTable(["arm", "per call", "client CPU", "server CPU", "waiting"],
                    costs.Select(c => (IReadOnlyList<string>)
                    [
                        c.Arm.Role == PairedRole.Floor ? $"transport floor, {summary.Run.NameOfArm(c.Arm.Arm)}'s bytes" : $"{SummaryText.Short(c.Operation.Operation)}: {summary.Run.NameOfArm(c.Arm.Arm)}",
                        Units.Time(c.Arm.BackToBack!.NanosecondsPerCall), Units.Time(c.Arm.BackToBack.ClientCpuNanosecondsPerCall),
                        Units.Time(c.Arm.BackToBack.ServerCpuNanosecondsPerCall), Units.Time(c.Arm.BackToBack.WaitingNanosecondsPerCall),
                    ]),
                    1, 2, 3, 4);
        }
    }

    private static void AddChanges(SummaryContext summary)
    {
        if (summary.Previous?.Paired is { Count: > 0 } changes)
        {
            summary.Document.AddHeading(3, "Against the previous run")
                .AddParagraph($"The same ratios in the previous run in this folder; a ratio holds when the two medians differ by at most {PairedChange.Tolerance:0%} and each lies inside the other run's interval.")
                .AddTable(["operation", "arm", "previous run", "this run", "difference", "holds"],
                    changes.Select(c => (IReadOnlyList<string>)
                    [
                        c.Operation, summary.Run.NameOfArm(c.Arm),
                        $"{Units.Ratio(c.Previous.Median)} [{Units.Ratio(c.Previous.Lower)}, {Units.Ratio(c.Previous.Upper)}]",
                        $"{Units.Ratio(c.Current.Median)} [{Units.Ratio(c.Current.Lower)}, {Units.Ratio(c.Current.Upper)}]",
                        Units.Percent(c.Spread), c.Holds ? "yes" : "no",
                    ]),
                    4);
        }
    }
}
