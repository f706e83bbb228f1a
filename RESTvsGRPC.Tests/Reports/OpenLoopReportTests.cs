using RESTvsGRPC.Bench;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>
/// Reports over open loops that did not hold, and reports that cannot be rendered at all: every section that reads an
/// open-loop percentile asks first whether the arm held its rate, and a section that fails names itself and the file
/// in one line, with nothing written.
/// </summary>
public sealed class OpenLoopReportTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>The README table's second run (its first pooled in it) and the first run alone.</summary>
    private static string Run => Path.Combine(RepositoryPaths.Root, "docs", "runs", "headline-earlier");

    private static string Previous => Path.Combine(Run, RunResults.PreviousFolder);

    [Theory]
    [InlineData("every arm")]
    [InlineData("the baseline")]
    public void Summary_compare_and_pool_render_an_open_loop_that_held_nothing(string unheld)
    {
        Func<string, bool> arms = unheld == "every arm" ? _ => true : arm => arm == TrialStatistics.Baseline;
        var run = Unheld(RunResults.Load(Run), arms);
        var previous = Unheld(RunResults.Load(Previous), arms);

        var (summary, _) = RunSummary.Build(run, previous);
        var (comparison, _) = RunComparison.Build([("held", RunResults.Load(Previous)), ("unheld", run)]);
        var (pooled, _) = RunComparison.Build([("unheld first", previous), ("unheld second", run)]);

        var markdown = summary.ToMarkdown();
        Assert.Contains("| small | 50%: ", markdown);
        Assert.Contains("| REST + JSON, HTTP/1.1 | **not held**: 0/s achieved", markdown);
        Assert.Contains("**not held**: 0/s achieved", comparison.ToMarkdown());
        Assert.Contains("### Pooled over the 2 runs", pooled.ToMarkdown());
        const string bothUnheld = "| **not held**: 0/s achieved | **not held**: 0/s achieved |";
        Assert.Contains($"| small | REST + JSON, HTTP/1.1 {bothUnheld}", pooled.ToMarkdown());
        if (unheld == "the baseline")
        {
            Assert.Contains("no baseline held", markdown);
            Assert.Contains("no baseline held", comparison.ToMarkdown());
        }
    }

    [Fact]
    public async Task Summary_names_the_file_and_the_section_it_cannot_render_and_writes_nothing()
    {
        var folder = Broken("summary");
        var error = new StringWriter();

        var status = await BenchCommandLine.InvokeAsync(["summary", folder], TextWriter.Null, error);

        Assert.Equal(1, status);
        var line = Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries));
        var file = Path.Combine(folder, RunResults.FileName);
        Assert.StartsWith($"summary: '{file}': the section \"headline\" could not be rendered", line);
        Assert.Equal([RunResults.FileName], Directory.EnumerateFiles(folder).Select(Path.GetFileName));
    }

    [Fact]
    public async Task Compare_names_the_files_and_the_section_it_cannot_render_and_writes_nothing()
    {
        var broken = Broken("broken");
        var out_ = _directory.File("out");
        var error = new StringWriter();

        var status = await BenchCommandLine.InvokeAsync(
            ["compare", Previous, broken, "--out", out_],
            TextWriter.Null,
            error
        );

        Assert.Equal(1, status);
        var line = Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries));
        var file = Path.Combine(broken, RunResults.FileName);
        Assert.Contains($"'{file}': the section \"headline ratios\" could not be rendered", line);
        Assert.False(Directory.Exists(out_), "compare wrote its folder though it rendered nothing");
    }

    /// <summary>Every open-loop reading of the matching arms unanswered, in this and the pooled runs.</summary>
    private static RunResults Unheld(RunResults run, Func<string, bool> arms)
    {
        Trial Strip(Trial trial) =>
            trial with
            {
                Segments =
                [
                    .. trial.Segments.Select(s =>
                        arms(s.Arm) && s.OpenLoop is { } readings
                            ? s with
                            {
                                OpenLoop =
                                [
                                    .. readings.Select(r => r with { AnsweredInWindow = 0, Unanswered = r.Calls }),
                                ],
                            }
                            : s
                    ),
                ],
            };
        var trials = run.Trials!;
        return run with
        {
            Trials = trials with
            {
                Trials = [.. trials.Trials.Select(Strip)],
                EarlierRuns = trials.EarlierRuns?.Select(e => e with { Trials = [.. e.Trials.Select(Strip)] }).ToList(),
            },
        };
    }

    /// <summary>A results file that reads but whose first trial has no segments: no report can use it.</summary>
    private string Broken(string name)
    {
        var folder = _directory.File(name);
        Directory.CreateDirectory(folder);
        var json = File.ReadAllText(Path.Combine(Run, RunResults.FileName));
        var at = json.IndexOf("\"segments\": [", StringComparison.Ordinal);
        Assert.True(at > 0, "the stored run has no trial segments to break");
        var broken = json[..at] + "\"segments\": null, \"unused\": [" + json[(at + "\"segments\": [".Length)..];
        File.WriteAllText(Path.Combine(folder, RunResults.FileName), broken);
        return folder;
    }
}
