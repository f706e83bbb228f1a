using System.Globalization;
using System.Text;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The soak's verdict on one target's server: errors over the whole run (must be 0), and the
/// <see cref="ResourceTrend"/> of its resident memory, thread count and handle count over the measured span (each must
/// hold).
/// </summary>
public sealed record SoakVerdict(string Target, long Errors, IReadOnlyList<ResourceTrend> Resources)
{
    /// <summary>The fewest measured seconds a verdict is given on.</summary>
    public const int MinMeasuredSeconds = 2 * ResourceTrend.Batches;

    public bool Passed => Errors == 0 && Resources.All(resource => resource.Held);

    /// <summary>
    /// The verdict on <paramref name="result"/>; null where the server's resources were not read (a server given by
    /// URL) or the run was too short.
    /// </summary>
    public static SoakVerdict? Of(TargetResult result, LoadTiming timing)
    {
        var warmupFrom = (int)Math.Ceiling(timing.MeasuredFromSeconds - timing.WarmupSeconds);
        var from = (int)Math.Ceiling(timing.MeasuredFromSeconds);
        var read = result.Series.Where(s => s.ServerResidentBytes is not null).ToList();
        var warmup = read.Where(s => s.Second >= warmupFrom && s.Second < from).ToList();
        var measured = read.Where(s => s.Second >= from).ToList();
        if (measured.Count < MinMeasuredSeconds || warmup.Count == 0)
        {
            return null;
        }

        ResourceTrend Trend(string name, Func<SecondSample, double> value) =>
            ResourceTrend.Of(name, [.. warmup.Select(value)], [.. measured.Select(value)]);

        return new SoakVerdict(
            result.Name,
            result.Totals.Errors.Total,
            [
                Trend("resident memory", s => s.ServerResidentBytes!.Value),
                Trend("threads", s => s.ServerThreads ?? 0),
                Trend("handles", s => s.ServerHandles ?? 0),
            ]
        );
    }

    /// <summary>The file the soak writes its verdict to, beside the load summary.</summary>
    public const string FileName = "soak-verdict.md";

    /// <summary>
    /// The verdict on every target of <paramref name="results"/> whose server was read long enough (none: empty).
    /// </summary>
    public static IReadOnlyList<SoakVerdict> Of(LoadResults results) =>
        [.. results.Targets.Select(target => Of(target, results.Timing)).OfType<SoakVerdict>()];

    /// <summary>
    /// The verdicts as a Markdown section: a table per target and one line saying whether the soak passed.
    /// </summary>
    public static string ToMarkdown(IReadOnlyList<SoakVerdict> verdicts, TimeSpan duration)
    {
        var text = new StringBuilder();
        text.Append("# Soak verdict\n\n");
        text.Append(
            CultureInfo.InvariantCulture,
            $"Measured span: {duration.TotalMinutes:0.#} min per target, all targets at once, one sample per second. "
        );
        text.Append(
            CultureInfo.InvariantCulture,
            $"A server passes with 0 errors and every resource holding on both counts. **Trend**: "
                + $"a least-squares line through the means of {ResourceTrend.Batches} equal batches of the measured "
                + $"span (samples a second apart remember each other), with its slope's 95 % interval, "
                + $"the wider of two readings: the batches as independent, "
                + $"or as the steps of a random walk (a thread pool wanders over minutes); "
                + $"it holds when the interval includes 0 or when even its upper end projects less than "
                + $"{ResourceTrend.MaxGrowth:P0} growth over the span. "
        );
        text.Append(
            CultureInfo.InvariantCulture,
            $"**Range**: the last tenth of the span stays under a ceiling, "
                + $"the warm-up's maximum plus as much as the resource moved during the warm-up (at least "
                + $"{ResourceTrend.MinMargin:P0} of that maximum): where a leak or a jump ends up, "
                + $"while an excursion that comes back down, as a thread pool's does, passes.\n\n"
        );
        text.Append(
            "| target | errors | resource | slope per minute (95 % interval) | growth over the span (upper end) "
                + "| line start → end | min – max | last tenth's max | ceiling (warm-up max) | trend | range |\n"
        );
        text.Append("|---|---:|---|---|---|---|---|---|---|---|---|\n");
        foreach (var verdict in verdicts)
        {
            foreach (var r in verdict.Resources)
            {
                Func<double, string> format = r.Name == "resident memory" ? value => Units.Bytes(value) : Count;
                text.Append(
                    CultureInfo.InvariantCulture,
                    $"| {verdict.Target} | {verdict.Errors:N0} | {r.Name} | {Signed(r.SlopePerMinute, format)} "
                        + $"({Signed(r.SlopeLow, format)} to {Signed(r.SlopeHigh, format)}) "
                        + $"| {r.Growth:+0.0 %;−0.0 %;0.0 %} ({r.GrowthHigh:+0.0 %;−0.0 %;0.0 %}) "
                        + $"| {format(r.Start)} → {format(r.End)} | {format(r.Min)} – {format(r.Max)} | "
                        + $"{format(r.EndMax)} | {format(r.Ceiling)} ({format(r.WarmupMax)}) "
                        + $"| {Held(r.TrendHeld)} | {Held(r.RangeHeld)} |\n"
                );
            }
        }

        text.Append(CultureInfo.InvariantCulture, $"\n**{(verdicts.All(v => v.Passed) ? "Passed" : "Failed")}.**\n");
        return text.ToString();
    }

    private static string Held(bool held) => held ? "holds" : "**fails**";

    private static string Signed(double value, Func<double, string> format) =>
        value < 0 ? $"−{format(-value)}" : $"+{format(value)}";

    private static string Count(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);
}
