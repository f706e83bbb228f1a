using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// A <c>--suite aot</c> run: each server build's cold start (a table and a chart per build), its memory, and the
/// REST/gRPC ratios under JIT and under Native AOT side by side.
/// </summary>
internal static class StartupSection
{
    /// <summary>Adds the section where <paramref name="summary"/>'s run measured the builds.</summary>
    public static void Add(SummaryContext summary)
    {
        if (summary.Run.Startup is not { } startup)
        {
            return;
        }

        var document = summary.Document;
        document
            .AddHeading(
                2,
                $"Server builds: JIT and Native AOT from their first instant ({startup.Starts} fresh processes per "
                    + $"cell)"
            )
            .AddParagraph(Introduction(startup))
            .AddParagraph(
                $"**Placement**: {SettingsText.Of(startup.Placement)}; "
                    + $"the servers started on their CPUs from their first instruction (taskset). **Link**: loopback. "
                    + $"**Build**: the AOT servers published in "
                    + $"{startup.PublishSeconds.ToString("0.0", CultureInfo.InvariantCulture)} s (an incremental "
                    + $"build: seconds when nothing changed)."
            );
        foreach (var build in StartupRun.Builds)
        {
            AddBuild(summary, startup, build);
        }

        AddMemoryAndRatios(summary, startup);
    }

    /// <summary>The arms both builds serve, and what cold start, listening and memory measure.</summary>
    private static string Introduction(StartupRun startup) =>
        "The arms both builds serve: REST + JSON on the minimal APIs (the AOT build has no controllers) "
        + "and gRPC unary over h2c. "
        + "**Cold start**: milliseconds from starting a fresh server process to the first validated "
        + "answer of the operation, that process's first call, "
        + "with the runtime's own JIT tiering as a deployed server starts; each start is a new process, "
        + "the builds taking turns at going first. "
        + "**Listening**: until the same processes printed that they listen. **Memory**: "
        + "resident set (RSS) after 200 checked calls of each operation, "
        + $"and the most seen while each operation in turn was called at its largest in-flight count for "
        + $"{(startup.SaturationSeconds ?? 2).ToString("0.##", CultureInfo.InvariantCulture)} s. "
        + "Medians with their exact 95 % interval (none with fewer than 6 starts).";

    /// <summary>Each build's memory per arm, then REST/gRPC under each build and each server's AOT/JIT.</summary>
    private static void AddMemoryAndRatios(SummaryContext summary, StartupRun startup)
    {
        var document = summary.Document;
        document
            .AddHeading(3, "Memory")
            .AddTable(
                ["build", "arm", "RSS after warm-up", "RSS at saturation"],
                startup.Memory.Select(m =>
                    (IReadOnlyList<string>)
                        [
                            m.Build,
                            summary.Run.NameOfArm(m.Arm),
                            Mebibytes(m.WarmMebibytes),
                            Mebibytes(m.SaturatedMebibytes),
                        ]
                ),
                2,
                3
            );
        document
            .AddHeading(3, "REST/gRPC under JIT and under Native AOT")
            .AddParagraph(
                "REST + JSON's figure over gRPC's, build by build (above 1 gRPC starts faster or holds less), "
                    + "and each server's AOT figure over its JIT figure; ratios of medians."
            )
            .AddTable(
                ["quantity", "REST / gRPC, JIT", "REST / gRPC, AOT", "AOT / JIT, REST", "AOT / JIT, gRPC"],
                Ratios(startup, ArmOf(summary.Run, Arm.Rest), ArmOf(summary.Run, Arm.Grpc)),
                1,
                2,
                3,
                4
            );
    }

    private static void AddBuild(SummaryContext summary, StartupRun startup, string build)
    {
        var starts = startup.ColdStarts.Where(c => c.Build == build).ToList();
        var chart = $"startup-{build.ToLowerInvariant()}.svg";
        summary
            .Document.AddHeading(3, $"Cold start, {build}")
            .AddTable(
                ["arm", "operation", "listening", "first answer", "95 % interval"],
                starts.Select(c =>
                    (IReadOnlyList<string>)
                        [
                            summary.Run.NameOfArm(c.Arm),
                            SummaryText.Short(c.Operation),
                            Milliseconds(MedianInterval.MedianOf(c.ListeningMilliseconds)),
                            Milliseconds(c.Interval.Median),
                            Interval(c),
                        ]
                ),
                2,
                3,
                4
            )
            .AddImage(chart, $"Cold start to the first answer, {build}, each operation and arm");
        var groups = starts
            .GroupBy(c => c.Operation)
            .Select(g => new SvgChart.Group(
                SummaryText.Short(g.Key),
                [
                    .. g.Select(c => new SvgChart.Bar(
                        summary.Run.NameOfArm(c.Arm),
                        c.Interval.Median,
                        (c.Interval.High - c.Interval.Low) / 2
                    )),
                ]
            ))
            .ToList();
        summary.Charts.Add(
            (
                chart,
                SvgChart.GroupedBars(
                    $"Cold start to the first answer, {build} (median, 95 % interval)",
                    "ms",
                    groups,
                    logScale: false,
                    Milliseconds
                )
            )
        );
    }

    /// <summary>The arm of the startup run whose protocol is <paramref name="protocol"/>.</summary>
    private static string ArmOf(RunResults run, string protocol) =>
        run.Startup!.ColdStarts.Select(c => c.Arm).First(arm => run.ArmOfId(arm)?.Protocol == protocol);

    private static IEnumerable<IReadOnlyList<string>> Ratios(StartupRun startup, string rest, string grpc)
    {
        foreach (var operation in startup.ColdStarts.Select(c => c.Operation).Distinct())
        {
            double Median(string build, string arm) =>
                startup
                    .ColdStarts.Single(c => c.Build == build && c.Arm == arm && c.Operation == operation)
                    .Interval.Median;
            yield return Row($"cold start, {SummaryText.Short(operation)}", Median, rest, grpc);
        }

        double Resident(Func<ServerMemory, double> figure, string build, string arm) =>
            figure(startup.Memory.Single(m => m.Build == build && m.Arm == arm));
        yield return Row("RSS after warm-up", (build, arm) => Resident(m => m.WarmMebibytes, build, arm), rest, grpc);
        yield return Row(
            "RSS at saturation",
            (build, arm) => Resident(m => m.SaturatedMebibytes, build, arm),
            rest,
            grpc
        );
    }

    private static IReadOnlyList<string> Row(
        string quantity,
        Func<string, string, double> figure,
        string rest,
        string grpc
    )
    {
        return
        [
            quantity,
            Units.Ratio(figure(StartupRun.Jit, rest) / figure(StartupRun.Jit, grpc)),
            Units.Ratio(figure(StartupRun.Aot, rest) / figure(StartupRun.Aot, grpc)),
            Units.Ratio(figure(StartupRun.Aot, rest) / figure(StartupRun.Jit, rest)),
            Units.Ratio(figure(StartupRun.Aot, grpc) / figure(StartupRun.Jit, grpc)),
        ];
    }

    private static string Interval(ColdStart start) =>
        MedianInterval.Of(start.Milliseconds) is { } interval
            ? $"[{Milliseconds(interval.Lower)}, {Milliseconds(interval.Upper)}]"
            : $"none: {start.Milliseconds.Count} starts";

    private static string Milliseconds(double value) =>
        value.ToString(value < 100 ? "0.0" : "0", CultureInfo.InvariantCulture) + " ms";

    private static string Mebibytes(double value) => value.ToString("0.0", CultureInfo.InvariantCulture) + " MiB";
}
