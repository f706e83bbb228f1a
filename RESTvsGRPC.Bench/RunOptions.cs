using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The <c>run</c> command's options, each declared once: name, type, default, help, group and the check of its own
/// value. <c>--help</c>, the usage line, the list of options and the per-option errors all derive from these
/// declarations; arguments the bench does not know go to BenchmarkDotNet (<see cref="BenchmarkDotNetArguments"/>).
/// </summary>
internal static class RunOptions
{
    /// <summary>Where an option is listed besides <see cref="All"/>.</summary>
    [Flags]
    private enum Group
    {
        None = 0,

        /// <summary>Listed first in <c>--help</c>, under "Options for a first run".</summary>
        FirstRun = 1,

        /// <summary>Shared with <c>load</c> and <c>soak</c>: the servers to measure and their data.</summary>
        Servers = 2,
    }

    // Declared before every option: the options add themselves in the order they are declared.
    private static readonly List<Option> s_all = [];
    private static readonly List<Option> s_firstRun = [];
    private static readonly List<Option> s_servers = [];

    /// <summary>Benchmark classes each suite runs, as BenchmarkDotNet filters.</summary>
    public static IReadOnlyDictionary<string, string[]> Suites { get; } =
        new Dictionary<string, string[]>
        {
            ["default"] = ["*TransportBenchmarks*", "*CodecBenchmarks*"],
            ["scaling"] = ["*ScalingBenchmarks*"],
            ["styles"] = ["*StylesBenchmarks*"],
            ["full"] = ["*"],
            ["aot"] = [],
        };

    public static readonly Option<bool> Quick = Declare(
        new Option<bool>("--quick")
        {
            Description =
                "A first look: the headline at quick settings, six trials of 0.15 s per arm, quantity and level, "
                + "no open loop (BenchmarkDotNet's short job: --job short on the default run).",
        },
        Group.FirstRun
    );

    public static readonly Option<bool> Headline = Declare(
        new Option<bool>("--headline")
        {
            Description =
                "Only the headline: latency and throughput per call over fresh-process trials, ratios with intervals; "
                + "no BenchmarkDotNet, and no load mode or h2load check (the default run has them).",
        },
        Group.FirstRun
    );

    public static readonly Option<string> Suite = Declare(
        OneOf(
            new Option<string>("--suite")
            {
                Description =
                    "Which benchmarks: default (transport and codec), styles (API styles), scaling (1 to 10 000 "
                    + "records), full (every benchmark) or aot (the servers' JIT and Native AOT builds: "
                    + "cold start and memory over fresh server processes, --trials of them; no BenchmarkDotNet).",
                HelpName = "default|styles|scaling|full|aot",
                DefaultValueFactory = _ => "default",
            },
            [.. Suites.Keys]
        ),
        Group.FirstRun
    );

    public static readonly Option<string> Aot = Declare(
        OneOf(
            new Option<string>("--aot")
            {
                Description =
                    "With --suite full: whether the run takes in the servers' Native AOT builds (on, the default, "
                    + "where a C toolchain links them) or leaves them out (off: no publish, "
                    + "cold starts or AOT trials; the AOT suite runs them alone).",
                HelpName = "on|off",
            },
            ["on", "off"]
        )
    );

    public static readonly Option<bool> Tls = Declare(
        new Option<bool>("--tls")
        {
            Description =
                "With --headline (and --quick or --link): its arms over TLS (REST + JSON with HTTP/1.1 and HTTP/2, "
                + "gRPC) beside their cleartext twins, the TLS/cleartext ratios and each arm's first answer on a "
                + "new connection; into ARTIFACTS/headline-tls.",
        }
    );

    public static readonly Option<int?> TrialCount = Declare(
        WholeNumber(
            "--trials",
            $"Fresh client processes the headline measures in, all of them (result run: 6 to 12, "
                + $"stopping once the ratios are precise; --quick 6, dry job 2; "
                + $"{TrialPlan.MinTrials}-{TrialPlan.MaxTrials}; 6 or more for a 95 % interval).",
            TrialPlan.MinTrials,
            TrialPlan.MaxTrials
        ),
        Group.FirstRun
    );

    public static readonly Option<double?> Segment = Declare(
        Seconds(
            "--segment",
            $"Seconds each arm is measured per quantity and level in a trial (result run 0.3, --quick 0.15, "
                + $"dry job 0.05; {TrialPlan.MinSegmentSeconds}-{TrialPlan.MaxSegmentSeconds}).",
            TrialPlan.MinSegmentSeconds,
            TrialPlan.MaxSegmentSeconds
        )
    );

    public static readonly Option<int?> Slices = Declare(
        WholeNumber(
            "--slices",
            $"Slices each arm's segment is cut into, an operation's arms taking turns slice by slice (result run "
                + $"2, --quick 2, dry job 1; 1 measures each arm in one contiguous segment; "
                + $"1-{TrialPlan.MaxSlices}).",
            1,
            TrialPlan.MaxSlices
        )
    );

