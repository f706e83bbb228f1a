using System.Globalization;
using System.Text;
using RESTvsGRPC.Bench.Reports;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// The soak's verdict on one target's server: errors over the whole run (must be 0), and its resident memory, thread
/// count and handle count at the start and the end of the measured span, each the mean of its first and last tenth
/// (ten seconds at least), whose growth must stay under 10 %.
/// </summary>
public sealed record SoakVerdict(string Target, long Errors, IReadOnlyList<SoakVerdict.Resource> Resources)
{
    public const double MaxGrowth = 0.10;
    private const int MinWindowSeconds = 10;

    /// <summary>One resource of the server at the start and the end of the measured span.</summary>
    public sealed record Resource(string Name, double Start, double End, Func<double, string> Format)
    {
        public double Growth => Start > 0 ? (End / Start) - 1 : 0;

        public bool Held => Growth < MaxGrowth;
    }

    public bool Passed => Errors == 0 && Resources.All(resource => resource.Held);

    /// <summary>The verdict on <paramref name="result"/>; null where the server's resources were not read (a server given by URL).</summary>
    public static SoakVerdict? Of(TargetResult result, LoadScenario scenario)
    {
        var from = (int)Math.Ceiling(scenario.MeasuredFrom.TotalSeconds);
        var measured = result.Series.Where(s => s.Second >= from && s.ServerResidentBytes is not null).ToList();
        var window = Math.Max(MinWindowSeconds, measured.Count / 10);
        if (measured.Count < 2 * window)
        {
            return null;
        }

        var (start, end) = (measured.Take(window).ToList(), measured.TakeLast(window).ToList());
        return new SoakVerdict(result.Name, result.Totals.Errors.Total,
        [
            new("resident memory", start.Average(s => s.ServerResidentBytes!.Value), end.Average(s => s.ServerResidentBytes!.Value), bytes => Units.Bytes(bytes)),
            new("threads", start.Average(s => s.ServerThreads ?? 0), end.Average(s => s.ServerThreads ?? 0), Count),
            new("handles", start.Average(s => s.ServerHandles ?? 0), end.Average(s => s.ServerHandles ?? 0), Count),
        ]);
    }

    /// <summary>The verdicts as a Markdown section: a table per target and one line saying whether the soak passed.</summary>
    public static string ToMarkdown(IReadOnlyList<SoakVerdict> verdicts, TimeSpan duration)
    {
        var text = new StringBuilder();
        text.Append("# Soak verdict\n\n");
        text.Append(CultureInfo.InvariantCulture, $"Measured span: {duration.TotalMinutes:0.#} min per target, all targets at once. Start and end: the mean of the first and the last tenth of the measured seconds (at least {MinWindowSeconds} s each). A server passes with 0 errors and every resource grown by less than {MaxGrowth:P0}.\n\n");
        text.Append("| target | errors | resource | start | end | growth | held |\n|---|---:|---|---:|---:|---:|---|\n");
        foreach (var verdict in verdicts)
        {
            foreach (var resource in verdict.Resources)
            {
                text.Append(CultureInfo.InvariantCulture,
                    $"| {verdict.Target} | {verdict.Errors:N0} | {resource.Name} | {resource.Format(resource.Start)} | {resource.Format(resource.End)} | {resource.Growth:+0.0 %;-0.0 %} | {(resource.Held ? "yes" : "**no**")} |\n");
            }
        }

        text.Append(CultureInfo.InvariantCulture, $"\n**{(verdicts.All(v => v.Passed) ? "Passed" : "Failed")}.**\n");
        return text.ToString();
    }

    private static string Count(double value) => value.ToString("0.#", CultureInfo.InvariantCulture);
}
