using System.Text.RegularExpressions;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.CrossPlatform;

/// <summary>The crank configuration passes only arguments the servers and the bench accept, and names only load presets
/// that exist.</summary>
public sealed partial class CrankConfigTests
{
    private static readonly string Config = File.ReadAllText(
        Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.benchmarks.yml")
    );

    [Fact]
    public void Load_job_arguments_parse_for_every_scenario()
    {
        var scenarios = ScenarioLine().Matches(Config).Select(m => m.Groups["name"].Value).Distinct().ToList();
        Assert.Equal(["light", "normal", "stress", "stability"], scenarios);

        foreach (var scenario in scenarios)
        {
            var arguments = Arguments("load", ("scenario", scenario));
            Assert.Equal("load", arguments[0]);

            var options = LoadOptions.Parse(arguments[1..]);

            Assert.Equal(scenario, options.Scenario.Name);
            Assert.True(options.Servers.GivesServers);
            Assert.NotNull(options.Servers.RestH2cUrl);
        }
    }

    [Theory]
    [InlineData("restapi", "RestAPI")]
    [InlineData("grpcapi", "GrpcAPI")]
    public async Task Server_job_arguments_start_the_server_with_its_ready_line(string job, string project)
    {
        // Port 0 for every port variable: the same switches and URL shapes, on free loopback ports.
        var arguments = Arguments(
            job,
            ("restPort", "0"),
            ("restH2cPort", "0"),
            ("restTlsPort", "0"),
            ("grpcPort", "0"),
            ("grpcTlsPort", "0"),
            ("grpcWebPort", "0")
        );

        using var server = await ServerProcess.StartAsync(
            RepositoryPaths.ProjectAssembly(project),
            arguments,
            TimeSpan.FromSeconds(60)
        );

        Assert.StartsWith($"{project} listening on http://127.0.0.1:", server.ReadyLine);
        Assert.Contains($"readyStateText: {project} listening on", Config);
    }

    [Fact]
    public void Every_variable_a_job_uses_is_defined()
    {
        var defined = VariableDefinition().Matches(Config).Select(m => m.Groups["name"].Value).ToHashSet();
        var used = VariableUse().Matches(Config).Select(m => m.Groups["name"].Value).Distinct();

        Assert.All(used, name => Assert.Contains(name, defined));
    }

    /// <summary>A job's argument line with the file's variables (and <paramref name="overrides"/>) filled in, split
    /// into words.</summary>
    private static string[] Arguments(string job, params (string Name, string Value)[] overrides)
    {
        var line = Regex
            .Match(
                Config,
                $@"^  {job}:\n(?:    .*\n|\n)*?    arguments: ""(?<arguments>[^""]+)""",
                RegexOptions.Multiline
            )
            .Groups["arguments"]
            .Value;
        Assert.False(string.IsNullOrEmpty(line), $"job {job} has no arguments line");
        var values = VariableDefinition()
            .Matches(Config.Split("\njobs:")[0])
            .ToDictionary(m => m.Groups["name"].Value, m => m.Groups["value"].Value.Trim());
        foreach (var (name, value) in overrides)
        {
            values[name] = value;
        }

        return VariableUse()
            .Replace(line, m => values[m.Groups["name"].Value])
            .Split(' ', StringSplitOptions.RemoveEmptyEntries);
    }

    [GeneratedRegex(@"^        scenario: (?<name>\w+)$", RegexOptions.Multiline)]
    private static partial Regex ScenarioLine();

    [GeneratedRegex(@"^\s+(?<name>[a-zA-Z][a-zA-Z0-9]*): (?<value>[^\s{][^\n]*)$", RegexOptions.Multiline)]
    private static partial Regex VariableDefinition();

    [GeneratedRegex(@"\{\{(?<name>\w+)\}\}")]
    private static partial Regex VariableUse();
}
