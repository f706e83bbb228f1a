using System.Globalization;
using System.Text.RegularExpressions;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// A number as a page prints it ("2.8×", "82.0 μs", "98 KiB", "23,709"): its value, its unit, and how far the value
/// it was rounded from may lie (half its last digit), so a page's figure can be checked against a stored run's.
/// </summary>
internal readonly partial record struct PrintedFigure(double Value, string Unit, double HalfStep)
{
    /// <summary>A number as pages print it: digits, thousands commas, decimals.</summary>
    public const string NumberPattern = @"\d[\d,]*(?:\.\d+)?";

    /// <summary>A unit after a number, optional.</summary>
    public const string UnitPattern = @"(?:\s?(?:×|μs|ms|ns|s|KiB|MiB|GiB|B|%)(?![\w/]))?";

    /// <summary>A number, or a range of two ("2.6–3.0×"), with its unit.</summary>
    public const string Pattern = NumberPattern + "(?:–" + NumberPattern + ")?" + UnitPattern;

    /// <summary>The value in the unit's base (nanoseconds, bytes, a plain number).</summary>
    public double Base => Value * Scale(Unit);

    /// <summary>The first number in <paramref name="text"/> with its unit.</summary>
    public static PrintedFigure Parse(string text)
    {
        var match = Figure().Match(text);
        Assert.True(match.Success, $"no number in '{text}'");
        var number = match.Groups["number"].Value.Replace(",", "", StringComparison.Ordinal);
        var decimals = number.Contains('.', StringComparison.Ordinal) ? number.Length - number.IndexOf('.') - 1 : 0;
        return new PrintedFigure(
            double.Parse(number, CultureInfo.InvariantCulture),
            match.Groups["unit"].Value,
            0.5 * Math.Pow(10, -decimals)
        );
    }

    /// <summary>
    /// Whether this printed figure is <paramref name="measured"/> (as the stored run prints it, more precisely or as
    /// precisely) rounded to this figure's digits.
    /// </summary>
    public bool Rounds(PrintedFigure measured) =>
        (Unit == measured.Unit || (Scale(Unit) != 1 && Scale(measured.Unit) != 1))
        && Math.Abs(measured.Base - Base)
            <= (HalfStep * Scale(Unit)) + (measured.HalfStep * Scale(measured.Unit)) + 1e-9;

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Value} {Unit}");

    private static double Scale(string unit) =>
        unit switch
        {
            "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "KiB" => 1024,
            "MiB" => 1024 * 1024,
            "GiB" => 1024 * 1024 * 1024,
            _ => 1,
        };

    [GeneratedRegex(@"(?<number>\d[\d,]*(?:\.\d+)?)\s?(?<unit>×|μs|ms|ns|s|KiB|MiB|GiB|B|%)?(?![\w/])")]
    private static partial Regex Figure();
}
