using System.Diagnostics;
using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.CrossPlatform;

/// <summary>The GitHub workflow that reruns everything on Linux, Windows and macOS, checked by GitHub's own
/// parser.</summary>
public sealed partial class WorkflowTests : IDisposable
{
    private static readonly string Workflow = Path.Combine(RepositoryPaths.Root, ".github", "workflows", "ci.yml");
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [WorkflowParserFact]
    public async Task Ci_workflow_is_valid_for_GitHubs_own_parser()
    {
        var (exitCode, output) = await CheckAsync(Workflow);

        Assert.True(exitCode == 0, output);
        Assert.Contains("valid (2 jobs: test-and-bench, compare)", output);
    }

    [WorkflowParserFact]
    public async Task A_typo_in_a_workflow_fails_the_check_naming_line_and_key()
    {
        var broken = _directory.File("ci.yml");
        File.WriteAllText(
            broken,
            File.ReadAllText(Workflow)
                .Replace("    runs-on: ${{ matrix.os }}", "    runs-onn: ${{ matrix.os }}", StringComparison.Ordinal)
        );

        var (exitCode, output) = await CheckAsync(broken);

        Assert.Equal(1, exitCode);
        Assert.Matches(@"\(Line: \d+, Col: \d+\): Unexpected value 'runs-onn'", output);
    }

    [Fact]
    public void Ci_workflow_runs_the_readmes_test_command_and_the_quick_bench_on_three_oses_then_compares()
    {
        var workflow = File.ReadAllText(Workflow);
        var readme = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "README.md"));

        Assert.Contains("os: [ubuntu-latest, windows-latest, macos-latest]", workflow);
        Assert.Contains("run: dotnet test -c Release", workflow);
        Assert.Matches(@"(?m)^dotnet test -c Release +# the tests$", readme);
        Assert.Contains("global-json-file: global.json", workflow);
        Assert.Contains("-- --quick --artifacts bench-artifacts", workflow);
        Assert.Contains("path: bench-artifacts/headline", workflow); // where --quick, a headline, writes
        Assert.Contains("-- compare runs/bench-Linux runs/bench-Windows runs/bench-macOS", workflow);
        var actions = UsesLine().Matches(workflow).Select(m => m.Groups["version"].Value).ToList();
        Assert.NotEmpty(actions);
        Assert.All(actions, version => Assert.Matches(@"^v\d+\.\d+\.\d+$", version));
    }

    private static async Task<(int ExitCode, string Output)> CheckAsync(string workflow)
    {
        var start = new ProcessStartInfo("node")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = RepositoryPaths.Root,
        };
        start.ArgumentList.Add(Path.Combine(RepositoryPaths.Root, "tools", "workflow-check", "check.mjs"));
        start.ArgumentList.Add(workflow);
        using var node = Process.Start(start)!;
        var output = node.StandardOutput.ReadToEndAsync();
        var error = node.StandardError.ReadToEndAsync();
        await node.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
        return (node.ExitCode, await output + await error);
    }

    [GeneratedRegex(@"uses: [\w-]+/[\w-]+@(?<version>\S+)")]
    private static partial Regex UsesLine();
}
