using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>A load run's scenario and stop in words, for its summary and the bench's own log.</summary>
public static class LoadScenarioText
{
    /// <summary>The scenario as "parameter, value" rows, in the order the command line takes them.</summary>
    public static IEnumerable<(string Name, string Value)> Rows(LoadScenarioSettings scenario)
    {
        yield return ("scenario", scenario.Name);
        yield return ("model", $"closed loop, {scenario.Users} users");
        yield return ("duration", Duration(scenario.DurationSeconds));
        yield return ("ramp-up", Duration(scenario.RampUpSeconds));
        yield return ("warm-up (not measured)", Duration(scenario.WarmupSeconds));
        yield return ("think time", Duration(scenario.ThinkTimeSeconds));
        var total = scenario.Mix.Sum(w => w.Weight);
        yield return (
            "mix",
            string.Join(
                ", ",
                scenario.Mix.Select(w =>
                    $"{w.Operation} {(100.0 * w.Weight / total).ToString("0.#", CultureInfo.InvariantCulture)} %"
                )
            )
        );
        yield return ("connections", scenario.SharedClient ? "shared (one client per target)" : "per user");
        yield return ("timeout", Duration(scenario.TimeoutSeconds));
    }

    /// <summary>Why a run is incomplete: "stopped by a signal after 1 of 2 targets (the last one cut short)".</summary>
    public static string Of(LoadStop stop) =>
        $"stopped by a signal after {stop.TargetsDone} of {stop.Targets} targets (the last one cut short)";

    /// <summary>"1.5 s", "250 ms": the shortest exact form.</summary>
    public static string Duration(double seconds) =>
        seconds >= 1 && Math.Round(seconds * 1000) % 1000 == 0
            ? $"{Number(seconds)} s"
            : $"{Number(seconds * 1000)} ms";

    private static string Number(double value) => value.ToString("0.###", CultureInfo.InvariantCulture);
}
