namespace RESTvsGRPC.Results;

/// <summary>
/// One other method's ratio of an arm to REST + JSON, measured in its own minutes and processes, beside the trials'
/// ratio for the same operation and quantity (both above 1 where the arm is better), with the allowance the two
/// methods' own repeats give and the verdict. Ratios, not absolute figures: what the host's minutes do to every arm of
/// an operation cancels in each method's ratio.
/// </summary>
public sealed record MethodAgreement(
    string Method,
    string Quantity,
    string Operation,
    string Arm,
    double TrialsRatio,
    int TrialsRepeats,
    double MethodRatio,
    int MethodRepeats,
    double? Allowance
)
{
    /// <summary>
    /// BenchmarkDotNet: REST + JSON's time per call over the arm's, each the mean of its batch sizes' processes.
    /// </summary>
    public const string BenchmarkDotNet = "BenchmarkDotNet";

    /// <summary>Load mode: the arm's calls/s over REST + JSON's in the same process and round.</summary>
    public const string Load = "load mode";

    /// <summary>h2load: REST + JSON's server CPU per call over the arm's, each at the trials' calls/s.</summary>
    public const string H2load = "h2load";

    /// <summary>The quantity of the h2load check: REST + JSON's server CPU per call over the arm's.</summary>
    public const string ServerCpu = "server CPU";

    /// <summary>
    /// The widest allowance a check decides with: beyond it, the check cannot tell and gives no verdict.
    /// </summary>
    public const double MaxAllowance = 0.25;

    /// <summary>The method's ratio over the trials', minus 1.</summary>
    public double Difference => MethodRatio / TrialsRatio - 1;

    /// <summary>
    /// True where the two ratios lie within the allowance of each other (in either direction); false beyond it; null
    /// where no allowance could be measured (one repeat) or it is wider than <see cref="MaxAllowance"/>.
    /// </summary>
    public bool? Agrees =>
        Allowance is { } allowance && allowance <= MaxAllowance
            ? Math.Abs(Math.Log(MethodRatio / TrialsRatio)) <= Math.Log(1 + allowance)
            : null;
}
