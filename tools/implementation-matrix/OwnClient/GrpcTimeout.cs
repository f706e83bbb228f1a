using System.Globalization;

namespace GrpcWire;

/// <summary>The <c>grpc-timeout</c> header: at most eight digits and a unit (H, M, S, m, u, n).</summary>
public static class GrpcTimeout
{
    private const long MaxValue = 99_999_999;

    /// <summary>The header's time span; false for a value that is not of the protocol's form.</summary>
    public static bool TryParse(string? value, out TimeSpan timeout)
    {
        timeout = default;
        if (value is not { Length: >= 2 and <= 9 }
            || !long.TryParse(value.AsSpan(0, value.Length - 1), NumberStyles.None, CultureInfo.InvariantCulture, out var amount))
        {
            return false;
        }

        long? ticks = value[^1] switch
        {
            'H' => amount * TimeSpan.TicksPerHour,
            'M' => amount * TimeSpan.TicksPerMinute,
            'S' => amount * TimeSpan.TicksPerSecond,
            'm' => amount * TimeSpan.TicksPerMillisecond,
            'u' => amount * TimeSpan.TicksPerMicrosecond,
            'n' => amount / 100,
            _ => null,
        };
        if (ticks is null)
        {
            return false;
        }

        timeout = TimeSpan.FromTicks(ticks.Value);
        return true;
    }

    /// <summary>The header value for <paramref name="timeout"/>: the finest unit whose amount fits in eight digits, rounded up.</summary>
    public static string Format(TimeSpan timeout)
    {
        var ticks = Math.Max(0, timeout.Ticks);
        (long PerUnit, char Unit)[] units =
        [
            (1, 'n'), (TimeSpan.TicksPerMicrosecond, 'u'), (TimeSpan.TicksPerMillisecond, 'm'),
            (TimeSpan.TicksPerSecond, 'S'), (TimeSpan.TicksPerMinute, 'M'), (TimeSpan.TicksPerHour, 'H'),
        ];
        foreach (var (perUnit, unit) in units)
        {
            // Nanoseconds are a hundredth of a tick; every other unit is a whole number of ticks.
            var amount = unit == 'n' ? ticks * 100 : (ticks + perUnit - 1) / perUnit;
            if (amount <= MaxValue)
            {
                return amount.ToString(CultureInfo.InvariantCulture) + unit;
            }
        }

        return MaxValue.ToString(CultureInfo.InvariantCulture) + "H";
    }
}
