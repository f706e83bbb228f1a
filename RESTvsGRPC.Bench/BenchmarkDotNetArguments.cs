using BenchmarkDotNet.ConsoleArguments;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Running;

namespace RESTvsGRPC.Bench;

/// <summary>
/// BenchmarkDotNet's arguments, checked by its own parser before any server starts, so a typo is refused in one
/// sentence.
/// </summary>
public static class BenchmarkDotNetArguments
{
    /// <summary>
    /// Throws <see cref="ArgumentException"/> with BenchmarkDotNet's first complaint and <paramref name="usage"/> when
    /// it refuses <paramref name="args"/>.
    /// </summary>
    public static void Validate(IReadOnlyList<string> args, string usage)
    {
        if (args.Count == 0)
        {
            return;
        }

        var logger = new AccumulationLogger();
        var (accepted, _, _) = ConfigParser.Parse([.. args], logger);
        if (!accepted)
        {
            throw new ArgumentException($"{FirstComplaint(logger.GetLog(), args)} {usage}");
        }
    }

    /// <summary>
    /// Whether BenchmarkDotNet, given <paramref name="args"/>, runs any case of <paramref name="benchmarks"/>: its own
    /// parser and filters (names, categories) decide, as they will when it runs.
    /// </summary>
    public static bool Selects(IReadOnlyList<string> args, Type benchmarks)
    {
        var (accepted, config, _) = ConfigParser.Parse([.. args], NullLogger.Instance);
        if (!accepted || config is null)
        {
            return true;
        }

        var filters = config.GetFilters().ToList();
        return BenchmarkConverter
            .TypeToBenchmarks(benchmarks, config)
            .BenchmarksCases.Any(c => filters.All(filter => filter.Predicate(c)));
    }

    /// <summary>
    /// The first line under CommandLineParser's "ERROR(S):" heading, else BenchmarkDotNet's first line.
    /// </summary>
    private static string FirstComplaint(string log, IReadOnlyList<string> args)
    {
        var lines = log.Split('\n', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        var heading = Array.FindIndex(lines, line => line.StartsWith("ERROR(S)", StringComparison.Ordinal));
        var complaint =
            heading >= 0 && heading + 1 < lines.Length
                ? lines[heading + 1]
                : lines.FirstOrDefault(line => !line.StartsWith("BenchmarkDotNet", StringComparison.Ordinal));
        return $"BenchmarkDotNet refuses '{string.Join(' ', args)}': {complaint?.TrimEnd('.') ?? "no reason given"}.";
    }
}