    public static readonly Option<IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>>?> InFlight = Declare(
        Parsed(
            "--in-flight",
            $"The levels of calls in flight the headline's throughput is measured at, per operation, "
                + $"each arm's taken at its peak among them [default: "
                + $"{TrialPlan.Describe(TrialPlan.DefaultInFlight)}; 1-{TrialPlan.MaxInFlight}].",
            "OP=N[/N],…",
            TrialPlan.ParseInFlight
        )
    );

    public static readonly Option<IReadOnlyList<LinkProfile>?> Link = Declare(
        Parsed(
            "--link",
            $"With --headline: measure it over each link in turn, "
                + $"the servers in a network namespace of their own reached through a router namespace that shapes "
                + $"what it forwards (Linux, root; a round trip or loss also iptables-legacy): {LinkProfile.Accepted}, "
                + $"e.g. 100mbit+20ms-rtt [default: loopback, as every other run]. Per link: six trials of 1 s, the "
                + $"small GET, and the large GET and POST with and without gzip.",
            "PROFILE[,PROFILE…]",
            LinkProfile.ParseList
        ),
        Group.FirstRun
    );

    public static readonly Option<int> CallTimeout = Declare(
        Checked(
            new Option<int>("--call-timeout")
            {
                Description = "Seconds one call may take, body and stream included, before it fails the run.",
                HelpName = "SECONDS",
                DefaultValueFactory = _ => HttpClientSettings.DefaultCallTimeoutSeconds,
            },
            seconds => seconds > 0 ? null : $"--call-timeout takes a whole number of seconds above 0, not '{seconds}'."
        )
    );

    public static readonly Option<CpuSet?> ServerCpus = Declare(
        Parsed(
            "--server-cpus",
            "CPUs for the servers the bench starts (taskset list, Linux) [default: the second half of the CPUs, "
                + "with the client on the first half].",
            "LIST",
            value => CpuSet.Parse("--server-cpus", value)
        )
    );

    public static readonly Option<CpuSet?> ClientCpus = Declare(
        Parsed(
            "--client-cpus",
            "CPUs for the bench, its trials and BenchmarkDotNet's processes (taskset list, Linux) [default: "
                + "the first half of the CPUs].",
            "LIST",
            value => CpuSet.Parse("--client-cpus", value)
        )
    );

    public static readonly Option<Uri?> RestUrl = Declare(
        Url("--rest-url", "A RestAPI already running (HTTP/1.1); the bench then starts no server."),
        Group.Servers
    );

    public static readonly Option<Uri?> RestH2cUrl = Declare(
        Url("--rest-h2c-url", "Its h2c endpoint (with --rest-url)."),
        Group.Servers
    );

    public static readonly Option<Uri?> RestTlsUrl = Declare(
        Url("--rest-tls-url", "Its TLS endpoint (with --rest-url and --rest-tls-certificate)."),
        Group.Servers
    );

    public static readonly Option<string> RestTlsCertificate = Declare(
        new Option<string>("--rest-tls-certificate")
        {
            Description = "SHA-256 of the TLS endpoint's certificate, the one the client trusts.",
            HelpName = "SHA256",
        },
        Group.Servers
    );

    public static readonly Option<Uri?> RestScalingUrl = Declare(
        Url("--rest-scaling-url", "A RestAPI serving 10 000 generated records (with --rest-url).")
    );

    public static readonly Option<Uri?> GrpcUrl = Declare(
        Url("--grpc-url", "A GrpcAPI already running (h2c); the bench then starts no server."),
        Group.Servers
    );

    public static readonly Option<Uri?> GrpcTlsUrl = Declare(
        Url("--grpc-tls-url", "Its TLS endpoint (with --grpc-url and --grpc-tls-certificate)."),
        Group.Servers
    );

    public static readonly Option<string> GrpcTlsCertificate = Declare(
        new Option<string>("--grpc-tls-certificate")
        {
            Description = "SHA-256 of the gRPC TLS endpoint's certificate.",
            HelpName = "SHA256",
        },
        Group.Servers
    );

    public static readonly Option<Uri?> GrpcWebUrl = Declare(
        Url("--grpc-web-url", "Its HTTP/1.1 endpoint for gRPC-Web and JSON transcoding (with --grpc-url)."),
        Group.Servers
    );

    public static readonly Option<Uri?> GrpcScalingUrl = Declare(
        Url("--grpc-scaling-url", "A GrpcAPI serving 10 000 generated records (with --grpc-url).")
    );

    public static readonly Option<string> Data = Declare(
        new Option<string>("--data")
        {
            Description =
                "The records file the servers load and the gate checks against [default: data/meteorites.json].",
            HelpName = "PATH",
        },
        Group.FirstRun | Group.Servers
    );

