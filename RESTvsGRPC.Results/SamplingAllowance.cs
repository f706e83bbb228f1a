namespace RESTvsGRPC.Results;

/// <summary>
/// How far two methods' medians of one ratio may lie apart by their own sampling alone. Each method's spread is the
/// standard deviation of the logarithm of one measurement (a round of load mode's check, a trial), pooled over the arms
/// so that a run of three rounds still yields a usable figure; a median of n such measurements has a standard error of
/// √(π/2)·s/√n; two methods' medians may differ by twice their errors combined before sampling stops accounting for it.
/// </summary>
public static class SamplingAllowance
{
    /// <summary>How many combined standard errors a difference may reach before sampling no longer accounts for it (about 95 %).</summary>
    public const double StandardErrors = 2;

    /// <summary>
    /// The standard deviation of ln(value) pooled over <paramref name="groups"/> (each arm's measurements): every group's
    /// squared deviations from its own mean over the degrees of freedom of all; null where no group has two values.
    /// </summary>
    public static double? PooledLogSpread(IEnumerable<IReadOnlyList<double>> groups)
    {
        var squares = 0.0;
        var freedom = 0;
        foreach (var group in groups.Where(g => g.Count > 1 && g.All(v => v > 0)))
        {
            var logs = group.Select(v => Math.Log(v)).ToList();
            var mean = logs.Average();
            squares += logs.Sum(l => (l - mean) * (l - mean));
            freedom += logs.Count - 1;
        }

        return freedom > 0 ? Math.Sqrt(squares / freedom) : null;
    }

    /// <summary>The standard error of the logarithm of a median of <paramref name="count"/> measurements whose log spread is <paramref name="spread"/>.</summary>
    public static double MedianError(double spread, int count) => Math.Sqrt(Math.PI / 2) * spread / Math.Sqrt(count);

    /// <summary>The standard error of the logarithm of a mean of <paramref name="count"/> measurements whose log spread is <paramref name="spread"/>.</summary>
    public static double MeanError(double spread, int count) => spread / Math.Sqrt(count);

    /// <summary>
    /// The largest factor two medians may lie apart by sampling alone, as a share (0.2: either may be 20 % above the
    /// other): e^(2·√(e1² + e2²)) − 1 for the two medians' log standard errors.
    /// </summary>
    public static double Allowance(double firstError, double secondError) =>
        Math.Exp(StandardErrors * Math.Sqrt((firstError * firstError) + (secondError * secondError))) - 1;

    /// <summary>True where <paramref name="first"/> and <paramref name="second"/> lie no further apart than <paramref name="allowance"/> (a share, from <see cref="Allowance"/>).</summary>
    public static bool Within(double first, double second, double allowance) => Math.Abs(Math.Log(first / second)) <= Math.Log(1 + allowance);
}
