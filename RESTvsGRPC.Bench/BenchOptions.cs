namespace RESTvsGRPC.Bench;

/// <summary>The bench's own options; every other argument goes to BenchmarkDotNet untouched.</summary>
public sealed record BenchOptions(Uri? RestUrl, string? DataPath, string[] BenchmarkDotNetArgs)
{
    public const string Usage =
        "usage: RESTvsGRPC.Bench [--rest-url URL] [--data PATH] [BenchmarkDotNet options: --filter, --job short|dry, --list flat, …]";

    /// <summary>True where BenchmarkDotNet only prints (a list, help, its version): no server is needed.</summary>
    public bool OnlyPrints => BenchmarkDotNetArgs.Any(a => a is "--list" or "--help" or "-h" or "--version" or "--info");

    /// <summary>Parses <paramref name="args"/>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> on a bad option.</summary>
    public static BenchOptions Parse(string[] args)
    {
        Uri? restUrl = null;
        string? dataPath = null;
        var rest = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--rest-url":
                    restUrl = Uri.TryCreate(Value(args, ref i), UriKind.Absolute, out var url) && url.Scheme is "http" or "https"
                        ? url
                        : throw new ArgumentException($"--rest-url takes an absolute http(s) URL, not '{args[i]}'. {Usage}");
                    break;
                case "--data":
                    dataPath = Path.GetFullPath(Value(args, ref i));
                    break;
                default:
                    rest.Add(args[i]);
                    break;
            }
        }

        // Without a filter BenchmarkDotNet asks which benchmarks to run; the bench must never wait for a key.
        if (!rest.Any(a => a is "--filter" or "-f" or "--list" or "--help" or "-h" or "--version" or "--info"))
        {
            rest.AddRange(["--filter", "*"]);
        }

        return new BenchOptions(restUrl, dataPath, [.. rest]);
    }

    private static string Value(string[] args, ref int i) =>
        ++i < args.Length ? args[i] : throw new ArgumentException($"{args[i - 1]} needs a value. {Usage}");
}
