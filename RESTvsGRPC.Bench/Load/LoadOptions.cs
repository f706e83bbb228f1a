using System.Globalization;
using System.Text.RegularExpressions;

namespace RESTvsGRPC.Bench.Load;

/// <summary>The <c>load</c> command's options: a preset, the user's overrides of it, the targets, the output folder, and the server options the benchmark run takes too.</summary>
public sealed partial record LoadOptions(LoadScenario Scenario, IReadOnlyList<string>? Targets, string OutputDirectory, BenchOptions Servers)
{
    public const string Usage =
        "usage: RESTvsGRPC.Bench load [--scenario light|normal|stress|stability|saturation] [--targets rest-json,rest-json-h2c,rest-protobuf,grpc,grpc-stream] "
        + "[--users N] [--duration 60s] [--ramp-up 5s] [--warmup 15s] [--think-time 0ms] [--rate N] [--mix small:70,large:20,post:10] [--connections shared|per-user] "
        + "[--timeout 10s] [--max-in-flight N] [--step-factor 1.5] [--step-duration 10s] [--max-steps N] [--p99-limit 100ms] [--out DIR] "
        + "[--rest-url URL [--rest-h2c-url URL]] [--grpc-url URL] [--data PATH]";

    /// <summary>The server options <c>load</c> shares with the benchmark run; each takes a value.</summary>
    private static readonly string[] ServerOptions = ["--rest-url", "--rest-h2c-url", "--rest-tls-url", "--rest-tls-certificate", "--grpc-url", "--grpc-tls-url", "--grpc-tls-certificate", "--data"];

    /// <summary>Reads the arguments after <c>load</c>; throws <see cref="ArgumentException"/> with <see cref="Usage"/> on a bad one.</summary>
    public static LoadOptions Parse(IReadOnlyList<string> args)
    {
        var values = new Dictionary<string, string>();
        var servers = new List<string>();
        for (var i = 0; i < args.Count; i++)
        {
            var option = args[i];
            if (i + 1 >= args.Count || args[i + 1].StartsWith("--", StringComparison.Ordinal))
            {
                throw new ArgumentException($"{option} needs a value. {Usage}");
            }

            if (ServerOptions.Contains(option))
            {
                servers.AddRange([option, args[++i]]);
            }
            else if (Overrides.ContainsKey(option) || option is "--scenario" or "--targets" or "--out")
            {
                values[option] = args[++i];
            }
            else
            {
                throw new ArgumentException($"load does not take {option}. {Usage}");
            }
        }

        var name = values.GetValueOrDefault("--scenario", "normal");
        if (!LoadScenario.Presets.TryGetValue(name, out var scenario))
        {
            throw new ArgumentException($"--scenario takes {string.Join(", ", LoadScenario.Presets.Keys)}, not '{name}'. {Usage}");
        }

        foreach (var (option, value) in values.Where(v => Overrides.ContainsKey(v.Key)))
        {
            scenario = Overrides[option](scenario, value);
        }

        scenario = Validate(scenario, values.ContainsKey("--rate"));
        var targets = values.TryGetValue("--targets", out var list) ? list.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries) : null;
        // Refused here, before any server starts.
        if (targets?.FirstOrDefault(name => !LoadTarget.Catalogue.Any(entry => entry.Name == name)) is { } unknown)
        {
            throw new ArgumentException($"--targets takes {string.Join(", ", LoadTarget.Catalogue.Select(entry => entry.Name))}, not '{unknown}'. {Usage}");
        }

