using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>The load summary rendered from results typed in, so every figure it must show is known in advance.</summary>
public sealed class LoadSummaryTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Summary_shows_each_targets_figures_drift_saturation_warnings_and_provenance()
    {
        var markdown = LoadSummary.Build(Results(complete: true)).Document.ToMarkdown();

        Assert.Contains("| rest-json | HTTP/1.1 | 1,200 | 2.00 ms | 4.00 ms | 5.00 ms | 9.00 ms | 20.0 ms | 31.0 ms | 3 (1/2/0/0) |", markdown);
        Assert.Contains("| grpc | HTTP/2 | 3,000 | 800 μs |", markdown);
        Assert.Contains("| rest-json | 1,250 → 1,000 | -20.0 % | 8.00 ms → 12.0 ms | +50.0 % |", markdown);
        Assert.Contains("grpc: held 400 requests/s at most", markdown);
        Assert.Contains("| grpc | 600 | 550 | 150 ms | 0 | no |", markdown);
        Assert.Contains("rest-json: 3 calls failed", markdown);
        Assert.Contains("| scenario | normal |", markdown);
        Assert.Contains("| commit | 0123456789abcdef0123456789abcdef01234567 |", markdown);
        Assert.DoesNotContain("Incomplete", markdown);
    }

    [Fact]
    public void An_incomplete_run_says_so_first()
    {
        var markdown = LoadSummary.Build(Results(complete: false)).Document.ToMarkdown();

        Assert.Contains("**Incomplete run**: stopped by a signal", markdown);
    }

    [Fact]
    public void Write_puts_the_series_csv_the_charts_and_the_html_beside_the_markdown()
    {
        var path = LoadSummary.Write(Results(complete: true), _directory.Path);

        Assert.Equal(Path.Combine(_directory.Path, LoadSummary.MarkdownFile), path);
        var csv = File.ReadAllLines(Path.Combine(_directory.Path, LoadSummary.SeriesFile));
        Assert.Equal(1 + 3 + 3, csv.Length);
        Assert.Equal("rest-json,1,1000,2,1800,8500,1000,200000,40,100000000,30,200000000,20,150", csv[2]);
        Assert.Equal("grpc,0,3000,0,700,2000,3000,300000,,,,,,", csv[4]);
        var rps = File.ReadAllText(Path.Combine(_directory.Path, "load-rps.svg"));
        Assert.Contains("requests/s", rps);
        Assert.Contains(">rest-json<", rps);
        Assert.Contains(">p99.9<", File.ReadAllText(Path.Combine(_directory.Path, "load-percentiles.svg")));
        Assert.Contains("p99 latency against the rate asked", File.ReadAllText(Path.Combine(_directory.Path, "load-saturation.svg")));
        Assert.Contains("<table>", File.ReadAllText(Path.Combine(_directory.Path, LoadSummary.HtmlFile)));
    }

    internal static LoadResults Results(bool complete) => new(
        RunFixture.Provenance(),
        [new("scenario", "normal"), new("model", "closed loop, 50 users")],
        complete,
        complete ? null : "stopped by a signal after 1 of 2 targets (the last one cut short)",
        [
            new TargetResult(
                "rest-json", "REST + JSON, HTTP/1.1", "HTTP/1.1", "shared client: HTTP/1.1 pool",
                new TargetTotals(10, 12_000, 1_200, new LatencySummary(2.5e6, 2e6, 4e6, 5e6, 9e6, 20e6, 31e6), new ErrorCounts(1, 2, 0, 0),
                    1_000, 200_000, 40, 55, 100_000_000, 30, 200_000_000),
                new Drift(1_250, 1_000, 8e6, 12e6),
                [
                    new SecondSample(0, 1_200, 0, 1.9e6, 8e6, 1_000, 200_000, 40, 100_000_000, 30, 200_000_000, 20, 150),
                    new SecondSample(1, 1_000, 2, 1.8e6, 8.5e6, 1_000, 200_000, 40, 100_000_000, 30, 200_000_000, 20, 150),
                    new SecondSample(2, 10, 1, 1.8e6, 8.5e6, 0, 0, null, null, null, null, null, null),
                ],
                [],
                null,
                ["3 calls failed (1 status, 2 timeout, 0 validation, 0 transport)."]),
            new TargetResult(
                "grpc", "gRPC unary, h2c", "HTTP/2", "shared client: one HTTP/2 connection",
                new TargetTotals(10, 30_000, 3_000, new LatencySummary(0.9e6, 0.8e6, 1e6, 1.2e6, 2e6, 3e6, 4e6), new ErrorCounts(0, 0, 0, 0),
                    3_000, 300_000, 30, 35, 90_000_000, 35, 150_000_000),
                null,
                [
                    new SecondSample(0, 3_000, 0, 0.7e6, 2e6, 3_000, 300_000, null, null, null, null, null, null),
                    new SecondSample(1, 3_000, 0, 0.7e6, 2e6, 3_000, 300_000, 30, 90_000_000, 35, 150_000_000, 22, 160),
                    new SecondSample(2, 5, 0, 0.7e6, 2e6, 0, 0, 30, 90_000_000, 35, 150_000_000, 22, 160),
                ],
                [new SaturationStep(400, 399, 3e6, 0, true), new SaturationStep(600, 550, 150e6, 0, false)],
                400,
                []),
        ]);
}
