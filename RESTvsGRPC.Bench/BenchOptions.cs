using System.CommandLine;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Paired;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Trials;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The bench's own options; every other argument goes to BenchmarkDotNet untouched. With <c>Headline</c> (<c>--headline</c>)
/// the run measures only the headline's trials (no BenchmarkDotNet); <c>MeasuresTrials</c> says
/// whether it measures the transport arms' trials (the default and full suites do, before BenchmarkDotNet);
/// <c>MeasuresStylesTrials</c> whether it measures the API styles' (the styles and full suites do); <c>MeasuresPaired</c>
/// and <c>MeasuresStylesPaired</c> whether it also makes the call-by-call paired rounds, a diagnostic (<c>--rounds</c>);
/// <c>MeasuresStartup</c> whether it measures the servers' JIT and Native AOT builds from their first instant, and
/// <c>MeasuresAotTrials</c> whether it measures both builds' arms in the headline's trials (<c>--suite aot</c>, which does
/// nothing else: <c>MeasuresBuildsOnly</c>; and <c>--suite full</c>, where Native AOT can be built).
/// </summary>
public sealed record BenchOptions(
    Uri? RestUrl, Uri? RestH2cUrl, Uri? RestTlsUrl, string? RestTlsCertificate, Uri? RestScalingUrl,
    Uri? GrpcUrl, Uri? GrpcTlsUrl, string? GrpcTlsCertificate, Uri? GrpcScalingUrl, string? DataPath, string[] BenchmarkDotNetArgs, bool Quick = false,
    TimeSpan? CallTimeout = null, bool Headline = false, bool MeasuresPaired = false, CpuSet? ServerCpus = null, CpuSet? ClientCpus = null, Uri? GrpcWebUrl = null, bool MeasuresStylesPaired = false,
    bool MeasuresTrials = false, int? TrialCount = null, double? SegmentSeconds = null, bool MeasuresStylesTrials = false,
    IReadOnlyDictionary<LoadOperation, IReadOnlyList<int>>? InFlight = null, int? Slices = null, IReadOnlyList<LinkProfile>? Links = null, int? LoadWindows = null,
    IReadOnlySet<string>? ArmNames = null, bool ForcedCollections = false, bool MeasuresStartup = false, bool MeasuresAotTrials = false, bool MeasuresBuildsOnly = false)
{
    /// <summary>Fresh client processes load mode's cross-check runs in (<c>--load-processes</c>); null for the plan's.</summary>
    public int? LoadProcesses { get; init; }

    /// <summary>True where load mode's check runs a process after each trial (<c>--load-between-trials</c>).</summary>
    public bool LoadBetweenTrials { get; init; }

    /// <summary>The trials' pause after each slice, seconds (<c>--slice-pause</c>); null for the plan's.</summary>
    public double? SlicePause { get; init; }

    /// <summary>Whether each trial process collects fully after every slice (<c>--slice-collect on|off</c>); null for the plan's.</summary>
    public bool? SliceCollect { get; init; }

    /// <summary>
    /// Whether BenchmarkDotNet's processes settle the JIT on their case before its first timed batch
    /// (<c>--benchmark-settle on|off</c>); null for the default: on, but under the dry job, which times nothing.
    /// </summary>
    public bool? BenchmarkSettle { get; init; }

    /// <summary>True where BenchmarkDotNet's processes settle the JIT on their case before timing it.</summary>
    public bool SettlesBenchmarks => BenchmarkSettle ?? !BenchmarkDotNetArgs.Contains("dry", StringComparer.OrdinalIgnoreCase);

    /// <summary>Whether each trial gets its own RestAPI and GrpcAPI (<c>--trial-servers per-trial|per-run</c>); null for the plan's.</summary>
    public bool? ServersPerTrial { get; init; }

    /// <summary><c>--warm-arms suite</c>: each trial process warms every arm of its suite, not only those <c>--arms</c> names.</summary>
    public bool WarmsSuite { get; init; }

    /// <summary><c>--beside-servers fresh</c>: the trial beside each BenchmarkDotNet case calls a server pair started for it, not the run's.</summary>
    public bool BesideFreshServers { get; init; }

    /// <summary><c>--beside-after case</c>: a trial beside starts as each compared BenchmarkDotNet case ends, not once per operation after its last.</summary>
    public bool BesidePerCase { get; init; }

    /// <summary>The uncounted start of each throughput slice, seconds (<c>--ramp</c>); null for the plan's quarter slice.</summary>
    public double? Ramp { get; init; }

    /// <summary>True where load mode's check keeps one client per arm for all its windows (<c>--load-clients per-process</c>).</summary>
    public bool LoadKeepsClients { get; init; }

    /// <summary>True where load mode's check times its windows by the trials' closed loop (<c>--load-loop trials</c>).</summary>
    public bool LoadOnTrialsLoop { get; init; }

    /// <summary>
    /// True where the measuring processes run their socket completions inline on the socket engine's thread
    /// (<c>--client-completions inline</c>) instead of handing each to the thread pool, the runtime's default.
    /// </summary>
    public bool ClientCompletesInline { get; init; }

    /// <summary>
    /// The worker threads each server the bench starts runs in its thread pool, fixed (<c>--server-threads N</c>); null for
    /// the runtime's own count, which starts at the server's CPUs and which the pool's hill climbing moves.
    /// </summary>
    public int? ServerThreads { get; init; }

    /// <summary>Why a <c>--suite full</c> run leaves the AOT builds out (<see cref="AotServers.Unavailable"/>), in one sentence; null where it measures them or was not asked to.</summary>
    public string? AotLeftOut { get; init; }

    public const string Usage =
        "usage: RESTvsGRPC.Bench [run] [--suite default|styles|scaling|full|aot] [--aot on|off] [--headline] [--trials N] [--segment SECONDS] [--slices N] [--slice-pause SECONDS] [--slice-collect on|off] [--trial-servers per-trial|per-run] [--ramp SECONDS] [--in-flight OP=N[/N],…] [--load-windows N] [--load-processes N | --load-between-trials] [--load-clients per-window|per-process] [--load-loop load|trials] [--client-completions thread-pool|inline] [--server-threads N] [--arms OP/TARGET[,…] [--warm-arms measured|suite]] [--rounds] [--forced-collections] [--benchmark-settle on|off] [--beside-servers run|fresh] [--beside-after operation|case] [--quick] [--link PROFILE[,PROFILE…]] [--call-timeout SECONDS] [--server-cpus LIST] [--client-cpus LIST] [--rest-url URL [--rest-h2c-url URL] [--rest-tls-url URL --rest-tls-certificate SHA256] [--rest-scaling-url URL]] "
        + "[--grpc-url URL [--grpc-tls-url URL --grpc-tls-certificate SHA256] [--grpc-web-url URL] [--grpc-scaling-url URL]] [--data PATH] [BenchmarkDotNet options: --filter, --job short|dry, --artifacts DIR, …; --benchmarkdotnet-help lists them]";

    /// <summary>True when the user named servers already running: then the bench starts none, and measures only those.</summary>
    public bool GivesServers => RestUrl is not null || GrpcUrl is not null;

    /// <summary>Benchmark classes each suite runs, as BenchmarkDotNet filters.</summary>
    public static IReadOnlyDictionary<string, string[]> Suites { get; } = new Dictionary<string, string[]>
    {
        ["default"] = ["*TransportBenchmarks*", "*CodecBenchmarks*"],
        ["scaling"] = ["*ScalingBenchmarks*"],
        ["styles"] = ["*StylesBenchmarks*"],
        ["full"] = ["*"],
        ["aot"] = [],
    };

    /// <summary>
    /// What the bench adds to BenchmarkDotNet's default job when no job is chosen: three warm-up iterations and 5–10
    /// measured ones per case, each of about 250 ms (BenchmarkDotNet's default: 500), so a default run fits in 15 minutes
    /// on a slow 2-core VM now that every process settles its case first (docs/benchmark.md). A case's time moves far
    /// more from one process to the next than within its iterations, so more iterations would buy little.
    /// </summary>
    public static IReadOnlyList<string> DefaultIterationBounds { get; } = ["--warmupCount", "3", "--minIterationCount", "5", "--maxIterationCount", "10", "--iterationTime", "250"];

    /// <summary>
    /// The quick profile: BenchmarkDotNet's short job with one warm-up (3 iterations of 250 ms per case) and batches of
    /// 100 calls only, six trials of quarter-second segments without load mode's and h2load's checks; a first look,
    /// not a result to publish.
    /// </summary>
    public static IReadOnlyList<string> QuickJob { get; } = ["--job", "short", "--warmupCount", "1", "--iterationTime", "250"];

    /// <summary>The default suite with --quick: the transport benchmarks alone (the codec floor runs in the default run).</summary>
    public static IReadOnlyList<string> QuickDefaultSuite { get; } = ["*TransportBenchmarks*"];

    /// <summary>True for BenchmarkDotNet's dry job (<c>--job dry</c>), which proves the pipeline and measures nothing.</summary>
    public bool Dry => BenchmarkDotNetArgs.Contains("dry", StringComparer.OrdinalIgnoreCase);

    /// <summary>The headline's trials: the dry job's, a link run's, the quick profile's or a result run's, with <c>--trials</c>, <c>--segment</c>, <c>--slices</c>, <c>--in-flight</c> and the load check's options applied.</summary>
    public TrialPlan TrialPlan
    {
        get
        {
            var plan = Dry ? TrialPlan.Dry
                : Links is not null ? TrialPlan.Link
                : Quick ? TrialPlan.Quick
                : TrialPlan.Standard;
            plan = plan with { Trials = TrialCount ?? plan.Trials, SegmentSeconds = SegmentSeconds ?? plan.SegmentSeconds, Rounds = Slices ?? plan.Rounds, SlicePauseSeconds = SlicePause ?? plan.SlicePauseSeconds, CollectsAfterSlices = SliceCollect ?? plan.CollectsAfterSlices, ServersPerTrial = ServersPerTrial ?? (plan.ServersPerTrial && !GivesServers), InFlight = InFlight ?? plan.InFlight, LoadCheckWindows = LoadWindows ?? plan.LoadCheckWindows, LoadCheckProcesses = LoadProcesses ?? plan.LoadCheckProcesses, LoadCheckBetweenTrials = LoadBetweenTrials, LoadCheckKeepsClients = LoadKeepsClients, LoadCheckOnTrialsLoop = LoadOnTrialsLoop, WarmsSuite = WarmsSuite };
            return Ramp is { } ramp ? plan with { RampSeconds = ramp } : plan;
        }
    }

    /// <summary>
    /// The arms of <paramref name="suite"/> the trials measure: those <c>--arms</c> names, in the suite's order, or the
    /// suite's list itself when it names none.
    /// </summary>
    public IReadOnlyList<TrialArm> TrialArmsOf(IReadOnlyList<TrialArm> suite) =>
        ArmNames is null ? suite : [.. suite.Where(arm => ArmNames.Contains(arm.Name))];

    /// <summary>The paired rounds' plan: BenchmarkDotNet's dry job gets the minimum of rounds, the quick profile a shorter budget.</summary>
    public PairedMeasurement.Plan PairedPlan =>
        Dry ? PairedMeasurement.Plan.Dry
        : Quick ? PairedMeasurement.Plan.Quick
        : PairedMeasurement.Plan.Standard;

    /// <summary>
    /// Where BenchmarkDotNet writes (its <c>--artifacts</c> option, else <c>BenchmarkDotNet.Artifacts</c> in the current
    /// folder); a paired-only run writes into its <c>paired</c> folder.
    /// </summary>
    public string ArtifactsPath =>
        Path.GetFullPath(BenchmarkDotNetArgs.SkipWhile(a => a != "--artifacts").Skip(1).FirstOrDefault() ?? "BenchmarkDotNet.Artifacts");

    /// <summary>True where BenchmarkDotNet only prints (a list, help, its version): no server is needed.</summary>
    public bool OnlyPrints => BenchmarkDotNetArgs.Any(IsPrintOnly);

    /// <summary>
    /// The <c>run</c> command's options as System.CommandLine declares them. Arguments it does not know go to
    /// BenchmarkDotNet, after its own parser has accepted them (<see cref="BenchmarkDotNetArguments"/>).
    /// </summary>
    internal static class Options
    {
        public static readonly Option<string> Suite = new Option<string>("--suite")
        {
            Description = "Which benchmarks: default (transport and codec), styles (API styles), scaling (1 to 10 000 records), full (every benchmark) or aot (the servers' JIT and Native AOT builds: cold start and memory over fresh server processes, --trials of them; no BenchmarkDotNet).",
            HelpName = "default|styles|scaling|full|aot",
            DefaultValueFactory = _ => "default",
        };

        public static readonly Option<bool> Headline = new("--headline") { Description = "Only the headline: latency and throughput per call over fresh-process trials, ratios with intervals; no BenchmarkDotNet." };
        public static readonly Option<int> TrialCount = new("--trials") { Description = $"Fresh client processes the headline measures in (result run 9, --quick 6, dry job 2; {TrialPlan.MinTrials}-{TrialPlan.MaxTrials}; 6 or more for a 95 % interval).", HelpName = "N" };
        public static readonly Option<double> Segment = new("--segment") { Description = $"Seconds each arm is measured per quantity in a trial (result run 0.7, --quick 0.3, dry job 0.05; {TrialPlan.MinSegmentSeconds}-{TrialPlan.MaxSegmentSeconds}).", HelpName = "SECONDS" };
        public static readonly Option<int> Slices = new("--slices") { Description = $"Slices each arm's segment is cut into, an operation's arms taking turns slice by slice (result run 4, --quick 3, dry job 1; 1 measures each arm in one contiguous segment; 1-{TrialPlan.MaxRounds}).", HelpName = "N" };
        public static readonly Option<string> InFlight = new("--in-flight") { Description = $"The calls in flight the headline's throughput is measured at, per operation, the better of them per trial [default: {TrialPlan.Describe(TrialPlan.DefaultInFlight)}; 1-{TrialPlan.MaxInFlight}].", HelpName = "OP=N[/N],…" };
        public static readonly Option<double> SlicePause = new("--slice-pause") { Description = $"Seconds each trial process waits, nothing in flight, after each slice before the next (default 0; 0-{TrialPlan.MaxSlicePauseSeconds}).", HelpName = "SECONDS" };
        public static readonly Option<string> SliceCollect = new("--slice-collect") { Description = "Whether each trial process makes a full blocking collection after every slice, outside the timed window, as BenchmarkDotNet does between iterations (on, the default), or not (off).", HelpName = "on|off" };
        public static readonly Option<string> TrialServers = new("--trial-servers") { Description = "Whether each trial calls a RestAPI and a GrpcAPI started for it alone (per-trial, the default where the bench starts the servers), so the interval covers what one pair of server processes brings, or every trial calls the pair the run started (per-run).", HelpName = "per-trial|per-run" };
        public static readonly Option<double> Ramp = new("--ramp") { Description = $"Seconds at the start of each throughput slice left uncounted while its callers fill the pipe (default a quarter slice; 0-{TrialPlan.MaxRampSeconds}).", HelpName = "SECONDS" };
        public static readonly Option<string> LoadClients = new("--load-clients") { Description = "Whether load mode's check makes a fresh client per arm for each window (per-window, the default) or keeps one per arm, warmed as a trial's, for all the windows of its process (per-process).", HelpName = "per-window|per-process" };
        public static readonly Option<string> BenchmarkSettle = new("--benchmark-settle") { Description = "Whether each BenchmarkDotNet process first runs its case's batch until the JIT has settled, by the trials' rule (on, the default but under the dry job), so that BenchmarkDotNet's pilot sizes its iterations from settled batches, or goes straight to BenchmarkDotNet's stages (off).", HelpName = "on|off" };
        public static readonly Option<string> ClientCompletions = new("--client-completions") { Description = $"Where the trial, load-check and BenchmarkDotNet processes complete their socket operations: handed to the thread pool (thread-pool, the runtime's default) or inline on the socket engine's thread (inline: {BenchSettings.InlineCompletionsVariable}=1 in those processes only; the servers keep the default).", HelpName = "thread-pool|inline" };
        public static readonly Option<int> ServerThreads = new("--server-threads") { Description = $"The worker threads of each server's thread pool, fixed at N (its minimum and maximum: {ServerSet.MinWorkerThreadsVariable} and {ServerSet.MaxWorkerThreadsVariable} in the servers only) [default: the runtime's, which starts at the server's CPUs and moves them by hill climbing; 1-{ServerSet.MaxServerThreads}].", HelpName = "N" };
        public static readonly Option<string> LoadLoop = new("--load-loop") { Description = "Whether load mode's check times its windows by load mode's runner (load, the default) or by the trials' own closed loop on one client per arm kept for the process, in the same windows (trials).", HelpName = "load|trials" };
        public static readonly Option<int> LoadWindows = new("--load-windows") { Description = $"Windows per arm in each process of load mode's cross-check of the throughput ratios, the arms in turns; its ratio is the median over all its processes' windows (default {TrialPlan.DefaultLoadCheckWindows}; 1-{TrialPlan.MaxLoadCheckWindows}).", HelpName = "N" };
        public static readonly Option<int> LoadProcesses = new("--load-processes") { Description = $"Fresh client processes load mode's cross-check runs in, one after another, each warmed as a trial's (result run {TrialPlan.DefaultLoadCheckProcesses}, dry job 1; 1-{TrialPlan.MaxLoadCheckProcesses}).", HelpName = "N" };
        public static readonly Option<bool> LoadBetweenTrials = new("--load-between-trials") { Description = "Load mode's cross-check in a process after each trial instead of all after the trials, each arm at the concurrency the trials so far chose most often, so both methods share the same minutes (an on/off experiment; --load-processes does not go with it)." };
        public static readonly Option<string> BesideServers = new("--beside-servers") { Description = "Whether the trial beside each BenchmarkDotNet case calls the run's RestAPI and GrpcAPI, which had just served the case (run, the default), or a pair started for it and stopped after, as each trial has its own (fresh): an on/off experiment (scripts/method-gaps.sh besideservers).", HelpName = "run|fresh" };
        public static readonly Option<string> BesideAfter = new("--beside-after") { Description = "When the trial beside BenchmarkDotNet's cases runs: once per operation, as the last of its compared cases ends (operation, the default), or once per compared case, as its own process ends, each timing the operation's arms and keeping the case's (case): an on/off experiment (scripts/method-gaps.sh besideafter).", HelpName = "operation|case" };
        public static readonly Option<string> Aot = new("--aot") { Description = "With --suite full: whether the run takes in the servers' Native AOT builds (on, the default, where a C toolchain links them) or leaves them out (off: no publish, cold starts or AOT trials; the AOT suite runs them alone).", HelpName = "on|off" };

        public static readonly Option<string> WarmArms = new("--warm-arms") { Description = "With --arms: whether each trial process warms and settles only the arms it measures (measured, the default) or every arm of the suite first, measuring only those --arms names (suite): an on/off experiment (scripts/method-gaps.sh beside).", HelpName = "measured|suite" };

        public static readonly Option<string> Arms = new("--arms") { Description = "With --headline: only these of the suite's trial arms (e.g. large/rest-json,large/grpc), to see how the others' turns in the same trial process move an arm; a ratio needs its operation's rest-json among them.", HelpName = "OP/TARGET[,…]" };
        public static readonly Option<bool> Rounds = new("--rounds") { Description = "Also the call-by-call paired rounds with the transport floor, a diagnostic (not the headline)." };
        public static readonly Option<bool> ForcedCollections = new("--forced-collections") { Description = "BenchmarkDotNet forces a full collection before each iteration of the benchmarks that call the servers too, as its own default; without it they run without, as the trials and load mode do (the codec floor keeps them either way)." };
        public static readonly Option<bool> Quick = new("--quick") { Description = "A first look: BenchmarkDotNet's short job, batches of 100 calls, six trials of 0.3 s per arm and quantity without the load and h2load checks." };
        public static readonly Option<string> Link = new("--link") { Description = $"With --headline: measure it over each link in turn, the servers in a network namespace of their own joined to the client by a veth pair (Linux, root): {LinkProfile.Accepted} [default: loopback, as every other run]. Per link: six trials of 1 s, the large GET and POST with and without gzip.", HelpName = "PROFILE[,PROFILE…]" };
        public static readonly Option<int> CallTimeout = new("--call-timeout") { Description = "Seconds one call may take, body and stream included, before it fails the run.", HelpName = "SECONDS", DefaultValueFactory = _ => HttpClientSettings.DefaultCallTimeoutSeconds };
        public static readonly Option<string> ServerCpus = new("--server-cpus") { Description = "CPUs for the servers the bench starts (taskset list, Linux) [default: the second half of the CPUs, with the client on the first half].", HelpName = "LIST" };
        public static readonly Option<string> ClientCpus = new("--client-cpus") { Description = "CPUs for the bench, its trials and BenchmarkDotNet's processes (taskset list, Linux) [default: the first half of the CPUs].", HelpName = "LIST" };
        public static readonly Option<string> RestUrl = Url("--rest-url", "A RestAPI already running (HTTP/1.1); the bench then starts no server.");
        public static readonly Option<string> RestH2cUrl = Url("--rest-h2c-url", "Its h2c endpoint (with --rest-url).");
        public static readonly Option<string> RestTlsUrl = Url("--rest-tls-url", "Its TLS endpoint (with --rest-url and --rest-tls-certificate).");
        public static readonly Option<string> RestTlsCertificate = new("--rest-tls-certificate") { Description = "SHA-256 of the TLS endpoint's certificate, the one the client trusts.", HelpName = "SHA256" };
        public static readonly Option<string> RestScalingUrl = Url("--rest-scaling-url", "A RestAPI serving 10 000 generated records (with --rest-url).");
        public static readonly Option<string> GrpcUrl = Url("--grpc-url", "A GrpcAPI already running (h2c); the bench then starts no server.");
        public static readonly Option<string> GrpcTlsUrl = Url("--grpc-tls-url", "Its TLS endpoint (with --grpc-url and --grpc-tls-certificate).");
        public static readonly Option<string> GrpcTlsCertificate = new("--grpc-tls-certificate") { Description = "SHA-256 of the gRPC TLS endpoint's certificate.", HelpName = "SHA256" };
        public static readonly Option<string> GrpcWebUrl = Url("--grpc-web-url", "Its HTTP/1.1 endpoint for gRPC-Web and JSON transcoding (with --grpc-url).");
        public static readonly Option<string> GrpcScalingUrl = Url("--grpc-scaling-url", "A GrpcAPI serving 10 000 generated records (with --grpc-url).");
        public static readonly Option<string> Data = new("--data") { Description = "The records file the servers load and the gate checks against [default: data/meteorites.json].", HelpName = "PATH" };
        public static readonly Option<bool> BenchmarkDotNetHelp = new("--benchmarkdotnet-help") { Description = "Print BenchmarkDotNet's own options (--filter, --job, --artifacts, …), which the bench passes through." };

        /// <summary>The server options <c>load</c> and <c>soak</c> share with <c>run</c>.</summary>
        public static Option[] Servers => [RestUrl, RestH2cUrl, RestTlsUrl, RestTlsCertificate, GrpcUrl, GrpcTlsUrl, GrpcTlsCertificate, GrpcWebUrl, Data];

        /// <summary>Every option of <c>run</c>.</summary>
        public static Option[] All =>
            [Suite, Aot, Headline, TrialCount, Segment, Slices, SlicePause, SliceCollect, TrialServers, Ramp, InFlight, LoadWindows, LoadProcesses, LoadBetweenTrials, LoadClients, LoadLoop, ClientCompletions, ServerThreads, Arms, WarmArms, BesideServers, BesideAfter, Rounds, ForcedCollections, BenchmarkSettle, Quick, Link, CallTimeout, ServerCpus, ClientCpus, RestUrl, RestH2cUrl, RestTlsUrl, RestTlsCertificate, RestScalingUrl, GrpcUrl, GrpcTlsUrl, GrpcTlsCertificate, GrpcWebUrl, GrpcScalingUrl, Data, BenchmarkDotNetHelp];

        private static Option<string> Url(string name, string description) => new(name) { Description = description, HelpName = "URL" };
    }

    /// <summary>Parses <paramref name="args"/> as <c>run</c>'s; throws <see cref="ArgumentException"/> with <see cref="Usage"/> on a bad option.</summary>
    public static BenchOptions Parse(string[] args) => From(BenchCommandLine.ParseRun(args));

    /// <summary>The options of a parsed <c>run</c>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> when they do not fit together.</summary>
    public static BenchOptions From(ParseResult result)
    {
        var servers = ServersFrom(result, Usage);
        var suite = result.GetResult(Options.Suite) is { Implicit: false } ? result.GetValue(Options.Suite) : null;
        if (suite is not null && !Suites.ContainsKey(suite))
        {
            throw new ArgumentException($"--suite takes {string.Join(" or ", Suites.Keys)}, not '{suite}'. {Usage}");
        }

        var quick = result.GetValue(Options.Quick);
        var headline = result.GetValue(Options.Headline);
        var measuresStartup = suite is "aot";
        if (measuresStartup && (headline || servers.GivesServers || result.GetValue(Options.Link) is not null || result.UnmatchedTokens.Any(IsFilter)))
        {
            throw new ArgumentException($"--suite aot starts its own server processes and runs no BenchmarkDotNet: it does not go with --headline, --link, server URLs or a filter. {Usage}");
        }

        if (measuresStartup && AotServers.Unavailable() is { } unavailable)
        {
            throw new ArgumentException($"--suite aot cannot run here: {unavailable} {Usage}");
        }
        var trials = WholeNumber(result, Options.TrialCount, TrialPlan.MinTrials, TrialPlan.MaxTrials);
        var segment = Seconds(result, Options.Segment, TrialPlan.MinSegmentSeconds, TrialPlan.MaxSegmentSeconds);
        var slices = WholeNumber(result, Options.Slices, 1, TrialPlan.MaxRounds);
        var slicePause = Seconds(result, Options.SlicePause, 0, TrialPlan.MaxSlicePauseSeconds);
        var ramp = Seconds(result, Options.Ramp, 0, TrialPlan.MaxRampSeconds);
        var loadWindows = WholeNumber(result, Options.LoadWindows, 1, TrialPlan.MaxLoadCheckWindows);
        var loadKeepsClients = result.GetValue(Options.LoadClients) switch
        {
            null or "per-window" => false,
            "per-process" => true,
            var other => throw new ArgumentException($"--load-clients takes per-window or per-process, not '{other}'. {Usage}"),
        };
        var sliceCollect = OnOff(result, Options.SliceCollect);
        var benchmarkSettle = OnOff(result, Options.BenchmarkSettle);
        bool? serversPerTrial = result.GetValue(Options.TrialServers) switch
        {
            null => null,
            "per-trial" when servers.GivesServers => throw new ArgumentException($"--trial-servers per-trial renews the servers the bench starts; it does not go with --rest-url or --grpc-url. {Usage}"),
            "per-trial" => true,
            "per-run" => false,
            var other => throw new ArgumentException($"--trial-servers takes per-trial or per-run, not '{other}'. {Usage}"),
        };
        var warmsSuite = result.GetValue(Options.WarmArms) switch
        {
            null or "measured" => false,
            "suite" when result.GetValue(Options.Arms) is not null => true,
            "suite" => throw new ArgumentException($"--warm-arms suite warms the arms --arms leaves out; it goes with --arms. {Usage}"),
            var other => throw new ArgumentException($"--warm-arms takes measured or suite, not '{other}'. {Usage}"),
        };
        var besideFreshServers = result.GetValue(Options.BesideServers) switch
        {
            null or "run" => false,
            "fresh" => true,
            var other => throw new ArgumentException($"--beside-servers takes run or fresh, not '{other}'. {Usage}"),
        };
        var besidePerCase = result.GetValue(Options.BesideAfter) switch
        {
            null or "operation" => false,
            "case" => true,
            var other => throw new ArgumentException($"--beside-after takes operation or case, not '{other}'. {Usage}"),
        };
        var loadOnTrialsLoop = result.GetValue(Options.LoadLoop) switch
        {
            null or "load" => false,
            "trials" when result.GetValue(Options.LoadClients) != "per-window" => true,
            "trials" => throw new ArgumentException($"--load-loop trials runs on one client per arm kept for the process: it does not go with --load-clients per-window. {Usage}"),
            var other => throw new ArgumentException($"--load-loop takes load or trials, not '{other}'. {Usage}"),
        };
        var completesInline = result.GetValue(Options.ClientCompletions) switch
        {
            null or "thread-pool" => false,
            "inline" => true,
            var other => throw new ArgumentException($"--client-completions takes thread-pool or inline, not '{other}'. {Usage}"),
        };
        var serverThreads = WholeNumber(result, Options.ServerThreads, 1, ServerSet.MaxServerThreads);
        if (serverThreads is not null && servers.GivesServers)
        {
            throw new ArgumentException($"--server-threads sets the servers the bench starts; it does not go with --rest-url or --grpc-url. {Usage}");
        }

        var loadProcesses = WholeNumber(result, Options.LoadProcesses, 1, TrialPlan.MaxLoadCheckProcesses);
        if (loadProcesses is not null && result.GetValue(Options.LoadBetweenTrials))
        {
            throw new ArgumentException($"--load-between-trials runs one load-mode process after each trial: it does not go with --load-processes. {Usage}");
        }

        var inFlight = result.GetValue(Options.InFlight) is { } given ? TrialPlan.ParseInFlight(given, Usage) : null;
        var serverCpus = Cpus(result, Options.ServerCpus);
        var clientCpus = Cpus(result, Options.ClientCpus);
        if (serverCpus is null && clientCpus is null && !servers.GivesServers && CpuSet.Split() is { } split)
        {
            (clientCpus, serverCpus) = split;
        }

        TimeSpan? callTimeout = result.GetResult(Options.CallTimeout) is not { Implicit: false } ? null : result.GetValue(Options.CallTimeout) switch
        {
            > 0 and var seconds => TimeSpan.FromSeconds(seconds),
            var seconds => throw new ArgumentException($"--call-timeout takes a whole number of seconds above 0, not '{seconds}'. {Usage}"),
        };
        if (serverCpus is not null && servers.GivesServers)
        {
            throw new ArgumentException($"--server-cpus places the servers the bench starts; it does not go with --rest-url or --grpc-url. {Usage}");
        }

        var links = result.GetValue(Options.Link) is { } linkList ? LinkProfile.ParseList(linkList, Usage) : null;
        if (links is not null && (!headline || suite is "styles" || servers.GivesServers || result.GetValue(Options.Rounds)))
        {
            throw new ArgumentException($"--link goes with --headline (the transport arms), with servers the bench starts and without --rounds. {Usage}");
        }

        var forcedCollections = result.GetValue(Options.ForcedCollections);
        if (forcedCollections && headline)
        {
            throw new ArgumentException($"--forced-collections sets BenchmarkDotNet's jobs; it does not go with --headline, which runs no BenchmarkDotNet. {Usage}");
        }

        var armNames = result.GetValue(Options.Arms) is { } armList ? ArmNamesFrom(armList, headline && links is null, suite is "styles" ? TrialArm.Styles : TrialArm.Transport) : null;
        var rest = BenchmarkDotNetArgsFrom(result, quick, suite);

        // Trials run with every suite that holds their arms (the transport suite's: default and full; the API styles':
        // styles and full), unless the user chose benchmarks by filter; --headline alone measures the transport arms,
        // with --suite styles the styles'. The paired rounds, a diagnostic now, run when asked for.
        var filtered = result.UnmatchedTokens.Any(IsFilter);
        var measuresTrials = headline ? suite is not "styles" : !filtered && (suite ?? "default") is "default" or "full";
        var measuresStylesTrials = (headline || !filtered) && suite is "styles" or "full";
        var measuresPaired = result.GetValue(Options.Rounds);
        var measuresStylesPaired = measuresPaired && !headline && !filtered && suite is "styles" or "full";
        if (besideFreshServers && (headline || !measuresTrials || servers.GivesServers))
        {
            throw new ArgumentException($"--beside-servers fresh starts servers for the trial beside each BenchmarkDotNet case, which runs only where the bench starts the servers, measures the transport trials (the default and full suites) and runs BenchmarkDotNet unfiltered: not with --headline, --suite styles, scaling or aot, server URLs or a filter. {Usage}");
        }

        if (besidePerCase && (headline || !measuresTrials))
        {
            throw new ArgumentException($"--beside-after case times the trial beside each BenchmarkDotNet case, which runs only where the run measures the transport trials (the default and full suites) and runs BenchmarkDotNet unfiltered: not with --headline, --suite styles, scaling or aot, or a filter. {Usage}");
        }

        // The full suite measures the builds where it starts its own servers on loopback and Native AOT can be built here, and says why not otherwise.
        var aotOn = result.GetValue(Options.Aot) switch
        {
            null or "on" => true,
            "off" when suite is "full" => false,
            "off" => throw new ArgumentException($"--aot off leaves the AOT builds out of the full suite; it goes with --suite full. {Usage}"),
            var other => throw new ArgumentException($"--aot takes on or off, not '{other}'. {Usage}"),
        };
        var fullWithAot = suite is "full" && !filtered && !servers.GivesServers && links is null;
        var aotLeftOut = !fullWithAot ? null : aotOn ? AotServers.Unavailable() : "--aot off.";
        fullWithAot &= aotLeftOut is null;
        return servers with
        {
            MeasuresAotTrials = measuresStartup || fullWithAot, MeasuresBuildsOnly = measuresStartup, AotLeftOut = aotLeftOut,
            BenchmarkDotNetArgs = [.. rest], Quick = quick, CallTimeout = callTimeout, Headline = headline, MeasuresPaired = measuresPaired, MeasuresTrials = measuresTrials, MeasuresStylesTrials = measuresStylesTrials, TrialCount = trials, SegmentSeconds = segment, InFlight = inFlight, Slices = slices, SlicePause = slicePause, SliceCollect = sliceCollect, ServersPerTrial = serversPerTrial, WarmsSuite = warmsSuite, BesideFreshServers = besideFreshServers, BesidePerCase = besidePerCase, Ramp = ramp, LoadWindows = loadWindows, LoadProcesses = loadProcesses, LoadBetweenTrials = result.GetValue(Options.LoadBetweenTrials), LoadKeepsClients = loadKeepsClients, LoadOnTrialsLoop = loadOnTrialsLoop, ClientCompletesInline = completesInline, ServerThreads = serverThreads, MeasuresStylesPaired = measuresStylesPaired, ServerCpus = serverCpus, ClientCpus = clientCpus, Links = links, ArmNames = armNames, ForcedCollections = forcedCollections, BenchmarkSettle = benchmarkSettle, MeasuresStartup = measuresStartup || (fullWithAot && !headline),
        };
    }

    /// <summary><paramref name="option"/>'s whole number, null where not given; throws <see cref="ArgumentException"/> with <see cref="Usage"/> outside <paramref name="min"/>–<paramref name="max"/>.</summary>
    private static double? Seconds(ParseResult result, Option<double> option, double min, double max) =>
        result.GetResult(option) is not { Implicit: false } ? null : result.GetValue(option) switch
        {
            var seconds when seconds >= min && seconds <= max => seconds,
            var seconds => throw new ArgumentException(string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{option.Name} takes seconds from {min} to {max}, not '{seconds}'. {Usage}")),
        };

    /// <summary>An on|off option: true, false, or null where it was not given.</summary>
    private static bool? OnOff(ParseResult result, Option<string> option) => result.GetValue(option) switch
    {
        null => null,
        "on" => true,
        "off" => false,
        var other => throw new ArgumentException($"{option.Name} takes on or off, not '{other}'. {Usage}"),
    };

    private static int? WholeNumber(ParseResult result, Option<int> option, int min, int max) =>
        result.GetResult(option) is not { Implicit: false } ? null : result.GetValue(option) switch
        {
            var n when n >= min && n <= max => n,
            var n => throw new ArgumentException($"{option.Name} takes a whole number from {min} to {max}, not '{n}'. {Usage}"),
        };

    /// <summary>
    /// <c>--arms</c>'s names, each one of <paramref name="suite"/>'s arms; throws <see cref="ArgumentException"/> naming
    /// the first it does not know, or when the run is not a headline over loopback (<paramref name="allowed"/>).
    /// </summary>
    private static IReadOnlySet<string> ArmNamesFrom(string value, bool allowed, IReadOnlyList<TrialArm> suite)
    {
        if (!allowed)
        {
            throw new ArgumentException($"--arms goes with --headline, without --link. {Usage}");
        }

        var names = value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).ToHashSet(StringComparer.Ordinal);
        var unknown = names.Count == 0 ? value : names.FirstOrDefault(name => !suite.Any(arm => arm.Name == name));
        if (unknown is not null)
        {
            throw new ArgumentException($"--arms takes OP/TARGET names of the suite's trial arms ({string.Join(", ", suite.Select(a => a.Name))}), not '{unknown}'. {Usage}");
        }

        return names;
    }

    /// <summary>
    /// The arguments the bench passes to BenchmarkDotNet: the user's own (checked by BenchmarkDotNet's parser), and,
    /// where the user gave none of their kind, the suite's filter, the job's bounds and stopping at the first error.
    /// </summary>
    private static List<string> BenchmarkDotNetArgsFrom(ParseResult result, bool quick, string? suite)
    {
        List<string> rest = [.. result.UnmatchedTokens];
        if (rest is [var first, ..] && !first.StartsWith('-'))
        {
            throw new ArgumentException($"'{first}' is not a command (run, load, soak, compare, summary) nor an option. {Usage}");
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
            rest.AddRange(quick && suite is null or "default" ? QuickDefaultSuite : Suites[suite ?? "default"]);
        }

        // BenchmarkDotNet's default job may take up to 100 iterations per case; bounded, the default suite's cases take
        // about seven minutes on two cores. Any job, warm-up or iteration option of the user's replaces the bound.
        if (!rest.Any(a => a is "--job" or "-j" or "--warmupCount" or "--iterationCount" or "--minIterationCount" or "--maxIterationCount" or "--iterationTime" or "--runOncePerIteration" || IsPrintOnly(a)))
        {
            rest.AddRange(quick ? QuickJob : DefaultIterationBounds);
        }

        // A run with a failed benchmark writes no report, so the benchmarks after it would be timed for nothing.
        if (!rest.Contains("--stopOnFirstError"))
        {
            rest.Add("--stopOnFirstError");
        }

        return rest;
    }

    /// <summary>The server options of a parsed <c>run</c>, <c>load</c> or <c>soak</c>; throws <see cref="ArgumentException"/> with <paramref name="usage"/> when they do not fit together.</summary>
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
            throw new ArgumentException($"--rest-h2c-url, --rest-tls-url and --rest-scaling-url go with --rest-url. {usage}");
        }

        if ((grpcTlsUrl ?? grpcScalingUrl ?? grpcWebUrl) is not null && grpcUrl is null)
        {
            throw new ArgumentException($"--grpc-tls-url, --grpc-web-url and --grpc-scaling-url go with --grpc-url. {usage}");
        }

        var dataPath = result.GetValue(Options.Data) is { } data ? Path.GetFullPath(data) : null;
        return new BenchOptions(
            restUrl, h2cUrl, tlsUrl, result.GetValue(Options.RestTlsCertificate), scalingUrl, grpcUrl, grpcTlsUrl, result.GetValue(Options.GrpcTlsCertificate), grpcScalingUrl, dataPath, [], GrpcWebUrl: grpcWebUrl);
    }

    private static bool IsPrintOnly(string argument) => argument is "--list" or "--help" or "-h" or "--version" or "--info";

    private static bool IsFilter(string argument) => argument is "--filter" or "-f";

    private static Uri? HttpUrl(ParseResult result, Option<string> option, string usage) => result.GetValue(option) switch
    {
        null => null,
        var value when Uri.TryCreate(value, UriKind.Absolute, out var url) && url.Scheme is "http" or "https" => url,
        var value => throw new ArgumentException($"{option.Name} takes an absolute http(s) URL, not '{value}'. {usage}"),
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
