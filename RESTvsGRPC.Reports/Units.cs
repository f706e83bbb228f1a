using System.Globalization;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// Times and sizes in the unit that keeps three significant figures readable, always in the invariant culture.
/// </summary>
public static class Units
{
    public static string Time(double nanoseconds) =>
        nanoseconds switch
        {
            double.NaN => "NA",
            0 => "0",
            < 1e3 => Format(nanoseconds, "ns"),
            < 1e6 => Format(nanoseconds / 1e3, "μs"),
            < 1e9 => Format(nanoseconds / 1e6, "ms"),
            _ => Format(nanoseconds / 1e9, "s"),
        };

    public static string Bytes(double bytes) =>
        bytes switch
        {
            double.NaN => "NA",
            < 1024 => Format(bytes, "B"),
            < 1024 * 1024 => Format(bytes / 1024, "KiB"),
            _ => Format(bytes / (1024 * 1024), "MiB"),
        };

    public static string Ratio(double ratio) =>
        double.IsFinite(ratio) ? ratio.ToString("0.00", CultureInfo.InvariantCulture) + "×" : "NA";

    /// <summary>"2.53× [2.40×, 2.61×]": a ratio and its interval, ≈ in front where the interval holds 1.</summary>
    public static string RatioInterval(double ratio, double low, double high) =>
        (low <= 1 && high >= 1 ? "≈ " : "") + $"{Ratio(ratio)} [{Ratio(low)}, {Ratio(high)}]";

    /// <summary>A count or a rate in whole units with thousands separators: "21,229".</summary>
    public static string Whole(double value) => value.ToString("#,0", CultureInfo.InvariantCulture);

    /// <summary>Whole percents, with a decimal below 10 % so a small share does not read as none.</summary>
    public static string Percent(double share) =>
        double.IsFinite(share)
            ? share.ToString(Math.Abs(share) < 0.1 ? "0.0%" : "0%", CultureInfo.InvariantCulture)
            : "NA";

    private static string Format(double value, string unit) =>
        value.ToString(
            value < 10 ? "0.00"
                : value < 100 ? "0.0"
                : "0",
            CultureInfo.InvariantCulture
        )
        + " "
        + unit;
}
