namespace RESTvsGRPC.Reports;

/// <summary>Maps values to [0, 1]: linear from zero, or logarithmic between whole decades.</summary>
internal sealed record ChartScale(double Min, double Max, bool Log)
{
    public static ChartScale For(double min, double max, bool log)
    {
        if (log)
        {
            var low = Math.Pow(10, Math.Floor(Math.Log10(min)));
            var high = Math.Pow(10, Math.Ceiling(Math.Log10(max)));
            return new ChartScale(low, high > low ? high : low * 10, true);
        }

        // All zeros (a series with no answers) still gets an axis.
        return new ChartScale(
            0,
            Math.Max(NiceStep(max / 5), NiceStep(max / 5) * Math.Ceiling(max / NiceStep(max / 5))),
            false
        );
    }

    public double Position(double value) =>
        Log
            ? (Math.Log10(Math.Max(value, Min)) - Math.Log10(Min)) / (Math.Log10(Max) - Math.Log10(Min))
            : Math.Clamp(value / Max, 0, 1);

    public IEnumerable<double> Ticks()
    {
        if (Log)
        {
            for (var tick = Min; tick <= Max * 1.0001; tick *= 10)
            {
                yield return tick;
            }

            yield break;
        }

        var step = NiceStep(Max / 5);
        for (var tick = 0.0; tick <= Max * 1.0001; tick += step)
        {
            yield return tick;
        }
    }

    private static double NiceStep(double rough)
    {
        if (rough <= 0 || !double.IsFinite(rough))
        {
            return 1;
        }

        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(rough)));
        return (rough / magnitude) switch
            {
                <= 1 => 1,
                <= 2 => 2,
                <= 5 => 5,
                _ => 10,
            } * magnitude;
    }
}
