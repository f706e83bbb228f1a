using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The <c>stalls</c> command's results: each client and HTTP/2 stream window driven in rounds of
/// <see cref="CallsPerRound"/> large GETs on a new connection (<see cref="InFlight"/> calls in flight, alternately),
/// against servers started afresh every <see cref="RoundsPerServer"/> rounds; a round whose call went unanswered for
/// <see cref="StallSeconds"/> stalled, and ended there.
/// </summary>
public sealed record StallReproductionRun(
    Provenance Provenance,
    int CallsPerRound,
    IReadOnlyList<int> InFlight,
    int RoundsPerServer,
    double StallSeconds,
    IReadOnlyList<StallReproductionRow> Rows
)
{
    /// <summary>The results file's name in its folder.</summary>
    public const string FileName = "stalls.json";

    /// <summary>Writes <see cref="FileName"/> into <paramref name="directory"/>.</summary>
    public void Save(string directory) =>
        File.WriteAllText(
            Path.Combine(directory, FileName),
            JsonSerializer.Serialize(this, StallReproductionJsonContext.Default.StallReproductionRun)
        );

    /// <summary>
    /// Reads a folder's <see cref="FileName"/>; throws <see cref="InvalidDataException"/> naming the file when it does
    /// not parse.
    /// </summary>
    public static StallReproductionRun Load(string directory)
    {
        var path = Path.Combine(directory, FileName);
        try
        {
            return JsonSerializer.Deserialize(
                File.ReadAllText(path),
                StallReproductionJsonContext.Default.StallReproductionRun
            ) ?? throw new InvalidDataException($"{path} holds no stall reproduction.");
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{path} is not a stall reproduction's results: {e.Message}", e);
        }
    }
}

/// <summary>
/// One client at one stream window: <see cref="WindowBytes"/> (the client's initial HTTP/2 stream window), the calls
/// answered and the rounds, the rounds that stalled, and the seconds it took.
/// </summary>
public sealed record StallReproductionRow(
    string Client,
    int WindowBytes,
    long Calls,
    int Rounds,
    int StalledRounds,
    double Seconds
)
{
    /// <summary>Stalls per 100 000 calls.</summary>
    public double PerHundredThousand => Calls == 0 ? double.NaN : StalledRounds * 1e5 / Calls;

    /// <summary>
    /// The exact (Garwood) 95 % upper bound on stalls per 100 000 calls, the one a rate of 0 in these calls still
    /// allows.
    /// </summary>
    public double UpperPerHundredThousand => Calls == 0 ? double.NaN : PoissonUpper(StalledRounds) * 1e5 / Calls;

    /// <summary>
    /// The mean λ whose chance of <paramref name="count"/> or fewer events is 2.5 % (3.69 for none: the upper end of
    /// Garwood's two-sided 95 % interval), by bisection.
    /// </summary>
    public static double PoissonUpper(int count)
    {
        var (low, high) = (0.0, 10.0 + (4.0 * count));
        for (var step = 0; step < 100; step++)
        {
            var mean = (low + high) / 2;
            (low, high) = AtMost(count, mean) > 0.025 ? (mean, high) : (low, mean);
        }

        return (low + high) / 2;
    }

    private static double AtMost(int count, double mean)
    {
        var (term, sum) = (Math.Exp(-mean), Math.Exp(-mean));
        for (var k = 1; k <= count; k++)
        {
            term *= mean / k;
            sum += term;
        }

        return sum;
    }
}

[JsonSourceGenerationOptions(
    WriteIndented = true,
    NewLine = "\n",
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals
)]
[JsonSerializable(typeof(StallReproductionRun))]
internal sealed partial class StallReproductionJsonContext : JsonSerializerContext;
