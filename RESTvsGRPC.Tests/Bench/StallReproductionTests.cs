using RESTvsGRPC.Bench;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The <c>stalls</c> command, as a user runs it: every client at both stream windows, each row's calls answered and
/// validated, its rate per 100 000 calls with an upper bound, written as stalls.json and stalls.md; a bad option exits
/// 2 before any server starts.
/// </summary>
public sealed class StallReproductionTests : IDisposable
{
    private readonly TemporaryDirectory _out = new();

    public void Dispose() => _out.Dispose();

    [NodePeerFact]
    public async Task Stalls_reports_each_client_at_both_windows_per_100000_calls()
    {
        using var bench = BenchProcess.Start(
            "stalls",
            "--calls",
            "300",
            "--clients",
            "grpc,grpc-js",
            "--out",
            _out.Path
        );
        try
        {
            var output = bench.StandardOutput.ReadToEndAsync();
            var error = bench.StandardError.ReadToEndAsync();
            await bench.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(3));
            Assert.True(bench.ExitCode == 0, $"exit {bench.ExitCode}: {await error}\n{await output}");
        }
        finally
        {
            BenchProcess.StopIfRunning(bench);
        }

        var run = StallReproductionRun.Load(_out.Path);
        Assert.Equal(
            [("grpc", 65535), ("grpc", 4 * 1024 * 1024), ("grpc-js", 65535), ("grpc-js", 4 * 1024 * 1024)],
            run.Rows.Select(r => (r.Client, r.WindowBytes))
        );
        Assert.All(run.Rows, r => Assert.Equal((1, r.StalledRounds == 0), (r.Rounds, r.Calls == 300)));
        var markdown = File.ReadAllText(Path.Combine(_out.Path, "stalls.md"));
        Assert.Contains("| grpc-js | 65,535 B (the client's default) | 1 | ", markdown);
        Assert.Contains("(at most 1229.", markdown);
    }

    [Fact]
    public void A_rate_of_none_still_allows_the_exact_upper_bound()
    {
        Assert.Equal(3.689, StallReproductionRow.PoissonUpper(0), 3);
        Assert.Equal(5.572, StallReproductionRow.PoissonUpper(1), 3);
        Assert.Equal(0.61, new StallReproductionRow("grpc", 65535, 600_000, 400, 0, 1).UpperPerHundredThousand, 2);
    }

    [Theory]
    [InlineData("stalls", "--calls", "0")]
    [InlineData("stalls", "--clients", "grpc,curl")]
    [InlineData("stalls", "--calls", "many")]
    [InlineData("stalls", "--rounds", "3")]
    [InlineData("stalls", "--windows", "1mb")]
    public async Task Stalls_rejects_a_bad_option_in_one_line_before_any_server_starts(params string[] args)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(2, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.Contains("usage: RESTvsGRPC.Bench stalls", error.ToString());
        Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Equal("", output.ToString());
    }
}
