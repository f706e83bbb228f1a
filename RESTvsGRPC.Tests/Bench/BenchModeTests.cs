using RESTvsGRPC.Bench;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>What a run does is decided once from its command line, and every phase reads it from there.</summary>
public sealed class BenchModeTests
{
    [Theory]
    [InlineData("--headline", "no link", "trials", false, "headline")]
    [InlineData("--headline --tls", "no link", "trials, TLS", false, "headline-tls")]
    [InlineData("--headline --quick", "no link", "trials", false, "headline")]
    [InlineData("--quick", "no link", "trials", false, "headline")]
    [InlineData("--quick --suite styles", "no link", "trials, API styles", false, "headline")]
    [InlineData("--headline --link loopback,100mbit", "loopback, 100mbit", "trials", false, "headline")]
    [InlineData("--headline --tls --link 100mbit", "100mbit", "trials", false, "headline-tls")]
    [InlineData("--suite styles", "no link", "trials, API styles", true, "")]
    [InlineData("", "no link", "trials", true, "")]
    public void Mode_is_decided_once_from_the_command_line(
        string commandLine,
        string conditions,
        string sets,
        bool benchmarkDotNet,
        string folder
    )
    {
        var options = BenchOptions.Parse(commandLine.Split(' ', StringSplitOptions.RemoveEmptyEntries));

        var mode = BenchMode.Of(options);

        Assert.Equal(conditions, string.Join(", ", mode.Conditions.Select(link => link?.Name ?? "no link")));
        Assert.Equal(sets, string.Join("; ", mode.TrialSets.Select(set => set.Name)));
        Assert.Equal(
            (benchmarkDotNet, benchmarkDotNet, benchmarkDotNet),
            (mode.RunsBenchmarkDotNet, mode.Probes, mode.Scaling)
        );
        if (!benchmarkDotNet)
        {
            Assert.Equal(folder, mode.Folder);
        }
    }

    /// <summary>
    /// The scaling servers (and the streaming probe they serve) start with every run of BenchmarkDotNet but one whose
    /// own filter chooses no scaling benchmark, as BenchmarkDotNet's parser and filters read it.
    /// </summary>
    [Theory]
    [InlineData("", true)]
    [InlineData("--suite scaling", true)]
    [InlineData("--filter *TransportBenchmarks*", false)]
    [InlineData("--filter *TransportBenchmarks* *CodecBenchmarks*", false)]
    [InlineData("--filter *ScalingBenchmarks.Grpc*", true)]
    [InlineData("--filter * --anyCategories small", false)]
    [InlineData("--filter * --anyCategories large", true)]
    public void Scaling_servers_start_unless_the_users_own_filter_chooses_no_scaling_benchmark(
        string commandLine,
        bool scaling
    )
    {
        var options = BenchOptions.Parse(commandLine.Split(' ', StringSplitOptions.RemoveEmptyEntries));

        Assert.Equal(scaling, BenchMode.Of(options).Scaling);
    }

    [Fact]
    public void Only_transport_trials_end_open_loop_and_only_measuring_runs_are_checked_a_dry_one_on_transport_arms()
    {
        var tls = BenchMode.Of(BenchOptions.Parse(["--headline", "--tls"])).TrialSets;
        var quick = BenchMode.Of(BenchOptions.Parse(["--quick"])).TrialSets;
        var headline = BenchMode.Of(BenchOptions.Parse(["--headline", "--suite", "full"])).TrialSets;
        var link = BenchMode.Of(BenchOptions.Parse(["--headline", "--link", "100mbit"])).TrialSets;
        var run = BenchMode.Of(BenchOptions.Parse(["--suite", "full", "--aot", "off"])).TrialSets;
        var dry = BenchMode.Of(BenchOptions.Parse(["--suite", "full", "--aot", "off", "--job", "dry"])).TrialSets;

        Assert.Equal(
            [(TrialSlot.Tls, false, false, BenchMode.NewConnectionsPerTrial)],
            tls.Select(s => (s.Slot, s.OpenLoop, s.Checked, s.NewConnections))
        );
        Assert.Equal([(TrialSlot.Transport, true, false)], quick.Select(s => (s.Slot, s.OpenLoop, s.Checked)));
        Assert.Equal(
            [(TrialSlot.Transport, true, false), (TrialSlot.Styles, false, false)],
            headline.Where(s => s.Slot != TrialSlot.Aot).Select(s => (s.Slot, s.OpenLoop, s.Checked))
        );
        Assert.Equal([(TrialSlot.Transport, false, false)], link.Select(s => (s.Slot, s.OpenLoop, s.Checked)));
        Assert.Equal(
            [(TrialSlot.Transport, true, true), (TrialSlot.Styles, false, true)],
            run.Select(s => (s.Slot, s.OpenLoop, s.Checked))
        );
        Assert.Equal(
            [(TrialSlot.Transport, true, true), (TrialSlot.Styles, false, false)],
            dry.Select(s => (s.Slot, s.OpenLoop, s.Checked))
        );
    }
}
