using System.CommandLine;
using RESTvsGRPC.Bench.Links;
using RESTvsGRPC.Bench.Load;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The <c>load</c> command's options: a preset, the user's overrides of it, the targets, the output folder, and the
/// server options the benchmark run takes too.
/// </summary>
public sealed partial record LoadOptions(
    LoadScenario Scenario,
    IReadOnlyList<string>? Targets,
    string OutputDirectory,
    BenchOptions Servers
)
{
    /// <summary>
    /// The links to run over in turn (<c>--link</c>), each into a folder of its own under
    /// <see cref="OutputDirectory"/>; null: loopback, into it.
    /// </summary>
    public IReadOnlyList<LinkProfile>? Links { get; init; }

    /// <summary>The usage line a refusal of <c>load</c> ends with, from its options' declarations.</summary>
    public static string Usage { get; } = UsageOf(soak: false);

    /// <summary>The usage line of <c>soak</c>, whose defaults differ from load's.</summary>
    public static string SoakUsage { get; } = UsageOf(soak: true);

    private static string UsageOf(bool soak) =>
        $"usage: RESTvsGRPC.Bench {(soak ? "soak" : "load")} {RunOptions.Listed(Declare(soak))}";

    /// <summary>
    /// The options of <c>load</c> (or, with <paramref name="soak"/>, of <c>soak</c>, whose defaults differ), as
    /// System.CommandLine declares them.
    /// </summary>
    public static IEnumerable<Option> Declare(bool soak)
    {
        var presets = string.Join(", ", LoadScenario.Presets.Keys);
        yield return new Option<string>("--scenario")
        {
            Description = $"The preset: {presets}.",
            HelpName = "NAME",
            DefaultValueFactory = _ => "normal",
        };
        yield return Text(
            "--targets",
            $"Comma-separated targets: {string.Join(", ", LoadTarget.Names)}.",
            "LIST",
            soak ? "rest-json,grpc" : null,
            "the first five, where their server runs; the API styles' when named"
        );
        yield return Text("--users", "Users of the closed loop (one call in flight each).", "N", null, "the preset's");
        yield return Text("--duration", "Measured time.", "DURATION", soak ? "10m" : null, "the preset's");
        yield return Text("--ramp-up", "Time over which users start.", "DURATION", null, "5s");
        yield return Text(
            "--warmup",
            "Time run but not measured, after the ramp-up.",
            "DURATION",
            soak ? "2m" : null,
            "15s"
        );
        yield return Text("--think-time", "Pause between a user's calls.", "DURATION", null, "0ms");
        yield return Text("--mix", "Operations and their weights.", "MIX", null, "small:70,large:20,post:10");
        yield return Text(
            "--connections",
            "One client per target, or one per user.",
            "shared|per-user",
            null,
            "shared"
        );
        yield return Text("--timeout", "Time one call may take before it counts as an error.", "DURATION", null, "10s");
        yield return Text(
            "--out",
            "Where results and the summary go.",
            "DIR",
            Path.Combine("BenchmarkDotNet.Artifacts", soak ? "soak" : "load"),
            null
        );
        if (!soak)
        {
            yield return Text(
                "--link",
                $"Run over each link in turn, the servers in a network namespace of their own joined to the client by "
                    + $"a veth pair (Linux, root), each into DIR/PROFILE: {LinkProfile.Accepted}.",
                "PROFILE[,PROFILE…]",
                null,
                "loopback, into DIR"
            );
        }

        // Soak starts its own servers: it reads their processes.
        foreach (var option in soak ? [RunOptions.Data] : RunOptions.Servers)
        {
            yield return option;
        }
    }

    /// <summary>
    /// Parses <paramref name="args"/> as <c>load</c>'s; throws <see cref="ArgumentException"/> with <see cref="Usage"/>
    /// on a bad one.
    /// </summary>
    public static LoadOptions Parse(IReadOnlyList<string> args) =>
        From(BenchCommandLine.ParseLoad(args, soak: false), soak: false);

    /// <summary>
    /// The options of a parsed <c>load</c> or <c>soak</c>. A soak holds the normal preset ten minutes after a
    /// two-minute warm-up (a server's memory climbs for minutes while the GC sizes its heap), against servers it starts
    /// itself.
    /// </summary>
    public static LoadOptions From(ParseResult result, bool soak)
    {
        var usage = soak ? SoakUsage : Usage;
        if (result.UnmatchedTokens is [var stray, ..])
        {
            throw new ArgumentException($"{(soak ? "soak" : "load")} does not take '{stray}'. {usage}");
        }

        var scenario = ScenarioFrom(result, usage);
        var targets = TargetsFrom(result, usage);
        var servers = BenchOptions.ServersFrom(result, usage);
        var output = Path.GetFullPath(result.GetValue<string>("--out")!);
        var links = !soak && result.GetValue<string>("--link") is { } linkList ? LinksOf(linkList, usage) : null;
        if (links is not null && servers.GivesServers)
        {
            throw new ArgumentException(
                $"--link goes with servers the bench starts, not with --rest-url or --grpc-url. {usage}"
            );
        }

        return new LoadOptions(
            soak ? scenario with { Name = $"soak of {scenario.Name}" } : scenario,
            targets,
            output,
            servers
        )
        {
            Links = links,
        };
    }

    /// <summary>The preset <c>--scenario</c> names with the user's overrides of it, checked.</summary>
    private static LoadScenario ScenarioFrom(ParseResult result, string usage)
    {
        var name = result.GetValue<string>("--scenario")!;
        if (!LoadScenario.Presets.TryGetValue(name, out var scenario))
        {
            throw new ArgumentException(
                $"--scenario takes {string.Join(", ", LoadScenario.Presets.Keys)}, not '{name}'. {usage}"
            );
        }
        try
        {
            foreach (var (option, apply) in Overrides)
            {
                if (result.GetValue<string>(option) is { } value)
                {
                    scenario = apply(scenario, value);
                }
            }
        }
        catch (ArgumentException e)
        {
            throw new ArgumentException($"{e.Message} {usage}", e);
        }

        return Validate(scenario, usage);
    }

    /// <summary>The targets <c>--targets</c> names, each one known; null: the default targets.</summary>
    private static string[]? TargetsFrom(ParseResult result, string usage)
    {
        var targets = result
            .GetValue<string>("--targets")
            ?.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        // Refused here, before any server starts.
        if (targets?.FirstOrDefault(target => !LoadTarget.Names.Contains(target)) is { } unknown)
        {
            throw new ArgumentException(
                $"--targets takes {string.Join(", ", LoadTarget.Names)}, not '{unknown}'. {usage}"
            );
        }

        return targets;
    }

    /// <summary>Reads "60s", "500ms", "2m", "1h" or a bare number of seconds.</summary>
    public static TimeSpan ParseDuration(string option, string text)
    {
        var match = DurationPattern().Match(text);
        if (
            !match.Success
            || !double.TryParse(
                match.Groups["value"].Value,
                NumberStyles.Float,
                CultureInfo.InvariantCulture,
                out var value
            )
        )
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
        ["--mix"] = (s, v) => s with { Mix = OperationMix.Parse(v) },
        ["--connections"] = (s, v) =>
            s with
            {
                Connections = v switch
                {
                    "shared" => ConnectionMode.Shared,
                    "per-user" => ConnectionMode.PerUser,
                    _ => throw new ArgumentException($"--connections takes shared or per-user, not '{v}'."),
                },
            },
        ["--timeout"] = (s, v) => s with { Timeout = ParseDuration("--timeout", v) },
    };

    /// <summary>
    /// Checks the parameters together: every loop needs a positive duration and count, so that it ends by itself.
    /// </summary>
    private static LoadScenario Validate(LoadScenario scenario, string usage)
    {
        string? problem = scenario switch
        {
            { Users: < 1 } => "--users must be at least 1",
            { Duration.Ticks: <= 0 } => "--duration must be longer than 0",
            { RampUp.Ticks: < 0 } or { Warmup.Ticks: < 0 } or { ThinkTime.Ticks: < 0 } =>
                "--ramp-up, --warmup and --think-time cannot be negative",
            { Timeout.Ticks: <= 0 } => "--timeout must be longer than 0",
            _ => null,
        };
        return problem is null ? scenario : throw new ArgumentException($"{problem}. {usage}");
    }

    /// <summary>
    /// An option with a value; its default either set (<paramref name="defaultValue"/>) or only described
    /// (<paramref name="describedDefault"/>, what the preset or the runner uses).
    /// </summary>
    private static Option<string> Text(
        string name,
        string description,
        string helpName,
        string? defaultValue,
        string? describedDefault
    )
    {
        var option = new Option<string>(name) { Description = description, HelpName = helpName };
        if (defaultValue is not null)
        {
            option.DefaultValueFactory = _ => defaultValue;
        }
        else if (describedDefault is not null)
        {
            option.Description = $"{description} [default: {describedDefault}]";
        }

        return option;
    }

    private static int Whole(string option, string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value)
            ? value
            : throw new ArgumentException($"{option} takes a whole number, not '{text}'.");

    [GeneratedRegex(@"^(?<value>\d+(\.\d+)?)(?<unit>ms|s|m|h)?$")]
    private static partial Regex DurationPattern();

    private static IReadOnlyList<LinkProfile> LinksOf(string list, string usage)
    {
        try
        {
            return LinkProfile.ParseList(list);
        }
        catch (ArgumentException e)
        {
            throw new ArgumentException($"{e.Message} {usage}", e);
        }
    }
}
