using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Where a ratio's noise sits, on the log of the paired per-round ratio (the arm's reading over the baseline's in the
/// same round of a trial), as Kalibera and Jones estimate two levels: <see cref="RoundSd"/>, the pooled within-trial
/// spread of one round's log ratio, whose cells each measured <see cref="CellSeconds"/>; <see cref="TrialSd"/>
/// (T₂), what a fresh process adds on top, the trial means' spread less the within share. Over
/// <see cref="Trials"/> trials of <see cref="Rounds"/> rounds each.
/// </summary>
public sealed record VarianceComponents(double RoundSd, double TrialSd, int Trials, int Rounds, double CellSeconds)
{
    /// <summary>
    /// s: the within-trial noise per √second of a cell (a cell of t seconds has a log-ratio spread of s / √t), the
    /// figure the allocation t* = s·√(c₂/N)/T₂ takes.
    /// </summary>
    [JsonIgnore]
    public double WithinSdPerRootSecond => RoundSd * Math.Sqrt(CellSeconds);

    /// <summary>
    /// The spread of one round's log ratio measured in blocks of 1, 2, 4, 8… consecutive rounds, each block's mean's
    /// spread times √(block length): flat where rounds are independent, rising where neighbouring rounds move
    /// together. Null with fewer than four rounds per trial.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<BlockSpread>? Blocks { get; init; }

    /// <summary>
    /// Kalibera and Jones's rounds per trial for the narrowest interval per second spent, √(c₂·RoundSd² /
    /// (c₁·TrialSd²)), with <paramref name="roundSeconds"/> (c₁) what one more round of every cell costs and
    /// <paramref name="trialSeconds"/> (c₂) what a fresh trial costs besides its rounds; null where TrialSd is 0.
    /// </summary>
    public double? OptimalRounds(double roundSeconds, double trialSeconds) =>
        TrialSd > 0 && roundSeconds > 0
            ? Math.Sqrt(trialSeconds * RoundSd * RoundSd / (roundSeconds * TrialSd * TrialSd))
            : null;

    /// <summary>
    /// The components of <paramref name="trials"/>' per-round log ratios (one list per trial, rounds in the order
    /// measured), the trials cut to the fewest rounds any of them has; null with fewer than two trials or two rounds.
    /// </summary>
    public static VarianceComponents? Of(IReadOnlyList<IReadOnlyList<double>> trials, double cellSeconds)
    {
        var rounds = trials.Count == 0 ? 0 : trials.Min(t => t.Count);
        if (trials.Count < 2 || rounds < 2)
        {
            return null;
        }

        var cut = trials.Select(t => t.Take(rounds).ToArray()).ToList();
        var within = PooledWithin(cut, 1);
        var means = cut.Select(t => t.Average()).ToArray();
        var grand = means.Average();
        var between = means.Sum(m => (m - grand) * (m - grand)) / (means.Length - 1);
        var trialVariance = Math.Max(0, between - (within / rounds));
        var blocks = new List<BlockSpread>();
        for (var length = 1; rounds / length >= 2 && rounds >= 4; length *= 2)
        {
            blocks.Add(new BlockSpread(length, Math.Sqrt(PooledWithin(cut, length) * length)));
        }

        return new VarianceComponents(Math.Sqrt(within), Math.Sqrt(trialVariance), cut.Count, rounds, cellSeconds)
        {
            Blocks = blocks.Count > 0 ? blocks : null,
        };
    }

    /// <summary>
    /// The pooled within-trial variance of the means of consecutive blocks of <paramref name="length"/> rounds.
    /// </summary>
    private static double PooledWithin(IReadOnlyList<double[]> trials, int length)
    {
        var (squares, freedom) = (0.0, 0);
        foreach (var trial in trials)
        {
            var blocks = Enumerable
                .Range(0, trial.Length / length)
                .Select(b => trial.Skip(b * length).Take(length).Average())
                .ToArray();
            var mean = blocks.Average();
            squares += blocks.Sum(b => (b - mean) * (b - mean));
            freedom += blocks.Length - 1;
        }

        return squares / freedom;
    }
}

/// <summary>
/// One block length's spread: the log ratio's within-trial spread over blocks of <see cref="Rounds"/> consecutive
/// rounds, scaled back to one round's (<see cref="VarianceComponents.Blocks"/>).
/// </summary>
public sealed record BlockSpread(int Rounds, double Sd);
