using RESTvsGRPC.Bench;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench's command line as a newcomer meets it: help for every command, and every mistake refused before a
/// server starts.</summary>
public sealed class CommandLineTests
{
    [Theory]
    [InlineData(
        new[] { "--help" },
        new[]
        {
            "--suite",
            "[default: default]",
            "default|styles|scaling|full",
            "--headline",
            "--trials",
            "--segment",
            "--in-flight",
            "--quick",
            "--call-timeout",
            "[default: 30]",
            "Examples:",
            "--benchmarkdotnet-help",
            "load",
            "soak",
            "compare",
            "summary",
        }
    )]
    [InlineData(new[] { "run", "--help" }, new[] { "--suite", "--rest-url", "--data", "--benchmarkdotnet-help" })]
    [InlineData(
        new[] { "load", "--help" },
        new[]
        {
            "--scenario",
            "[default: normal]",
            "--targets",
            "--users",
            "--think-time",
            "--connections",
            "--rest-url",
            "Examples:",
        }
    )]
    [InlineData(
        new[] { "soak", "--help" },
        new[] { "--duration", "[default: 10m]", "--warmup", "[default: 2m]", "[default: rest-json,grpc]" }
    )]
    [InlineData(new[] { "compare", "--help" }, new[] { "RESULTS_DIR", "--out" })]
    [InlineData(new[] { "summary", "--help" }, new[] { "RESULTS_DIR" })]
    public async Task Help_lists_each_commands_own_options_with_their_defaults(string[] args, string[] expected)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(0, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.All(expected, text => Assert.Contains(text, output.ToString()));
        Assert.DoesNotContain("Mono", output.ToString());
        Assert.Empty(error.ToString());
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("run", "--help")]
    public async Task Run_help_lists_the_options_a_first_run_needs_before_the_rest(params string[] args)
    {
        var output = new StringWriter();

        Assert.Equal(0, await BenchCommandLine.InvokeAsync(args, output, TextWriter.Null));

        var lines = output.ToString().Split('\n');
        var (first, more) = (Array.IndexOf(lines, "Options for a first run:"), Array.IndexOf(lines, "More options:"));
        Assert.InRange(first, 0, more - 1);
        Assert.All(new[] { "--quick", "--headline", "--suite", "--trials", "--link", "--data" }, option =>
            Assert.InRange(
                Array.FindIndex(lines, l => l.StartsWith($"  {option} ", StringComparison.Ordinal)),
                first,
                more
            )
        );
        Assert.All(new[] { "--rest-url", "--segment", "--help" }, option =>
            Assert.True(
                Array.FindIndex(lines, l => l.Contains($" {option} ", StringComparison.Ordinal)) > more,
                $"{option} is not under More options"
            )
        );
    }

    [Theory]
    [InlineData("Option 'sute' is unknown", "--sute", "full")]
    [InlineData("\"fastest\" is invalid", "--job", "fastest")]
    [InlineData("--suite", "--suite", "everything")]
    [InlineData("--suite", "--suite")]
    [InlineData("--call-timeout", "--call-timeout", "soon")]
    [InlineData("'lod'", "lod")]
    [InlineData("--trials takes a whole number from 1 to 100, not '0'", "--trials", "0")]
    [InlineData("--trials takes a whole number from 1 to 100, not '101'", "--headline", "--trials", "101")]
    [InlineData("--trials", "--trials", "many")]
    [InlineData("--segment takes seconds from 0.05 to 60, not '0'", "--segment", "0")]
    [InlineData("--segment takes seconds from 0.05 to 60, not '61'", "--headline", "--segment", "61")]
    [InlineData("--client-cpus names CPU 4096, but this machine has CPUs 0-", "--headline", "--client-cpus", "4096")]
    [InlineData("--server-cpus names CPU 4096, but this machine has CPUs 0-", "--server-cpus", "0,4096")]
    [InlineData("--link goes with --headline", "--link", "veth")]
    [InlineData("--suite aot starts its own server processes", "--suite", "aot", "--headline")]
    [InlineData("--suite aot starts its own server processes", "--suite", "aot", "--filter", "*Small*")]
    [InlineData("--headline runs no BenchmarkDotNet, so a filter", "--headline", "--filter", "*Small*")]
    [InlineData("--quick runs no BenchmarkDotNet, so a filter", "--quick", "--filter", "*Small*")]
    [InlineData("--users", "load", "--users", "many")]
    [InlineData("load does not take '--sute'", "load", "--sute", "x")]
    [InlineData("--scenario", "load", "--scenario", "huge")]
    [InlineData("--duration", "soak", "--duration", "ten")]
    [InlineData("'--rest-url'", "soak", "--rest-url", "http://127.0.0.1:5000")]
    [InlineData("RESULTS_DIR", "compare", "one")]
    [InlineData("RESULTS_DIR", "summary")]
    public async Task A_bad_command_line_is_refused_in_one_sentence_with_usage_and_exit_code_2_before_any_server_starts(
        string named,
        params string[] args
    )
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(args, output, error);

        Assert.Equal(2, exitCode);
        var line = Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains(named, line);
        Assert.Contains("usage: RESTvsGRPC.Bench", line);
        Assert.DoesNotContain("// started:", output.ToString());
    }

    [Fact]
    public void BenchmarkDotNet_options_pass_through_once_its_parser_accepts_them()
    {
        var options = BenchOptions.Parse(["--filter", "*Small*", "--artifacts", "out", "--inProcess"]);

        Assert.Equal(["--filter", "*Small*", "--artifacts", "out", "--inProcess"], options.BenchmarkDotNetArgs[..5]);
        Assert.Equal(
            ["--help"],
            BenchOptions.Parse(["--benchmarkdotnet-help"]).BenchmarkDotNetArgs.Where(a => a == "--help")
        );
        Assert.True(BenchOptions.Parse(["--benchmarkdotnet-help"]).OnlyPrints);
    }
}