    public static readonly Option<bool> BenchmarkDotNetHelp = Declare(
        new Option<bool>("--benchmarkdotnet-help")
        {
            Description =
                "Print BenchmarkDotNet's own options (--filter, --job, --artifacts, …), "
                + "which the bench passes through.",
        }
    );

    /// <summary>Every option of <c>run</c>, in the order they are declared.</summary>
    public static IReadOnlyList<Option> All => s_all;

    /// <summary>
    /// The options a first run needs, listed first in <c>--help</c>; the rest follow under "More options".
    /// </summary>
    public static IReadOnlyList<Option> FirstRun => s_firstRun;

    /// <summary>The server options <c>load</c> and <c>soak</c> share with <c>run</c>.</summary>
    public static IReadOnlyList<Option> Servers => s_servers;

    /// <summary>
    /// The usage line every refusal ends with: each option with its value's name, then BenchmarkDotNet's.
    /// </summary>
    public static string Usage { get; } =
        "usage: RESTvsGRPC.Bench [run] "
        + Listed(s_all)
        + " [BenchmarkDotNet options: --filter, --job short|dry, --artifacts DIR, …; "
        + "--benchmarkdotnet-help lists them]";

    /// <summary>Each option with its value's name, as a usage line lists them.</summary>
    public static string Listed(IEnumerable<Option> options) =>
        string.Join(" ", options.Select(o => o.HelpName is { } value ? $"[{o.Name} {value}]" : $"[{o.Name}]"));

    private static T Declare<T>(T option, Group group = Group.None)
        where T : Option
    {
        s_all.Add(option);
        if (group.HasFlag(Group.FirstRun))
        {
            s_firstRun.Add(option);
        }

        if (group.HasFlag(Group.Servers))
        {
            s_servers.Add(option);
        }

        return option;
    }

    /// <summary><paramref name="option"/>, refusing any value but <paramref name="accepted"/>.</summary>
    private static Option<string> OneOf(Option<string> option, IReadOnlyList<string> accepted) =>
        Checked(option, value =>
            accepted.Contains(value) ? null : $"{option.Name} takes {string.Join(" or ", accepted)}, not '{value}'."
        );

    /// <summary>
    /// <paramref name="option"/>, refused in one sentence where <paramref name="refusal"/> names one (a value that
    /// does not parse is refused by the parser already).
    /// </summary>
    private static Option<T> Checked<T>(Option<T> option, Func<T, string?> refusal)
    {
        option.Validators.Add(result =>
        {
            if (result.Implicit || result.Tokens.Count == 0 || !TryValueOf<T>(result, out var value))
            {
                return;
            }

            if (refusal(value) is { } sentence)
            {
                result.AddError(sentence);
            }
        });
        return option;
    }

    /// <summary>
    /// An option whose value <paramref name="parse"/> reads, refused with the sentence of its
    /// <see cref="ArgumentException"/>.
    /// </summary>
    private static Option<T?> Parsed<T>(string name, string description, string helpName, Func<string, T> parse)
        where T : class =>
        new(name)
        {
            Description = description,
            HelpName = helpName,
            CustomParser = result =>
            {
                try
                {
                    return parse(result.Tokens[0].Value);
                }
                catch (ArgumentException e)
                {
                    result.AddError(e.Message);
                    return null;
                }
            },
        };

    private static Option<Uri?> Url(string name, string description) =>
        Parsed(name, description, "URL", value =>
            Uri.TryCreate(value, UriKind.Absolute, out var url) && url.Scheme is "http" or "https"
                ? url
                : throw new ArgumentException($"{name} takes an absolute http(s) URL, not '{value}'.")
        );

    private static Option<int?> WholeNumber(string name, string description, int min, int max) =>
        new(name)
        {
            Description = description,
            HelpName = "N",
            CustomParser = result =>
                int.TryParse(result.Tokens[0].Value, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
                    ? n
                    : Refused<int?>(
                        result,
                        $"{name} takes a whole number from {min} to {max}, not '{result.Tokens[0].Value}'."
                    ),
        };

    private static Option<double?> Seconds(string name, string description, double min, double max) =>
        new(name)
        {
            Description = description,
            HelpName = "SECONDS",
            CustomParser = result =>
                double.TryParse(result.Tokens[0].Value, CultureInfo.InvariantCulture, out var seconds)
                && seconds >= min
                && seconds <= max
                    ? seconds
                    : Refused<double?>(
                        result,
                        string.Create(
                            CultureInfo.InvariantCulture,
                            $"{name} takes seconds from {min} to {max}, not '{result.Tokens[0].Value}'."
                        )
                    ),
        };

    private static bool TryValueOf<T>(OptionResult result, out T value)
    {
        try
        {
            value = result.GetValueOrDefault<T>()!;
            return true;
        }
        catch (InvalidOperationException)
        {
            value = default!;
            return false;
        }
    }

    private static T? Refused<T>(ArgumentResult result, string sentence)
    {
        result.AddError(sentence);
        return default;
    }
}
