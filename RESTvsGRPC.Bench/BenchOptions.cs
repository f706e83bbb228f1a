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

    /// <summary>True where the user chose the benchmarks by a filter of their own, not the suite's.</summary>
    public bool Filtered { get; init; }

    /// <summary>The usage line every refusal of <c>run</c> ends with, derived from <see cref="RunOptions"/>.</summary>
    public static string Usage => RunOptions.Usage;

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
    /// Parses <paramref name="args"/> as <c>run</c>'s; throws <see cref="ArgumentException"/> with <see cref="Usage"/>
    /// on a bad option.
    /// </summary>
    public static BenchOptions Parse(string[] args) => From(BenchCommandLine.ParseRun(args));

    /// <summary>
    /// The options of a parsed <c>run</c>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> when they do
    /// not fit together (the first of <see cref="Conflicts"/> that holds).
    /// </summary>
    public static BenchOptions From(ParseResult result)
    {
        var said = Said.Of(result, ServersFrom(result, Usage));
        foreach (var (holds, sentence) in Conflicts)
        {
            if (holds(said))
            {
                throw new ArgumentException($"{sentence(said)} {Usage}");
            }
        }

        return WithPolicy(result, said);
    }

    /// <summary>What the user said on a <c>run</c> command line, before any of it is decided.</summary>
    private sealed record Said(
        BenchOptions Servers,
        string? Suite,
        bool HeadlineOption,
        bool Quick,
        bool Tls,
        IReadOnlyList<LinkProfile>? Links,
        bool Filtered,
        string? Aot,
        bool ServerCpus
    )
    {
        /// <summary>--quick is the headline at quick settings: a first look, without BenchmarkDotNet.</summary>
        public bool Headline => HeadlineOption || Quick;

        public bool GivesServers => Servers.GivesServers;

        public static Said Of(ParseResult result, BenchOptions servers) =>
            new(
                servers,
                result.GetResult(RunOptions.Suite) is { Implicit: false } ? result.GetValue(RunOptions.Suite) : null,
                result.GetValue(RunOptions.Headline),
                result.GetValue(RunOptions.Quick),
                result.GetValue(RunOptions.Tls),
                result.GetValue(RunOptions.Link),
                result.UnmatchedTokens.Any(IsFilter),
                result.GetValue(RunOptions.Aot),
                result.GetValue(RunOptions.ServerCpus) is not null
            );
    }

    /// <summary>
    /// The options that do not go together, each a condition and its sentence, checked in this order; each option's
    /// own value is checked where it is declared (<see cref="RunOptions"/>).
    /// </summary>
    private static readonly (Func<Said, bool> Holds, Func<Said, string> Sentence)[] Conflicts =
    [
        (
            s => s.Suite is "aot" && (s.Headline || s.GivesServers || s.Links is not null || s.Filtered),
            _ =>
                "--suite aot starts its own server processes and runs no BenchmarkDotNet: "
                + "it does not go with --headline, --quick, --link, server URLs or a filter."
        ),
        (
            s => s.Headline && s.Suite is not "aot" && s.Filtered,
            s =>
                $"{(s.HeadlineOption ? "--headline" : "--quick")} runs no BenchmarkDotNet, so a filter has nothing "
                + "to choose: filter the default run, or leave the filter out."
        ),
        (
            s => s.Suite is "aot" && AotServers.Unavailable() is not null,
            _ => $"--suite aot cannot run here: {AotServers.Unavailable()}"
        ),
        (
            s => s.ServerCpus && s.GivesServers,
            _ => "--server-cpus places the servers the bench starts; it does not go with --rest-url or --grpc-url."
        ),
        (
            s => s.Links is not null && (!s.Headline || s.Suite is "styles" || s.GivesServers),
            _ => "--link goes with --headline (the transport arms) and with servers the bench starts."
        ),
        (
            s => s.Tls && (!s.Headline || s.Suite is not (null or "default")),
            _ => "--tls goes with --headline (and --quick or --link), on the default suite's arms."
        ),
        (
            s =>
                s.Tls
                && s.GivesServers
                && s.Servers
                    is { RestTlsUrl: null }
                        or { GrpcTlsUrl: null }
                        or { RestTlsCertificate: null }
                        or { GrpcTlsCertificate: null },
            _ =>
                "--tls needs both servers' TLS endpoints: --rest-tls-url with --rest-tls-certificate and "
                + "--grpc-tls-url with --grpc-tls-certificate."
        ),
        (
            s => s.Aot is "off" && s.Suite is not "full",
            _ => "--aot off leaves the AOT builds out of the full suite; it goes with --suite full."
        ),
    ];

    /// <summary>
    /// The run <paramref name="said"/> asks for: which trial sets and builds it measures, its placement, its
    /// BenchmarkDotNet arguments.
    /// </summary>
    private static BenchOptions WithPolicy(ParseResult result, Said said)
    {
        var (suite, headline, filtered) = (said.Suite, said.Headline, said.Filtered);
        var measuresStartup = suite is "aot";
        var (clientCpus, serverCpus) = Placement(result, said.GivesServers);
        var callTimeout = result.GetResult(RunOptions.CallTimeout) is { Implicit: false }
            ? TimeSpan.FromSeconds(result.GetValue(RunOptions.CallTimeout))
            : (TimeSpan?)null;
        var rest = BenchmarkDotNetArgsFrom(result, suite);

        // Trials run with every suite that holds their arms (the transport suite's: default and full; the API styles':
        // styles and full), unless the user chose benchmarks by filter; --headline alone measures the transport arms,
        // with --suite styles the styles'.
        var measuresTrials = headline
            ? suite is not "styles" && !said.Tls
            : !filtered && (suite ?? "default") is "default" or "full";
        var measuresStylesTrials = !filtered && suite is "styles" or "full";

        // The full suite measures the builds where it starts its own servers on loopback and Native AOT can be built
        // here, and says why not otherwise.
        var fullWithAot = suite is "full" && !filtered && !said.GivesServers && said.Links is null;
        var aotLeftOut =
            !fullWithAot ? null
            : said.Aot is not "off" ? AotServers.Unavailable()
            : "--aot off.";
        fullWithAot &= aotLeftOut is null;
        return said.Servers with
        {
            MeasuresAotTrials = measuresStartup || fullWithAot,
            MeasuresBuildsOnly = measuresStartup,
            AotLeftOut = aotLeftOut,
            BenchmarkDotNetArgs = [.. rest],
            Filtered = filtered,
            Quick = said.Quick,
            CallTimeout = callTimeout,
            Headline = headline,
            MeasuresTrials = measuresTrials,
            MeasuresStylesTrials = measuresStylesTrials,
            TrialCount = result.GetValue(RunOptions.TrialCount),
            SegmentSeconds = result.GetValue(RunOptions.Segment),
            Slices = result.GetValue(RunOptions.Slices),
            InFlight = result.GetValue(RunOptions.InFlight),
            ServerCpus = serverCpus,
            ClientCpus = clientCpus,
            Links = said.Links,
            Tls = said.Tls,
            MeasuresStartup = measuresStartup || (fullWithAot && !headline),
        };
    }

    /// <summary>
    /// The client's and servers' CPUs: as given, or split in halves where the bench starts the servers.
    /// </summary>
    private static (CpuSet? Client, CpuSet? Servers) Placement(ParseResult result, bool givesServers)
    {
        var serverCpus = result.GetValue(RunOptions.ServerCpus);
        var clientCpus = result.GetValue(RunOptions.ClientCpus);
        return serverCpus is null && clientCpus is null && !givesServers && CpuSet.Split() is { } split
            ? split
            : (clientCpus, serverCpus);
    }

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
        if (result.GetValue(RunOptions.BenchmarkDotNetHelp))
        {
            rest.Add("--help");
        }

        // Without a filter BenchmarkDotNet asks which benchmarks to run; the bench must never wait for a key.
        if (!rest.Any(IsFilter) && !rest.Any(IsPrintOnly))
        {
            rest.Add("--filter");
            rest.AddRange(RunOptions.Suites[suite ?? "default"]);
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
        var restUrl = result.GetValue(RunOptions.RestUrl);
        var h2cUrl = result.GetValue(RunOptions.RestH2cUrl);
        var tlsUrl = result.GetValue(RunOptions.RestTlsUrl);
        var scalingUrl = result.GetValue(RunOptions.RestScalingUrl);
        var grpcUrl = result.GetValue(RunOptions.GrpcUrl);
        var grpcTlsUrl = result.GetValue(RunOptions.GrpcTlsUrl);
        var grpcScalingUrl = result.GetValue(RunOptions.GrpcScalingUrl);
        var grpcWebUrl = result.GetValue(RunOptions.GrpcWebUrl);
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

        var dataPath = result.GetValue(RunOptions.Data) is { } data ? Path.GetFullPath(data) : null;
        return new BenchOptions(
            RestUrl: restUrl,
            RestH2cUrl: h2cUrl,
            RestTlsUrl: tlsUrl,
            RestTlsCertificate: result.GetValue(RunOptions.RestTlsCertificate),
            RestScalingUrl: scalingUrl,
            GrpcUrl: grpcUrl,
            GrpcTlsUrl: grpcTlsUrl,
            GrpcTlsCertificate: result.GetValue(RunOptions.GrpcTlsCertificate),
            GrpcScalingUrl: grpcScalingUrl,
            DataPath: dataPath,
            BenchmarkDotNetArgs: [],
            GrpcWebUrl: grpcWebUrl
        );
    }

    private static bool IsPrintOnly(string argument) =>
        argument is "--list" or "--help" or "-h" or "--version" or "--info";

    private static bool IsFilter(string argument) => argument is "--filter" or "-f";
}