        var output = Path.GetFullPath(values.GetValueOrDefault("--out", Path.Combine("BenchmarkDotNet.Artifacts", "load")));
        return new LoadOptions(scenario, targets, output, BenchOptions.Parse([.. servers]));
    }

    /// <summary>
    /// Reads the arguments after <c>soak</c>: load's options, whose defaults become the <c>normal</c> preset held for
    /// ten minutes against RestAPI (JSON) and GrpcAPI at once, after a two-minute warm-up, written to
    /// BenchmarkDotNet.Artifacts/soak. The warm-up is long because the start is what the end is judged against: measured
    /// here, RestAPI's resident memory climbed for about three minutes (141 → 156 MiB) while the server GC sized its
    /// heap, then stayed within 156–160 MiB for the last seven. The soak reads its servers' memory, threads and
    /// handles, so it starts them itself.
    /// </summary>
    public static LoadOptions ParseSoak(IReadOnlyList<string> args)
    {
        List<string> defaults = [];
        foreach (var (option, value) in new[] { ("--duration", "10m"), ("--warmup", "2m"), ("--targets", "rest-json,grpc"), ("--out", Path.Combine("BenchmarkDotNet.Artifacts", "soak")) })
        {
            if (!args.Contains(option))
            {
                defaults.AddRange([option, value]);
            }
        }

        var options = Parse([.. defaults, .. args]);
        return options.Servers.GivesServers
            ? throw new ArgumentException($"soak starts its own servers: it reads their memory, threads and handles. {Usage.Replace("load", "soak", StringComparison.Ordinal)}")
            : options with { Scenario = options.Scenario with { Name = $"soak of {options.Scenario.Name}" } };
    }

    /// <summary>Reads "60s", "500ms", "2m", "1h" or a bare number of seconds.</summary>
    public static TimeSpan ParseDuration(string option, string text)
    {
        var match = DurationPattern().Match(text);
        if (!match.Success || !double.TryParse(match.Groups["value"].Value, NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            throw new ArgumentException($"{option} takes a duration such as 60s, 500ms, 2m or 1h, not '{text}'.");
        }

        return match.Groups["unit"].Value switch
        {
            "ms" => TimeSpan.FromMilliseconds(value),
            "m" => TimeSpan.FromMinutes(value),
            "h" => TimeSpan.FromHours(value),
            _ => TimeSpan.FromSeconds(value),
        };
    }

    private static readonly Dictionary<string, Func<LoadScenario, string, LoadScenario>> Overrides = new()
    {
        ["--users"] = (s, v) => s with { Users = Whole("--users", v) },
        ["--duration"] = (s, v) => s with { Duration = ParseDuration("--duration", v) },
        ["--ramp-up"] = (s, v) => s with { RampUp = ParseDuration("--ramp-up", v) },
        ["--warmup"] = (s, v) => s with { Warmup = ParseDuration("--warmup", v) },
        ["--think-time"] = (s, v) => s with { ThinkTime = ParseDuration("--think-time", v) },
        ["--rate"] = (s, v) => s with { Rate = Positive("--rate", v) },
        ["--mix"] = (s, v) => s with { Mix = OperationMix.Parse(v) },
        ["--connections"] = (s, v) => s with
        {
            Connections = v switch
            {
                "shared" => ConnectionMode.Shared,
                "per-user" => ConnectionMode.PerUser,
                _ => throw new ArgumentException($"--connections takes shared or per-user, not '{v}'."),
            },
        },
        ["--timeout"] = (s, v) => s with { Timeout = ParseDuration("--timeout", v) },
        ["--max-in-flight"] = (s, v) => s with { MaxInFlight = Whole("--max-in-flight", v) },
        ["--step-factor"] = (s, v) => s with { StepFactor = Positive("--step-factor", v) },
        ["--step-duration"] = (s, v) => s with { StepDuration = ParseDuration("--step-duration", v) },
        ["--max-steps"] = (s, v) => s with { MaxSteps = Whole("--max-steps", v) },
        ["--p99-limit"] = (s, v) => s with { P99Limit = ParseDuration("--p99-limit", v) },
    };

    /// <summary>
    /// Checks the parameters together: a rate turns a closed-loop preset into an open loop; every loop needs a
    /// positive duration and count, so that it ends by itself.
    /// </summary>
    private static LoadScenario Validate(LoadScenario scenario, bool rateGiven)
    {
        if (rateGiven && scenario.Model == LoadModel.Closed)
        {
            scenario = scenario with { Model = LoadModel.Open };
        }

        string? problem = scenario switch
        {
            { Model: LoadModel.Closed, Users: < 1 } => "--users must be at least 1",
            { Model: not LoadModel.Saturation, Duration.Ticks: <= 0 } => "--duration must be longer than 0",
            { RampUp.Ticks: < 0 } or { Warmup.Ticks: < 0 } or { ThinkTime.Ticks: < 0 } => "--ramp-up, --warmup and --think-time cannot be negative",
            { Timeout.Ticks: <= 0 } => "--timeout must be longer than 0",
            { MaxInFlight: < 1 } => "--max-in-flight must be at least 1",
            { Model: LoadModel.Saturation, StepFactor: <= 1 } => "--step-factor must be above 1, or the rate never rises",
            { Model: LoadModel.Saturation, MaxSteps: < 1 } => "--max-steps must be at least 1",
            { Model: LoadModel.Saturation, StepDuration.Ticks: <= 0 } => "--step-duration must be longer than 0",
            { Connections: ConnectionMode.PerUser, Users: < 1 } => "--connections per-user needs --users (how many clients)",
            _ => null,
        };
        return problem is null ? scenario : throw new ArgumentException($"{problem}. {Usage}");
    }

    private static int Whole(string option, string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : throw new ArgumentException($"{option} takes a whole number, not '{text}'.");

    private static double Positive(string option, string text) =>
        double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && value > 0 && double.IsFinite(value)
            ? value
            : throw new ArgumentException($"{option} takes a number above 0, not '{text}'.");

    [GeneratedRegex(@"^(?<value>\d+(\.\d+)?)(?<unit>ms|s|m|h)?$")]
    private static partial Regex DurationPattern();
}
