using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The transport suite by BenchmarkDotNet: time per call (first, where no trials ran), each operation's table, bytes
/// and the servers' CPU beside the client's time.
/// </summary>
internal static class TransportSection
{
    public static void Add(SummaryContext summary)
    {
        var transport = summary.InSuite(Suites.Transport);
        if (transport.Count == 0)
        {
            return;
        }

        var calls = transport.Max(b => b.CallsPerBatch);
        var atCalls = transport.Where(b => b.CallsPerBatch == calls).ToList();
        if (summary.Run.Trials is null)
        {
            summary
                .Document.AddHeading(2, $"Time per call (batches of {calls} calls)")
                .AddBullets(Headlines(summary, atCalls))
                .AddParagraph(
                    "Ratios are per-call times divided, REST + JSON over HTTP/1.1 against each other arm; "
                        + "≈ marks a difference within the two results' own error (99.9 % confidence intervals)."
                );
        }

        summary.Charts.Add(
            (
                "operations.svg",
                SvgChart.GroupedBars(
                    $"Time per call, batches of {calls} calls",
                    "time per call",
                    [.. summary.TimePerCallGroups(atCalls)],
                    logScale: SummaryText.Spread(atCalls.Select(b => b.NanosecondsPerCall)) > 20,
                    SummaryText.Microseconds
                )
            )
        );
        summary.Document.AddImage("operations.svg", "Time per call by operation and arm");

        summary.Document.AddHeading(2, "Per operation");
        foreach (var operation in SummaryText.Ordered(transport.Select(b => b.Operation)))
        {
            summary.Document.AddHeading(3, SummaryText.Short(operation));
            var rows = transport.Where(b => b.Operation == operation).OrderBy(b => b.CallsPerBatch).ToList();
            summary.AddCallTable(rows, "vs REST + JSON");
            summary.BelowFloor.AddRange(summary.CallsBelowFloor(rows));
            summary.BatchSpreads.AddRange(summary.BatchDisagreementsIn(rows));
        }

        AddCharts(summary, atCalls);
    }

    private static void AddCharts(SummaryContext summary, IReadOnlyList<BenchmarkResult> atCalls)
    {
        double OnTheWire(BenchmarkResult b) =>
            summary.Wire[b.Method].SentPerCall + summary.Wire[b.Method].ReceivedPerCall;
        var withBytes = atCalls.Where(b => summary.Wire.ContainsKey(b.Method)).ToList();
        if (withBytes.Count > 0)
        {
            summary.Charts.Add(
                (
                    "bytes.svg",
                    SvgChart.GroupedBars(
                        "Bytes on the wire per call (sent + received, on the client's sockets)",
                        "bytes per call",
                        [.. summary.OperationGroups(withBytes, OnTheWire, _ => null)],
                        logScale: SummaryText.Spread(withBytes.Select(OnTheWire)) > 20,
                        v => Units.Bytes(v)
                    )
                )
            );
            summary.Document.AddImage("bytes.svg", "Bytes on the wire per call");
        }

        var withServer = atCalls
            .Where(b => b.ServerCpuNanosecondsPerCall is not null)
            .OrderBy(b => Array.IndexOf(SummaryText.OperationOrder, b.Operation))
            .ToList();
        if (withServer.Count > 0)
        {
            summary.Charts.Add(
                (
                    "client-server.svg",
                    SvgChart.GroupedBars(
                        "Client time per call beside the servers' CPU time per call",
                        "time per call",
                        [
                            .. withServer.Select(b => new SvgChart.Group(
                                $"{SummaryText.Short(b.Operation)}: {summary.NameOf(b)}",
                                [
                                    new(
                                        "client: time per call",
                                        b.NanosecondsPerCall / 1e3,
                                        b.ErrorNanosecondsPerCall / 1e3
                                    ),
                                    new("servers: CPU per call", b.ServerCpuNanosecondsPerCall!.Value / 1e3),
                                ]
                            )),
                        ],
                        logScale: true,
                        SummaryText.Microseconds
                    )
                )
            );
            summary.Document.AddImage(
                "client-server.svg",
                "What a call costs the client (elapsed) and the server (CPU)"
            );
        }
    }

    private static IEnumerable<string> Headlines(SummaryContext summary, IReadOnlyList<BenchmarkResult> rows)
    {
        foreach (var operation in SummaryText.Ordered(rows.Select(b => b.Operation)))
        {
            var inOperation = rows.Where(b => b.Operation == operation).ToList();
            if (inOperation.FirstOrDefault(b => b.Baseline) is not { } baseline)
            {
                continue;
            }

            var others = inOperation.Where(b => !b.Baseline).ToList();
            var comparisons = others.Select(b => $"{summary.NameOf(b)} {SummaryText.Compared(baseline, b)}");
            if (others.Count > 0 && others.All(baseline.WithinErrorOf))
            {
                yield return $"**{SummaryText.Short(operation)}**: no difference beyond this run's error; "
                    + $"nothing here tells the arms apart (REST + JSON {Units.Time(baseline.NanosecondsPerCall)} per "
                    + $"call; {string.Join("; ", comparisons)}).";
                continue;
            }

            yield return $"**{SummaryText.Short(operation)}**: against REST + JSON "
                + $"({Units.Time(baseline.NanosecondsPerCall)} per call), {string.Join("; ", comparisons)}.";
        }
    }
}
