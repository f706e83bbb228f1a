using System.CommandLine;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The bench's own options (which suites, trials and checks a run measures); every other argument goes to
/// BenchmarkDotNet untouched.
/// </summary>
public sealed record BenchOptions(
    Uri? RestUrl,
    Uri? RestH2cUrl,
    Uri? RestTlsUrl,
    string? RestTlsCertificate,
    Uri? RestScalingUrl,
    Uri? GrpcUrl,
    Uri? GrpcTlsUrl,
    string? GrpcTlsCertificate,
    Uri? GrpcScalingUrl,
    string? DataPath,
    string[] BenchmarkDotNetArgs,
    bool Quick = false,
    TimeSpan? CallTimeout = null,
    bool Headline = false,
    CpuSet? ServerCpus = null,
    CpuSet? ClientCpus = null,
    Uri? GrpcWebUrl = null,
    bool MeasuresTrials = false,
    int? TrialCount = null,
    double? SegmentSeconds = null,
    bool MeasuresStylesTrials = false,
    IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>>? InFlight = null,
    int? Slices = null,
    IReadOnlyList<LinkProfile>? Links = null,
    bool MeasuresStartup = false,
    bool MeasuresAotTrials = false,
    bool MeasuresBuildsOnly = false,
    bool Tls = false
)
{
    /// <summary>
    /// True where BenchmarkDotNet's processes settle the JIT on their case before timing it: all but the dry job, which
    /// times nothing.
    /// </summary>
    public bool SettlesBenchmarks => !Dry;

    /// <summary>
    /// Why a <c>--suite full</c> run leaves the AOT builds out (<see cref="AotServers.Unavailable"/>), in one sentence;
    /// null where it measures them or was not asked to.
    /// </summary>
    public string? AotLeftOut { get; init; }

    public const string Usage =
        "usage: RESTvsGRPC.Bench [run] [--suite default|styles|scaling|full|aot] [--aot on|off] "
        + "[--headline|--quick [--tls]] [--trials N] [--segment SECONDS] [--slices N] [--in-flight OP=N[/N],…] "
        + "[--link PROFILE[,PROFILE…]] [--call-timeout SECONDS] [--server-cpus LIST] [--client-cpus LIST] "
        + "[--rest-url URL [--rest-h2c-url URL] [--rest-tls-url URL --rest-tls-certificate SHA256] "
        + "[--rest-scaling-url URL]] "
        + "[--grpc-url URL [--grpc-tls-url URL --grpc-tls-certificate SHA256] [--grpc-web-url URL] "
        + "[--grpc-scaling-url URL]] "
        + "[--data PATH] [BenchmarkDotNet options: --filter, --job short|dry, --artifacts DIR, …; "
        + "--benchmarkdotnet-help lists them]";

    /// <summary>
    /// True when the user named servers already running: then the bench starts none, and measures only those.
    /// </summary>
    public bool GivesServers => RestUrl is not null || GrpcUrl is not null;

    /// <summary>
    /// How the servers start for this run over <paramref name="link"/> (null: loopback), serving
    /// <paramref name="dataPath"/>: the AOT builds where the run measures them, the scaling pair with
    /// <paramref name="scaling"/>. A client placed without servers placed gives the servers every CPU, as without any
    /// placement, since they would inherit the client's set from the bench.
    /// </summary>
    public ServerStart ServerStartFor(string dataPath, bool scaling, LinkProfile? link) =>
        new(dataPath, ServerCpus ?? (ClientCpus is not null && CpuSet.Supported ? CpuSet.All() : null))
        {
            Given = GivesServers,
            GivenRest = RestUrl is { } rest
                ? new RestServerAddresses(rest, RestH2cUrl, RestTlsUrl, RestTlsCertificate)
                : null,
            GivenGrpc = GrpcUrl is { } grpc
                ? new GrpcServerAddresses(grpc, GrpcTlsUrl, GrpcTlsCertificate, GrpcWebUrl)
                : null,
            GivenRestScaling = RestScalingUrl,
            GivenGrpcScaling = GrpcScalingUrl,
            Scaling = scaling,
            Aot = MeasuresAotTrials,
            Link = link,
        };

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

    /// <summary>
    /// BenchmarkDotNet's default job, bounded: 3 warm-ups and 5–10 iterations of 250 ms per case (a case's time moves
    /// far more between processes than within one).
    /// </summary>
    public static IReadOnlyList<string> DefaultIterationBounds { get; } =
    ["--warmupCount", "3", "--minIterationCount", "5", "--maxIterationCount", "10", "--iterationTime", "250"];

    /// <summary>
    /// True for BenchmarkDotNet's dry job (<c>--job dry</c>), which proves the pipeline and measures nothing.
    /// </summary>
    public bool Dry => BenchmarkDotNetArgs.Contains("dry", StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// The headline's trials: the dry job's, a link run's, the quick look's or a result run's, with <c>--trials</c>,
    /// <c>--segment</c>, <c>--slices</c> and <c>--in-flight</c> applied; servers given by URL are never renewed per
    /// trial.
    /// </summary>
    public TrialPlan TrialPlan
    {
        get
        {
            var plan =
                Dry ? TrialPlan.Dry
                : Links is not null ? TrialPlan.Link
                : Quick ? TrialPlan.Quick
                : TrialPlan.Standard;
            return plan with
            {
                Trials = TrialCount ?? plan.Trials,
                Stopping = TrialCount is null ? plan.Stopping : null,
                SegmentSeconds = SegmentSeconds ?? plan.SegmentSeconds,
                Slices = Slices ?? plan.Slices,
                ServersPerTrial = plan.ServersPerTrial && !GivesServers,
                InFlight = InFlight ?? plan.InFlight,
            };
        }
    }

    /// <summary>
    /// Where BenchmarkDotNet writes: its <c>--artifacts</c> option, else <c>BenchmarkDotNet.Artifacts</c> here.
    /// </summary>
    public string ArtifactsPath =>
        Path.GetFullPath(
            BenchmarkDotNetArgs.SkipWhile(a => a != "--artifacts").Skip(1).FirstOrDefault()
                ?? "BenchmarkDotNet.Artifacts"
        );

    /// <summary>True where BenchmarkDotNet only prints (a list, help, its version): no server is needed.</summary>
    public bool OnlyPrints => BenchmarkDotNetArgs.Any(IsPrintOnly);

    /// <summary>
    /// The <c>run</c> command's options; arguments it does not know go to BenchmarkDotNet
    /// (<see cref="BenchmarkDotNetArguments"/>).
    /// </summary>
    internal static class Options
    {
        public static readonly Option<string> Suite = new Option<string>("--suite")
        {
            Description =
                "Which benchmarks: default (transport and codec), styles (API styles), scaling (1 to 10 000 records), "
                + "full (every benchmark) or aot (the servers' JIT and Native AOT builds: "
                + "cold start and memory over fresh server processes, --trials of them; no BenchmarkDotNet).",
            HelpName = "default|styles|scaling|full|aot",
            DefaultValueFactory = _ => "default",
        };

        public static readonly Option<bool> Tls = new("--tls")
        {
            Description =
                "With --headline (and --quick or --link): its arms over TLS (REST + JSON with HTTP/1.1 and HTTP/2, "
                + "gRPC) beside their cleartext twins, the TLS/cleartext ratios and each arm's first answer on a "
                + "new connection; into ARTIFACTS/headline-tls.",
        };
        public static readonly Option<bool> Headline = new("--headline")
        {
            Description =
                "Only the headline: latency and throughput per call over fresh-process trials, ratios with intervals; "
                + "no BenchmarkDotNet, and no load mode or h2load check (the default run has them).",
        };
        public static readonly Option<int> TrialCount = new("--trials")
        {
            Description =
                $"Fresh client processes the headline measures in, all of them (result run: 6 to 12, "
                + $"stopping once the ratios are precise; --quick 6, dry job 2; "
                + $"{TrialPlan.MinTrials}-{TrialPlan.MaxTrials}; 6 or more for a 95 % interval).",
            HelpName = "N",
        };
        public static readonly Option<double> Segment = new("--segment")
        {
            Description =
                $"Seconds each arm is measured per quantity and level in a trial (result run 0.3, --quick 0.15, "
                + $"dry job 0.05; {TrialPlan.MinSegmentSeconds}-{TrialPlan.MaxSegmentSeconds}).",
            HelpName = "SECONDS",
        };
        public static readonly Option<int> Slices = new("--slices")
        {
            Description =
                $"Slices each arm's segment is cut into, an operation's arms taking turns slice by slice (result run "
                + $"2, --quick 2, dry job 1; 1 measures each arm in one contiguous segment; "
                + $"1-{TrialPlan.MaxSlices}).",
            HelpName = "N",
        };
        public static readonly Option<string> InFlight = new("--in-flight")
        {
            Description =
                $"The levels of calls in flight the headline's throughput is measured at, per operation, "
                + $"each arm's taken at its peak among them [default: "
                + $"{TrialPlan.Describe(TrialPlan.DefaultInFlight)}; 1-{TrialPlan.MaxInFlight}].",
            HelpName = "OP=N[/N],…",
        };
        public static readonly Option<string> Aot = new("--aot")
        {
            Description =
                "With --suite full: whether the run takes in the servers' Native AOT builds (on, the default, "
                + "where a C toolchain links them) or leaves them out (off: no publish, "
                + "cold starts or AOT trials; the AOT suite runs them alone).",
            HelpName = "on|off",
        };

        public static readonly Option<bool> Quick = new("--quick")
        {
            Description =
                "A first look: the headline at quick settings, six trials of 0.15 s per arm, quantity and level, "
                + "no open loop (BenchmarkDotNet's short job: --job short on the default run).",
        };
        public static readonly Option<string> Link = new("--link")
        {
            Description =
                $"With --headline: measure it over each link in turn, "
                + $"the servers in a network namespace of their own reached through a router namespace that shapes "
                + $"what it forwards (Linux, root; a round trip or loss also iptables-legacy): {LinkProfile.Accepted}, "
                + $"e.g. 100mbit+20ms-rtt [default: loopback, as every other run]. Per link: six trials of 1 s, the "
                + $"small GET, and the large GET and POST with and without gzip.",
            HelpName = "PROFILE[,PROFILE…]",
        };
        public static readonly Option<int> CallTimeout = new("--call-timeout")
        {
            Description = "Seconds one call may take, body and stream included, before it fails the run.",
            HelpName = "SECONDS",
            DefaultValueFactory = _ => HttpClientSettings.DefaultCallTimeoutSeconds,
        };
        public static readonly Option<string> ServerCpus = new("--server-cpus")
        {
            Description =
                "CPUs for the servers the bench starts (taskset list, Linux) [default: the second half of the CPUs, "
                + "with the client on the first half].",
            HelpName = "LIST",
        };
        public static readonly Option<string> ClientCpus = new("--client-cpus")
        {
            Description =
                "CPUs for the bench, its trials and BenchmarkDotNet's processes (taskset list, Linux) [default: "
                + "the first half of the CPUs].",
            HelpName = "LIST",
        };
        public static readonly Option<string> RestUrl = Url(
            "--rest-url",
            "A RestAPI already running (HTTP/1.1); the bench then starts no server."
        );
        public static readonly Option<string> RestH2cUrl = Url("--rest-h2c-url", "Its h2c endpoint (with --rest-url).");
        public static readonly Option<string> RestTlsUrl = Url(
            "--rest-tls-url",
            "Its TLS endpoint (with --rest-url and --rest-tls-certificate)."
        );
        public static readonly Option<string> RestTlsCertificate = new("--rest-tls-certificate")
        {
            Description = "SHA-256 of the TLS endpoint's certificate, the one the client trusts.",
            HelpName = "SHA256",
        };
        public static readonly Option<string> RestScalingUrl = Url(
            "--rest-scaling-url",
            "A RestAPI serving 10 000 generated records (with --rest-url)."
        );
        public static readonly Option<string> GrpcUrl = Url(
            "--grpc-url",
            "A GrpcAPI already running (h2c); the bench then starts no server."
        );
        public static readonly Option<string> GrpcTlsUrl = Url(
            "--grpc-tls-url",
            "Its TLS endpoint (with --grpc-url and --grpc-tls-certificate)."
        );
        public static readonly Option<string> GrpcTlsCertificate = new("--grpc-tls-certificate")
        {
            Description = "SHA-256 of the gRPC TLS endpoint's certificate.",
            HelpName = "SHA256",
        };
        public static readonly Option<string> GrpcWebUrl = Url(
            "--grpc-web-url",
            "Its HTTP/1.1 endpoint for gRPC-Web and JSON transcoding (with --grpc-url)."
        );
        public static readonly Option<string> GrpcScalingUrl = Url(
            "--grpc-scaling-url",
            "A GrpcAPI serving 10 000 generated records (with --grpc-url)."
        );
        public static readonly Option<string> Data = new("--data")
        {
            Description =
                "The records file the servers load and the gate checks against [default: data/meteorites.json].",
            HelpName = "PATH",
        };
        public static readonly Option<bool> BenchmarkDotNetHelp = new("--benchmarkdotnet-help")
        {
            Description =
                "Print BenchmarkDotNet's own options (--filter, --job, --artifacts, …), "
                + "which the bench passes through.",
        };

        /// <summary>The server options <c>load</c> and <c>soak</c> share with <c>run</c>.</summary>
        public static Option[] Servers =>
            [
                RestUrl,
                RestH2cUrl,
                RestTlsUrl,
                RestTlsCertificate,
                GrpcUrl,
                GrpcTlsUrl,
                GrpcTlsCertificate,
                GrpcWebUrl,
                Data,
            ];

        /// <summary>
        /// The options a first run needs, listed first in <c>--help</c>; the rest follow under "More options".
        /// </summary>
        public static Option[] FirstRun => [Quick, Headline, Suite, TrialCount, Link, Data];

        /// <summary>Every option of <c>run</c>.</summary>
        public static Option[] All =>
            [
                Suite,
                Aot,
                Headline,
                Tls,
                Quick,
                TrialCount,
                Segment,
                Slices,
                InFlight,
                Link,
                CallTimeout,
                ServerCpus,
                ClientCpus,
                RestUrl,
                RestH2cUrl,
                RestTlsUrl,
                RestTlsCertificate,
                RestScalingUrl,
                GrpcUrl,
                GrpcTlsUrl,
                GrpcTlsCertificate,
                GrpcWebUrl,
                GrpcScalingUrl,
                Data,
                BenchmarkDotNetHelp,
            ];

        private static Option<string> Url(string name, string description) =>
            new(name) { Description = description, HelpName = "URL" };
    }

    /// <summary>
    /// Parses <paramref name="args"/> as <c>run</c>'s; throws <see cref="ArgumentException"/> with <see cref="Usage"/>
    /// on a bad option.
    /// </summary>
    public static BenchOptions Parse(string[] args) => From(BenchCommandLine.ParseRun(args));

    /// <summary>
    /// The options of a parsed <c>run</c>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> when they do
    /// not fit together.
    /// </summary>
    public static BenchOptions From(ParseResult result)
    {
        var servers = ServersFrom(result, Usage);
        var suite = result.GetResult(Options.Suite) is { Implicit: false } ? result.GetValue(Options.Suite) : null;
        if (suite is not null && !Suites.ContainsKey(suite))
        {
            throw new ArgumentException($"--suite takes {string.Join(" or ", Suites.Keys)}, not '{suite}'. {Usage}");
        }

        // --quick is the headline at quick settings: a first look, without BenchmarkDotNet.
        var quick = result.GetValue(Options.Quick);
        var headline = result.GetValue(Options.Headline) || quick;
        var measuresStartup = suite is "aot";
        if (
            measuresStartup
            && (
                headline
                || servers.GivesServers
                || result.GetValue(Options.Link) is not null
                || result.UnmatchedTokens.Any(IsFilter)
            )
        )
        {
            throw new ArgumentException(
                $"--suite aot starts its own server processes and runs no BenchmarkDotNet: "
                    + $"it does not go with --headline, --quick, --link, server URLs or a filter. {Usage}"
            );
        }

        if (headline && !measuresStartup && result.UnmatchedTokens.Any(IsFilter))
        {
            throw new ArgumentException(
                $"{(result.GetValue(Options.Headline) ? "--headline" : "--quick")} runs no BenchmarkDotNet, so a "
                    + $"filter has nothing to choose: filter the default run, or leave the filter out. {Usage}"
            );
        }

        if (measuresStartup && AotServers.Unavailable() is { } unavailable)
        {
            throw new ArgumentException($"--suite aot cannot run here: {unavailable} {Usage}");
        }

        var inFlight = result.GetValue(Options.InFlight) is { } given ? TrialPlan.ParseInFlight(given, Usage) : null;
        var (clientCpus, serverCpus) = Placement(result, servers.GivesServers);
        TimeSpan? callTimeout = result.GetResult(Options.CallTimeout) is not { Implicit: false }
            ? null
            : result.GetValue(Options.CallTimeout) switch
            {
                > 0 and var seconds => TimeSpan.FromSeconds(seconds),
                var seconds => throw new ArgumentException(
                    $"--call-timeout takes a whole number of seconds above 0, not '{seconds}'. {Usage}"
                ),
            };
        var links = result.GetValue(Options.Link) is { } linkList ? LinkProfile.ParseList(linkList, Usage) : null;
        if (links is not null && (!headline || suite is "styles" || servers.GivesServers))
        {
            throw new ArgumentException(
                $"--link goes with --headline (the transport arms) and with servers the bench starts. {Usage}"
            );
        }

        var tls = result.GetValue(Options.Tls);
        if (tls && (!headline || suite is not (null or "default")))
        {
            throw new ArgumentException(
                $"--tls goes with --headline (and --quick or --link), on the default suite's arms. {Usage}"
            );
        }

        if (
            tls
            && servers.GivesServers
            && (
                servers.RestTlsUrl is null
                || servers.GrpcTlsUrl is null
                || servers.RestTlsCertificate is null
                || servers.GrpcTlsCertificate is null
            )
        )
        {
            throw new ArgumentException(
                $"--tls needs both servers' TLS endpoints: --rest-tls-url with --rest-tls-certificate and "
                    + $"--grpc-tls-url with --grpc-tls-certificate. {Usage}"
            );
        }

        var rest = BenchmarkDotNetArgsFrom(result, suite);

        // Trials run with every suite that holds their arms (the transport suite's: default and full; the API styles':
        // styles and full), unless the user chose benchmarks by filter; --headline alone measures the transport arms,
        // with --suite styles the styles'.
        var filtered = result.UnmatchedTokens.Any(IsFilter);
        var measuresTrials = headline
            ? suite is not "styles" && !tls
            : !filtered && (suite ?? "default") is "default" or "full";
        var measuresStylesTrials = !filtered && suite is "styles" or "full";

        // The full suite measures the builds where it starts its own servers on loopback and Native AOT can be built
        // here, and says why not otherwise.
        var aotOn = result.GetValue(Options.Aot) switch
        {
            null or "on" => true,
            "off" when suite is "full" => false,
            "off" => throw new ArgumentException(
                $"--aot off leaves the AOT builds out of the full suite; it goes with --suite full. {Usage}"
            ),
            var other => throw new ArgumentException($"--aot takes on or off, not '{other}'. {Usage}"),
        };
        var fullWithAot = suite is "full" && !filtered && !servers.GivesServers && links is null;
        var aotLeftOut =
            !fullWithAot ? null
            : aotOn ? AotServers.Unavailable()
            : "--aot off.";
        fullWithAot &= aotLeftOut is null;
        return servers with
        {
            MeasuresAotTrials = measuresStartup || fullWithAot,
            MeasuresBuildsOnly = measuresStartup,
            AotLeftOut = aotLeftOut,
            BenchmarkDotNetArgs = [.. rest],
            Quick = quick,
            CallTimeout = callTimeout,
            Headline = headline,
            MeasuresTrials = measuresTrials,
            MeasuresStylesTrials = measuresStylesTrials,
            TrialCount = WholeNumber(result, Options.TrialCount, TrialPlan.MinTrials, TrialPlan.MaxTrials),
            SegmentSeconds = Seconds(result, Options.Segment, TrialPlan.MinSegmentSeconds, TrialPlan.MaxSegmentSeconds),
            Slices = WholeNumber(result, Options.Slices, 1, TrialPlan.MaxSlices),
            InFlight = inFlight,
            ServerCpus = serverCpus,
            ClientCpus = clientCpus,
            Links = links,
            Tls = tls,
            MeasuresStartup = measuresStartup || (fullWithAot && !headline),
        };
    }

    /// <summary>
    /// The client's and servers' CPUs: as given, or split in halves where the bench starts the servers.
    /// </summary>
    private static (CpuSet? Client, CpuSet? Servers) Placement(ParseResult result, bool givesServers)
    {
        var serverCpus = Cpus(result, Options.ServerCpus);
        var clientCpus = Cpus(result, Options.ClientCpus);
        if (serverCpus is not null && givesServers)
        {
            throw new ArgumentException(
                $"--server-cpus places the servers the bench starts; it does not go with --rest-url or --grpc-url. "
                    + $"{Usage}"
            );
        }

        if (serverCpus is null && clientCpus is null && !givesServers && CpuSet.Split() is { } split)
        {
            return split;
        }

        return (clientCpus, serverCpus);
    }

    /// <summary>
    /// <paramref name="option"/>'s value, null where not given; throws <see cref="ArgumentException"/> with
    /// <see cref="Usage"/> outside <paramref name="min"/>–<paramref name="max"/>.
    /// </summary>
    private static double? Seconds(ParseResult result, Option<double> option, double min, double max) =>
        result.GetResult(option) is not { Implicit: false }
            ? null
            : result.GetValue(option) switch
            {
                var seconds when seconds >= min && seconds <= max => seconds,
                var seconds => throw new ArgumentException(
                    string.Create(
                        System.Globalization.CultureInfo.InvariantCulture,
                        $"{option.Name} takes seconds from {min} to {max}, not '{seconds}'. {Usage}"
                    )
                ),
            };

    private static int? WholeNumber(ParseResult result, Option<int> option, int min, int max) =>
        result.GetResult(option) is not { Implicit: false }
            ? null
            : result.GetValue(option) switch
            {
                var n when n >= min && n <= max => n,
                var n => throw new ArgumentException(
                    $"{option.Name} takes a whole number from {min} to {max}, not '{n}'. {Usage}"
                ),
            };

    /// <summary>
    /// The user's BenchmarkDotNet arguments, plus the suite's filter, the job's bounds and stopping at the first error
    /// where the user gave none of their kind.
    /// </summary>
    private static List<string> BenchmarkDotNetArgsFrom(ParseResult result, string? suite)
    {
        List<string> rest = [.. result.UnmatchedTokens];
        if (rest is [var first, ..] && !first.StartsWith('-'))
        {
            throw new ArgumentException(
                $"'{first}' is not a command (run, load, soak, compare, summary) nor an option. {Usage}"
            );
        }

        BenchmarkDotNetArguments.Validate(rest, Usage);
        if (result.GetValue(Options.BenchmarkDotNetHelp))
        {
            rest.Add("--help");
        }

        // Without a filter BenchmarkDotNet asks which benchmarks to run; the bench must never wait for a key.
        if (!rest.Any(IsFilter) && !rest.Any(IsPrintOnly))
        {
            rest.Add("--filter");
            rest.AddRange(Suites[suite ?? "default"]);
        }

        // BenchmarkDotNet's default job may take up to 100 iterations per case; bounded, the default suite's cases take
        // about seven minutes on two cores. Any job, warm-up or iteration option of the user's replaces the bound.
        if (
            !rest.Any(a =>
                a
                    is "--job"
                        or "-j"
                        or "--warmupCount"
                        or "--iterationCount"
                        or "--minIterationCount"
                        or "--maxIterationCount"
                        or "--iterationTime"
                        or "--runOncePerIteration"
                || IsPrintOnly(a)
            )
        )
        {
            rest.AddRange(DefaultIterationBounds);
        }

        // A run with a failed benchmark writes no report, so the benchmarks after it would be timed for nothing.
        if (!rest.Contains("--stopOnFirstError"))
        {
            rest.Add("--stopOnFirstError");
        }

        return rest;
    }

    /// <summary>
    /// The server options of a parsed <c>run</c>, <c>load</c> or <c>soak</c>; throws <see cref="ArgumentException"/>
    /// with <paramref name="usage"/> when they do not fit together.
    /// </summary>
    public static BenchOptions ServersFrom(ParseResult result, string usage)
    {
        var restUrl = HttpUrl(result, Options.RestUrl, usage);
        var h2cUrl = HttpUrl(result, Options.RestH2cUrl, usage);
        var tlsUrl = HttpUrl(result, Options.RestTlsUrl, usage);
        var scalingUrl = HttpUrl(result, Options.RestScalingUrl, usage);
        var grpcUrl = HttpUrl(result, Options.GrpcUrl, usage);
        var grpcTlsUrl = HttpUrl(result, Options.GrpcTlsUrl, usage);
        var grpcScalingUrl = HttpUrl(result, Options.GrpcScalingUrl, usage);
        var grpcWebUrl = HttpUrl(result, Options.GrpcWebUrl, usage);
        if ((h2cUrl ?? tlsUrl ?? scalingUrl) is not null && restUrl is null)
        {
            throw new ArgumentException(
                $"--rest-h2c-url, --rest-tls-url and --rest-scaling-url go with --rest-url. {usage}"
            );
        }

        if ((grpcTlsUrl ?? grpcScalingUrl ?? grpcWebUrl) is not null && grpcUrl is null)
        {
            throw new ArgumentException(
                $"--grpc-tls-url, --grpc-web-url and --grpc-scaling-url go with --grpc-url. {usage}"
            );
        }

        var dataPath = result.GetValue(Options.Data) is { } data ? Path.GetFullPath(data) : null;
        return new BenchOptions(
            restUrl,
            h2cUrl,
            tlsUrl,
            result.GetValue(Options.RestTlsCertificate),
            scalingUrl,
            grpcUrl,
            grpcTlsUrl,
            result.GetValue(Options.GrpcTlsCertificate),
            grpcScalingUrl,
            dataPath,
            [],
            GrpcWebUrl: grpcWebUrl
        );
    }

    private static bool IsPrintOnly(string argument) =>
        argument is "--list" or "--help" or "-h" or "--version" or "--info";

    private static bool IsFilter(string argument) => argument is "--filter" or "-f";

    private static Uri? HttpUrl(ParseResult result, Option<string> option, string usage) =>
        result.GetValue(option) switch
        {
            null => null,
            var value when Uri.TryCreate(value, UriKind.Absolute, out var url) && url.Scheme is "http" or "https" =>
                url,
            var value => throw new ArgumentException(
                $"{option.Name} takes an absolute http(s) URL, not '{value}'. {usage}"
            ),
        };

    private static CpuSet? Cpus(ParseResult result, Option<string> option)
    {
        if (result.GetValue(option) is not { } value)
        {
            return null;
        }

        try
        {
            return CpuSet.Parse(option.Name, value);
        }
        catch (ArgumentException e)
        {
            throw new ArgumentException($"{e.Message} {Usage}", e);
        }
    }
}
