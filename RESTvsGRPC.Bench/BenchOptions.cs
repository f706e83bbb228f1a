using RESTvsGRPC.Bench.Paired;
using RESTvsGRPC.Bench.Placement;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The bench's own options; every other argument goes to BenchmarkDotNet untouched. With <c>Paired</c> the run
/// measures only the paired rounds (no BenchmarkDotNet); <c>MeasuresPaired</c> says whether it measures them at all
/// (the default and full suites do, before BenchmarkDotNet).
/// </summary>
public sealed record BenchOptions(
    Uri? RestUrl, Uri? RestH2cUrl, Uri? RestTlsUrl, string? RestTlsCertificate, Uri? RestScalingUrl,
    Uri? GrpcUrl, Uri? GrpcTlsUrl, string? GrpcTlsCertificate, Uri? GrpcScalingUrl, string? DataPath, string[] BenchmarkDotNetArgs, bool Quick = false,
    TimeSpan? CallTimeout = null, bool Paired = false, bool MeasuresPaired = false, CpuSet? ServerCpus = null, CpuSet? ClientCpus = null)
{
    public const string Usage =
        "usage: RESTvsGRPC.Bench [--suite default|scaling|full] [--paired] [--quick] [--call-timeout SECONDS] [--server-cpus LIST] [--client-cpus LIST] [--rest-url URL [--rest-h2c-url URL] [--rest-tls-url URL --rest-tls-certificate SHA256] [--rest-scaling-url URL]] "
        + "[--grpc-url URL [--grpc-tls-url URL --grpc-tls-certificate SHA256] [--grpc-scaling-url URL]] [--data PATH] [BenchmarkDotNet options: --filter, --job short|dry, --list flat, …]";

    /// <summary>True when the user named servers already running: then the bench starts none, and measures only those.</summary>
    public bool GivesServers => RestUrl is not null || GrpcUrl is not null;

    /// <summary>Benchmark classes each suite runs, as BenchmarkDotNet filters.</summary>
    public static IReadOnlyDictionary<string, string[]> Suites { get; } = new Dictionary<string, string[]>
    {
        ["default"] = ["*TransportBenchmarks*", "*CodecBenchmarks*"],
        ["scaling"] = ["*ScalingBenchmarks*"],
        ["full"] = ["*"],
    };

    /// <summary>What the bench adds to BenchmarkDotNet's default job when no job is chosen.</summary>
    public static IReadOnlyList<string> DefaultIterationBounds { get; } = ["--minIterationCount", "5", "--maxIterationCount", "20"];

    /// <summary>
    /// The quick profile: BenchmarkDotNet's short job with one warm-up (3 iterations per case) and batches of 100
    /// calls only (and paired rounds of 20 s per operation); a first look, not a result to publish.
    /// </summary>
    public static IReadOnlyList<string> QuickJob { get; } = ["--job", "short", "--warmupCount", "1"];

    /// <summary>The paired rounds' plan: BenchmarkDotNet's dry job gets the minimum of rounds, the quick profile a shorter budget.</summary>
    public PairedMeasurement.Plan PairedPlan =>
        BenchmarkDotNetArgs.Contains("dry", StringComparer.OrdinalIgnoreCase) ? PairedMeasurement.Plan.Dry
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

    /// <summary>Parses <paramref name="args"/>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> on a bad option.</summary>
    public static BenchOptions Parse(string[] args)
    {
        Uri? restUrl = null, h2cUrl = null, tlsUrl = null, scalingUrl = null, grpcUrl = null, grpcTlsUrl = null, grpcScalingUrl = null;
        string? certificate = null, grpcCertificate = null, dataPath = null, suite = null;
        var quick = false;
        var paired = false;
        CpuSet? serverCpus = null, clientCpus = null;
        TimeSpan? callTimeout = null;
        var rest = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--rest-url": restUrl = HttpUrl(args, ref i); break;
                case "--rest-h2c-url": h2cUrl = HttpUrl(args, ref i); break;
                case "--rest-tls-url": tlsUrl = HttpUrl(args, ref i); break;
                case "--rest-scaling-url": scalingUrl = HttpUrl(args, ref i); break;
                case "--rest-tls-certificate": certificate = Value(args, ref i); break;
                case "--grpc-url": grpcUrl = HttpUrl(args, ref i); break;
                case "--grpc-tls-url": grpcTlsUrl = HttpUrl(args, ref i); break;
                case "--grpc-tls-certificate": grpcCertificate = Value(args, ref i); break;
                case "--grpc-scaling-url": grpcScalingUrl = HttpUrl(args, ref i); break;
                case "--data": dataPath = Path.GetFullPath(Value(args, ref i)); break;
                case "--quick": quick = true; break;
                case "--paired": paired = true; break;
                case "--server-cpus": serverCpus = Cpus(args, ref i); break;
                case "--client-cpus": clientCpus = Cpus(args, ref i); break;
                case "--call-timeout":
                    var seconds = Value(args, ref i);
                    callTimeout = int.TryParse(seconds, out var value) && value > 0 ? TimeSpan.FromSeconds(value)
                        : throw new ArgumentException($"--call-timeout takes a whole number of seconds above 0, not '{seconds}'. {Usage}");
                    break;
                case "--suite":
                    suite = Value(args, ref i);
                    if (!Suites.ContainsKey(suite))
                    {
                        throw new ArgumentException($"--suite takes {string.Join(" or ", Suites.Keys)}, not '{suite}'. {Usage}");
                    }

                    break;
                default: rest.Add(args[i]); break;
            }
        }

        if ((h2cUrl ?? tlsUrl ?? scalingUrl) is not null && restUrl is null)
        {
            throw new ArgumentException($"--rest-h2c-url, --rest-tls-url and --rest-scaling-url go with --rest-url. {Usage}");
        }

        if (serverCpus is not null && (restUrl ?? grpcUrl) is not null)
        {
            throw new ArgumentException($"--server-cpus places the servers the bench starts; it does not go with --rest-url or --grpc-url. {Usage}");
        }

        if ((grpcTlsUrl ?? grpcScalingUrl) is not null && grpcUrl is null)
        {
            throw new ArgumentException($"--grpc-tls-url and --grpc-scaling-url go with --grpc-url. {Usage}");
        }

        // The paired rounds measure the transport suite's arms: they run with every suite that holds it, unless the
        // user chose benchmarks by filter.
        var filtered = rest.Any(a => a is "--filter" or "-f");
        var measuresPaired = paired || (!filtered && (suite ?? "default") is "default" or "full");

        // Without a filter BenchmarkDotNet asks which benchmarks to run; the bench must never wait for a key.
        if (!filtered && !rest.Any(IsPrintOnly))
        {
            rest.Add("--filter");
            rest.AddRange(Suites[suite ?? "default"]);
        }

        // BenchmarkDotNet's default job may take up to 100 iterations per case; bounded, the default suite fits in
        // about eight minutes on two cores. Any job or iteration option of the user's replaces the bound.
        if (!rest.Any(a => a is "--job" or "-j" or "--iterationCount" or "--minIterationCount" or "--maxIterationCount" or "--runOncePerIteration" || IsPrintOnly(a)))
        {
            rest.AddRange(quick ? QuickJob : DefaultIterationBounds);
        }

        // A run with a failed benchmark writes no report, so the benchmarks after it would be timed for nothing.
        if (!rest.Contains("--stopOnFirstError"))
        {
            rest.Add("--stopOnFirstError");
        }

        return new BenchOptions(restUrl, h2cUrl, tlsUrl, certificate, scalingUrl, grpcUrl, grpcTlsUrl, grpcCertificate, grpcScalingUrl, dataPath, [.. rest], quick, callTimeout, paired, measuresPaired, serverCpus, clientCpus);
    }

    private static bool IsPrintOnly(string argument) => argument is "--list" or "--help" or "-h" or "--version" or "--info";

    private static Uri HttpUrl(string[] args, ref int i)
    {
        var option = args[i];
        var value = Value(args, ref i);
        return Uri.TryCreate(value, UriKind.Absolute, out var url) && url.Scheme is "http" or "https"
            ? url
            : throw new ArgumentException($"{option} takes an absolute http(s) URL, not '{value}'. {Usage}");
    }

    private static CpuSet Cpus(string[] args, ref int i)
    {
        var option = args[i];
        var value = Value(args, ref i);
        try
        {
            return CpuSet.Parse(option, value);
        }
        catch (ArgumentException e)
        {
            throw new ArgumentException($"{e.Message} {Usage}", e);
        }
    }

    private static string Value(string[] args, ref int i) =>
        ++i < args.Length ? args[i] : throw new ArgumentException($"{args[i - 1]} needs a value. {Usage}");
}
