using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// "Checked by other methods": each method's ratios beside the trials' (<see cref="MethodAgreement"/>), a row per
/// method in brief, then every check. The verdicts and allowances come with the results; this only renders them.
/// </summary>
internal static class MethodChecksSection
{
    /// <summary>Adds the section where the run has checks, and a note per method that flagged any.</summary>
    public static void Add(SummaryContext summary, TrialsRun trials)
    {
        var checks = summary.Run.Agreements ?? MethodAgreements.Of(summary.Run);
        if (checks.Count == 0)
        {
            return;
        }

        var methods = checks.GroupBy(c => c.Method).ToList();
        summary
            .Document.AddHeading(3, "Checked by other methods")
            .AddParagraph(Introduction)
            .AddTable(
                ["method", "quantity", "checked", "agree", "flagged", "no verdict", "widest allowance"],
                methods.Select(m => Brief(m, trials)),
                2,
                3,
                5,
                6
            )
            .AddTable(
                ["method", "operation", "arm", "trials", "method's", "difference", "allowance", "agree"],
                checks.Select(c => Row(c, trials)),
                3,
                4,
                5,
                6
            );
        foreach (var method in methods.Where(m => m.Any(c => c.Agrees == false)))
        {
            summary.Notes.Add(
                $"{method.Key} flags {method.Count(c => c.Agrees == false)} of "
                    + $"{method.Count(c => c.Agrees is not null)} decided checks beyond their allowance (\"Checked by "
                    + $"other methods\"): "
                    + "about one honest check in twenty flags, so a flag asks for a rerun before it is read as a "
                    + "difference between the methods."
            );
        }
    }

    private static string Introduction =>
        "Each method gives its own ratio of an arm to REST + JSON, measured in its own minutes and processes, "
        + "set beside the trials' ratio for the same operation and quantity "
        + "(above 1: the arm is better). **BenchmarkDotNet**: REST + JSON's time per call over the arm's, "
        + "at each batch size (each a process of its own), their geometric mean. "
        + "**Load mode**: the arm's calls/s over REST + JSON's in the same process and round, "
        + "the geometric mean over its rounds, at the arm's level. "
        + "**h2load**: REST + JSON's server CPU per call over the arm's at the trials' calls/s, "
        + "in the same pass over the arms, the geometric mean of its passes. "
        + $"The allowance is 1.96 standard errors of the two ratios' difference, "
        + $"from the trials' spread and the method's own repeats (pooled over its arms); "
        + $"a check flags only beyond it, and one whose allowance is wider than "
        + $"±{Units.Percent(MethodAgreement.MaxAllowance)}, or has no repeats, gives no verdict.";

    /// <summary>A method's row in brief: its checks, how many agree, which it flagged, its widest allowance.</summary>
    private static IReadOnlyList<string> Brief(IGrouping<string, MethodAgreement> m, TrialsRun trials) =>
        [
            m.Key,
            m.First().Quantity,
            Count(m.Count()),
            Count(m.Count(c => c.Agrees == true)),
            string.Join(
                "; ",
                m.Where(c => c.Agrees == false)
                    .Select(c => $"{c.Operation} {trials.NameOf(c.Arm)} {Signed(c.Difference)}")
            )
                is { Length: > 0 } flagged
                ? flagged
                : "none",
            Count(m.Count(c => c.Agrees is null)),
            m.Select(c => c.Allowance).OfType<double>().DefaultIfEmpty().Max() is var widest and > 0
                ? $"±{Units.Percent(widest)}"
                : "none measured",
        ];

    /// <summary>One check: both ratios with their repeats, their difference, its allowance and the verdict.</summary>
    private static IReadOnlyList<string> Row(MethodAgreement c, TrialsRun trials) =>
        [
            c.Method,
            c.Operation,
            trials.NameOf(c.Arm),
            $"{Units.Ratio(c.TrialsRatio)} ({c.TrialsRepeats})",
            $"{Units.Ratio(c.MethodRatio)} ({c.MethodRepeats})",
            Signed(c.Difference),
            c.Allowance is { } a ? $"±{Units.Percent(a)}" : "",
            c.Agrees switch
            {
                true => "yes",
                false => "**no**",
                null => "no verdict",
            },
        ];

    private static string Count(int value) => value.ToString(CultureInfo.InvariantCulture);

    private static string Signed(double difference) => difference.ToString("+0.0%;-0.0%", CultureInfo.InvariantCulture);
}
