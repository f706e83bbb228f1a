using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Reports;

namespace RESTvsGRPC.Tests.Documentation;

/// <summary>
/// The calibration run method.md's allocation rests on (<c>docs/calibration</c>): its rounds, variance components and
/// block spreads read back, its report is what <c>summary</c> writes from it, and method.md cites it.
/// </summary>
public sealed class CalibrationRunTests : IDisposable
{
    private static readonly string Stored = Path.Combine(RepositoryPaths.Root, "docs", "calibration");

    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Calibration_run_holds_every_ratios_components_over_eight_rounds_with_their_block_spreads()
    {
        var trials = RunResults.Load(Stored).Trials!;

        Assert.Equal((10, 8), (trials.Completed, trials.Plan.Slices));
        Assert.All(trials.Headline, r =>
        {
            Assert.Equal((10, 8), (r.Components!.Trials, r.Components.Rounds));
            Assert.Equal([1, 2, 4], r.Components.Blocks!.Select(b => b.Rounds));
            Assert.NotNull(r.HodgesLehmann);
        });
        Assert.All(trials.Trials, t => Assert.True(t.Timing!.SlicesSeconds > 0));
    }

    [Fact]
    public void Calibration_report_is_what_summary_writes_from_the_stored_run_and_method_cites_it()
    {
        RunSummary.Write(RunResults.Load(Stored), null, _directory.Path);

        StoredReports.Matches("docs/calibration", _directory.Path, Path.Combine(Stored, "report"));
        var method = File.ReadAllText(Path.Combine(RepositoryPaths.Root, "docs", "method.md"));
        Assert.Contains("(calibration/report/summary.md)", method);
    }
}
