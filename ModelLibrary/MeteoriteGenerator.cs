using ModelLibrary.Rest;

namespace ModelLibrary;

/// <summary>
/// Makes any number of invented records in the shape of NASA's "Meteorite Landings" data: its class mix,
/// mass spread (0.1 g to 23 t), years 860–2013 and share of missing fields. Deterministic for a seed on every
/// OS and runtime: it draws from its own generator and uses decimal arithmetic, never the platform's libm.
/// </summary>
public static class MeteoriteGenerator
{
    /// <summary>The seed behind the committed <c>data/meteorites.json</c>.</summary>
    public const ulong DefaultSeed = 2019;

    /// <summary>The record count of the committed data set.</summary>
    public const int DefaultCount = 1000;

    // Class frequencies as in NASA's catalogue of falls: ordinary chondrites dominate.
    private static readonly (string Class, int Weight)[] Classes =
    [
        ("L6", 240),
        ("H5", 145),
        ("H6", 77),
        ("L5", 68),
        ("H4", 48),
        ("LL6", 39),
        ("Stone-uncl", 33),
        ("OC", 20),
        ("LL5", 19),
        ("L4", 18),
        ("Eucrite-mmict", 17),
        ("CM2", 15),
        ("Howardite", 13),
        ("H", 12),
        ("Iron, IIIAB", 10),
        ("Diogenite", 9),
        ("CV3", 8),
        ("Iron, IAB-MG", 8),
        ("L", 7),
        ("CO3", 6),
        ("Aubrite", 6),
        ("Mesosiderite", 6),
        ("EH4", 5),
        ("Ureilite", 4),
        ("LL4", 4),
        ("H4/5", 4),
        ("L3", 3),
        ("Pallasite, PMG", 3),
        ("Iron, IIAB", 3),
        ("Martian (shergottite)", 2),
        ("CI1", 2),
        ("Iron, IVA", 2),
        ("Lunar (anorth)", 1),
        ("Acapulcoite", 1),
        ("R3.8-6", 1),
    ];

    private static readonly int ClassWeightTotal = Classes.Sum(c => c.Weight);

    private static readonly string[] Onsets =
    [
        "",
        "B",
        "Ch",
        "D",
        "G",
        "H",
        "K",
        "Kr",
        "L",
        "M",
        "N",
        "P",
        "R",
        "S",
        "Sh",
        "St",
        "T",
        "Tr",
        "V",
        "W",
        "Z",
    ];

    private static readonly string[] Vowels = ["a", "e", "i", "o", "u", "a", "o", "y", "ä", "é", "ó", "ou"];

    private static readonly string[] Codas =
    [
        "",
        "",
        "",
        "n",
        "r",
        "l",
        "k",
        "m",
        "s",
        "t",
        "nd",
        "rk",
        "sk",
        "ch",
        "v",
    ];

    private static readonly string[] Qualifiers =
    [
        "Mountain",
        "Creek",
        "Valley",
        "County",
        "Springs",
        "Qi",
        "Station",
        "Lake",
    ];

    /// <summary>Makes <paramref name="count"/> records; the same arguments always give the same records.</summary>
    public static MeteoriteLanding[] Generate(int count = DefaultCount, ulong seed = DefaultSeed)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(count);
        var random = new SplitMix64(seed);
        var records = new MeteoriteLanding[count];
        uint id = 0;
        for (var i = 0; i < count; i++)
        {
            id += (uint)random.Next(1, 30);
            records[i] = MakeRecord(random, id);
        }

        return records;
    }

    private static MeteoriteLanding MakeRecord(SplitMix64 random, uint id)
    {
        var hasPosition = random.Next(0, 1000) >= 12;
        var lat = hasPosition ? Angle(random, 66) : (double?)null;
        var lon = hasPosition ? Angle(random, 179) : (double?)null;
        return new MeteoriteLanding
        {
            Id = id,
            Name = Name(random),
            NameType = random.Next(0, 1000) < 5 ? "Relict" : "Valid",
            RecClass = Class(random),
            Mass = random.Next(0, 1000) < 28 ? null : Mass(random),
            Fall = random.Next(0, 100) < 96 ? "Fell" : "Found",
            Year = random.Next(0, 1000) < 1 ? null : Year(random),
            RecLat = lat,
            RecLong = lon,
            GeoLocation = hasPosition
                ? new GeoLocation { Type = "Point", Coordinates = [lon!.Value, lat!.Value] }
                : null,
        };
    }

    private static string Name(SplitMix64 random)
    {
        var name = Word(random);
        return random.Next(0, 100) switch
        {
            < 12 => $"{name} {Word(random)}",
            < 18 => $"{name} {Qualifiers[random.Next(0, Qualifiers.Length)]}",
            _ => name,
        };
    }

    private static string Word(SplitMix64 random)
    {
        var syllables = random.Next(2, 4);
        var word = new System.Text.StringBuilder();
        for (var s = 0; s < syllables; s++)
        {
            var onset = Onsets[random.Next(0, Onsets.Length)];
            word.Append(s == 0 ? onset : onset.ToLowerInvariant());
            word.Append(Vowels[random.Next(0, random.Next(0, 100) < 4 ? Vowels.Length : 8)]);
            word.Append(Codas[random.Next(0, Codas.Length)]);
        }

        word[0] = char.ToUpperInvariant(word[0]);
        return word.ToString();
    }

    private static string Class(SplitMix64 random)
    {
        var pick = random.Next(0, ClassWeightTotal);
        foreach (var (name, weight) in Classes)
        {
            if (pick < weight)
            {
                return name;
            }

            pick -= weight;
        }

        throw new InvalidOperationException("class weights do not add up");
    }

    /// <summary>Log-spread grams: a decade from 0.1 g to 10 t, then 1–3 significant digits within it; capped at 23
    /// t.</summary>
    private static double Mass(SplitMix64 random)
    {
        // Decades -1..7 weighted like recorded falls: most between 100 g and 100 kg.
        ReadOnlySpan<int> decadeWeights = [3, 8, 20, 70, 140, 120, 60, 15, 2];
        var pick = random.Next(0, 438);
        var decade = 0;
        while (pick >= decadeWeights[decade])
        {
            pick -= decadeWeights[decade];
            decade++;
        }

        var digits = random.Next(0, 3) switch
        {
            0 => random.Next(1, 10),
            1 => random.Next(10, 100),
            _ => random.Next(100, 1000),
        };
        var scale =
            digits < 10 ? 1m
            : digits < 100 ? 0.1m
            : 0.01m;
        var grams = digits * scale * Pow10(decade - 1);
        return (double)Math.Clamp(grams, 0.1m, 23_000_000m);
    }

    private static decimal Pow10(int exponent)
    {
        var value = 1m;
        for (var i = 0; i < Math.Abs(exponent); i++)
        {
            value = exponent > 0 ? value * 10 : value / 10;
        }

        return value;
    }

    /// <summary>Whole degrees and minutes, as most catalogue positions are given, rounded to five decimals.</summary>
    private static double Angle(SplitMix64 random, int maxDegrees)
    {
        var degrees = random.Next(-maxDegrees, maxDegrees);
        var minutes = random.Next(0, 60);
        var seconds = random.Next(0, 100) < 10 ? random.Next(0, 60) : 0;
        var value = degrees + (minutes / 60m) + (seconds / 3600m);
        return (double)Math.Round(value, 5);
    }

    private static DateTime Year(SplitMix64 random)
    {
        var year = random.Next(0, 100) < 4 ? random.Next(860, 1800) : random.Next(1800, 2014);
        return new DateTime(year, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    }
}
