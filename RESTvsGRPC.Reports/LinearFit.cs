using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// t(n) = a + b·n fitted by least squares weighted by 1/t², so each point counts by its relative error: with
/// record counts spanning four orders of magnitude, an unweighted fit would let the largest point decide alone
/// and leave the fixed cost <see cref="A"/> meaningless.
/// </summary>
public sealed record LinearFit(double A, double B, double RSquared)
{
    /// <summary>Fits <paramref name="points"/> (n, t); needs two distinct n and positive t.</summary>
    public static LinearFit Of(IReadOnlyList<(double N, double T)> points)
    {
        if (points.Select(p => p.N).Distinct().Count() < 2 || points.Any(p => p.T <= 0))
        {
            throw new ArgumentException(
                "a linear fit needs at least two distinct record counts and positive times.",
                nameof(points)
            );
        }

        double s = 0,
            sx = 0,
            sy = 0,
            sxx = 0,
            sxy = 0;
        foreach (var (n, t) in points)
        {
            var w = 1 / (t * t);
            s += w;
            sx += w * n;
            sy += w * t;
            sxx += w * n * n;
            sxy += w * n * t;
        }

        var b = ((s * sxy) - (sx * sy)) / ((s * sxx) - (sx * sx));
        var a = (sy - (b * sx)) / s;
        var mean = sy / s;
        double residual = 0,
            total = 0;
        foreach (var (n, t) in points)
        {
            var w = 1 / (t * t);
            residual += w * Math.Pow(t - (a + (b * n)), 2);
            total += w * Math.Pow(t - mean, 2);
        }

        return new LinearFit(a, b, total == 0 ? 1 : 1 - (residual / total));
    }
}
