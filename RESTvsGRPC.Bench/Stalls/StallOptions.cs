using System.CommandLine;

namespace RESTvsGRPC.Bench.Stalls;

/// <summary>
/// The <c>stalls</c> command's options: <see cref="Calls"/> per client and window, the <see cref="Clients"/> driven at
/// which stream <see cref="Windows"/> (bytes), and the folder the results go to.
/// </summary>
public sealed record StallOptions(long Calls, IReadOnlyList<string> Clients, IReadOnlyList<int> Windows, string Out)
{
    /// <summary>
    /// Calls per client and window when <c>--calls</c> is not given: enough to tell 5 in 100 000 from none.
    /// </summary>
    public const long DefaultCalls = 600_000;

    /// <summary>One line of usage, for a refused command line.</summary>
    public const string Usage =
        "usage: RESTvsGRPC.Bench stalls [--calls N] [--clients grpc,rest-protobuf-h2c,grpc-js] "
        + "[--windows default,bench] [--out DIR]";

    private static readonly Option<long> CallsOption = new("--calls")
    {
        Description =
            "Calls per client and stream window: at 5 stalls per 100 000, 600000 expect 30 (about 28 minutes here).",
        HelpName = "N",
        DefaultValueFactory = _ => DefaultCalls,
    };

    private static readonly Option<string> ClientsOption = new("--clients")
    {
        Description = "Which clients, comma-separated: grpc, rest-protobuf-h2c, grpc-js.",
        HelpName = "LIST",
        DefaultValueFactory = _ => string.Join(',', StallReproducer.Clients),
    };

    private static readonly Option<string> WindowsOption = new("--windows")
    {
        Description = "Which client stream windows: default (the client's own, 64 KB), bench (4 MiB).",
        HelpName = "LIST",
        DefaultValueFactory = _ => "default,bench",
    };

    private static readonly Option<string> OutOption = new("--out")
    {
        Description = "Where stalls.json and stalls.md go.",
        HelpName = "DIR",
        DefaultValueFactory = _ => Directory.GetCurrentDirectory(),
    };

    /// <summary>The command, its options declared.</summary>
    public static Command Command() =>
        new(
            "stalls",
            "Reproduce the HTTP/2 stall on its own: rounds of large GETs on new connections, each client at "
                + "HttpClient's default stream window and at the bench's, servers started afresh every "
                + $"{StallReproducer.RoundsPerServer} rounds; stalls per 100 000 calls.\n\nExample:\n"
                + "  RESTvsGRPC.Bench stalls --calls 30000 --clients grpc"
        )
        {
            CallsOption,
            ClientsOption,
            WindowsOption,
            OutOption,
        };

    /// <summary>
    /// The options as parsed; throws <see cref="ArgumentException"/> naming the one that does not fit.
    /// </summary>
    public static StallOptions From(ParseResult result)
    {
        if (result.UnmatchedTokens is [var unmatched, ..])
        {
            throw new ArgumentException($"stalls does not take '{unmatched}'. {Usage}");
        }

        var calls = result.GetValue(CallsOption);
        var clients = result.GetValue(ClientsOption)!.Split(',', StringSplitOptions.TrimEntries);
        if (calls < 1)
        {
            throw new ArgumentException($"--calls takes a positive count, not {calls}. {Usage}");
        }

        if (clients.FirstOrDefault(c => !StallReproducer.Clients.Contains(c)) is { } unknown)
        {
            throw new ArgumentException(
                $"--clients takes {string.Join(", ", StallReproducer.Clients)}, not '{unknown}'. {Usage}"
            );
        }

        var windows = result.GetValue(WindowsOption)!.Split(',', StringSplitOptions.TrimEntries);
        if (windows.FirstOrDefault(w => w is not ("default" or "bench")) is { } window)
        {
            throw new ArgumentException($"--windows takes default and bench, not '{window}'. {Usage}");
        }

        return new StallOptions(
            calls,
            [.. clients.Distinct()],
            [.. StallReproducer.Windows.Where((_, i) => windows.Contains(i == 0 ? "default" : "bench"))],
            result.GetValue(OutOption)!
        );
    }
}
