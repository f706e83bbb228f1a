using ModelLibrary;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Benchmarks;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The bench refuses, with one clear line and a non-zero exit code, to time anything it cannot
/// validate.</summary>
public sealed class OrchestratorTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public async Task Bench_exits_non_zero_when_the_given_server_serves_other_data()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartRestAsync("--data", path);
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            ["--rest-url", server.BaseAddress.ToString(), "--data", RepositoryPaths.CommittedData],
            output,
            error
        );

        Assert.Equal(1, exitCode);
        Assert.StartsWith(
            "bench stopped before timing anything: REST GetLargePayload returned 10 records",
            error.ToString()
        );
        Assert.DoesNotContain("reports", output.ToString());
    }

    [Fact]
    public async Task Bench_exits_non_zero_when_the_given_grpc_server_serves_other_data()
    {
        var path = _directory.File("ten.json");
        NasaExportWriter.WriteFile(path, MeteoriteGenerator.Generate(10));
        using var server = await TestServers.StartGrpcAsync("--data", path);
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            ["--grpc-url", server.BaseAddress.ToString(), "--data", RepositoryPaths.CommittedData],
            output,
            error
        );

        Assert.Equal(1, exitCode);
        Assert.StartsWith(
            "bench stopped before timing anything: gRPC GetLargePayloadAsList returned 10 records",
            error.ToString()
        );
        Assert.DoesNotContain("// started:", output.ToString());
    }

    [Fact]
    public async Task Bench_exits_non_zero_when_the_given_server_is_down()
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            ["--rest-url", $"http://127.0.0.1:{CorrectnessGateTests.ClosedPort()}/"],
            output,
            error
        );

        Assert.Equal(1, exitCode);
        Assert.StartsWith("bench stopped before timing anything: REST GetSmallPayload failed:", error.ToString());
    }

    [Fact]
    public async Task Bench_names_a_malformed_data_file_and_starts_nothing()
    {
        var path = _directory.File("bad.json");
        File.WriteAllText(path, "[{\"id\":\"x\"}]");
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(["--data", path], output, error);

        Assert.Equal(1, exitCode);
        Assert.Contains($"data file '{path}', record 0, field 'id': \"x\" is not a record id", error.ToString());
        Assert.DoesNotContain("// started:", output.ToString());
    }

    [Theory]
    [InlineData("missing.json", "cannot be read: Could not find file")]
    [InlineData("", "cannot be read: Access to the path")]
    public async Task Bench_names_a_missing_or_unreadable_data_file_and_starts_nothing(string name, string reason)
    {
        // "" names the temporary directory itself: a path that exists but cannot be read as a file, even by root.
        var path = name.Length > 0 ? _directory.File(name) : _directory.Path;
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(["--data", path], output, error);

        Assert.Equal(1, exitCode);
        Assert.StartsWith($"bench stopped before timing anything: data file '{path}' {reason}", error.ToString());
        Assert.Single(error.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.DoesNotContain("// started:", output.ToString());
    }

    [Theory]
    [InlineData("--rest-url", "not a url")]
    [InlineData("--rest-url")]
    public async Task Bench_rejects_a_bad_option_with_usage(params string[] args)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(args, output, error);

        Assert.Equal(2, exitCode);
        Assert.Contains("usage: RESTvsGRPC.Bench", error.ToString());
    }

    [Theory]
    [InlineData("--suite", "everything")]
    [InlineData("--call-timeout", "0")]
    [InlineData("--rest-h2c-url", "http://127.0.0.1:5001")]
    [InlineData("--grpc-tls-url", "https://127.0.0.1:6443")]
    [InlineData("--server-cpus", "0", "--rest-url", "http://127.0.0.1:5000")]
    [InlineData("--server-cpus", "4096")]
    [InlineData("--client-cpus", "1-0")]
    [InlineData("--client-cpus", "first")]
    [InlineData("--slices", "0")]
    [InlineData("--slices", "21")]
    [InlineData("--in-flight", "small=0")]
    [InlineData("--link", "veth", "--headline", "--rest-url", "http://127.0.0.1:5000")]
    public async Task Bench_rejects_options_that_do_not_fit_together(params string[] args)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(2, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.Contains("usage: RESTvsGRPC.Bench", error.ToString());
    }

    [Fact]
    public void Options_add_the_suite_filter_so_benchmarkdotnet_never_waits_for_a_key()
    {
        Assert.Equal(
            ["--job", "dry", "--filter", "*TransportBenchmarks*", "*CodecBenchmarks*", "--stopOnFirstError"],
            BenchOptions.Parse(["--job", "dry"]).BenchmarkDotNetArgs
        );
        Assert.Equal(
            ["--filter", "*", .. BenchOptions.DefaultIterationBounds, "--stopOnFirstError"],
            BenchOptions.Parse(["--suite", "full"]).BenchmarkDotNetArgs
        );
        Assert.Equal(
            ["--filter", "*Small*", "--job", "short", "--stopOnFirstError"],
            BenchOptions.Parse(["--filter", "*Small*", "--job", "short"]).BenchmarkDotNetArgs
        );
        Assert.Equal(
            ["--warmupCount", "8", "--filter", "*TransportBenchmarks*", "*CodecBenchmarks*", "--stopOnFirstError"],
            BenchOptions.Parse(["--warmupCount", "8"]).BenchmarkDotNetArgs
        );
        Assert.Equal(TimeSpan.FromSeconds(5), BenchOptions.Parse(["--call-timeout", "5"]).CallTimeout);
        Assert.True(BenchOptions.Parse(["--list", "flat"]).OnlyPrints);
    }

    [Fact]
    public void Settings_carry_the_call_timeout_to_each_process_they_start()
    {
        var settings = new BenchSettings(null, null, null, null, "data.json", TimeSpan.FromSeconds(7));
        var start = new System.Diagnostics.ProcessStartInfo("true");

        settings.ApplyTo(start);

        Assert.Equal("7", start.Environment[HttpClientSettings.CallTimeoutVariable]);
        Assert.Equal("data.json", start.Environment[MeteoriteDataset.PathVariable]);
        Assert.DoesNotContain(new BenchSettings(null, null, null, null, "data.json").Variables(), v =>
            v.Key is HttpClientSettings.CallTimeoutVariable
        );
    }

    [Fact]
    public void Headline_trials_run_with_the_suites_that_hold_the_transport_benchmarks_and_alone_with_headline()
    {
        Assert.True(BenchOptions.Parse([]).MeasuresTrials);
        Assert.True(BenchOptions.Parse(["--suite", "full"]).MeasuresTrials);
        Assert.False(BenchOptions.Parse(["--suite", "scaling"]).MeasuresTrials);
        Assert.False(BenchOptions.Parse(["--filter", "*Codec*"]).MeasuresTrials);
        var headline = BenchOptions.Parse(["--headline", "--job", "dry"]);
        Assert.True(headline is { Headline: true, MeasuresTrials: true });
        Assert.Equal(TrialPlan.Dry, headline.TrialPlan);
        Assert.Equal(TrialPlan.Quick, BenchOptions.Parse(["--headline", "--quick"]).TrialPlan);
        Assert.True(BenchOptions.Parse(["--quick"]) is { Headline: true, MeasuresTrials: true, Quick: true });
        Assert.Equal(
            TrialPlan.Standard with
            {
                Trials = 12,
                SegmentSeconds = 0.5,
                Stopping = null,
            },
            BenchOptions.Parse(["--headline", "--trials", "12", "--segment", "0.5"]).TrialPlan
        );
        Assert.Equal(
            (3, 2, 1, 1),
            (
                TrialPlan.Standard.LoadCheckProcesses,
                TrialPlan.Standard.LoadCheckRounds,
                TrialPlan.Dry.LoadCheckProcesses,
                TrialPlan.Dry.LoadCheckRounds
            )
        );
        Assert.True(
            TrialPlan.Standard.ServersPerTrial
                && TrialPlan.Quick.ServersPerTrial
                && TrialPlan.Link.ServersPerTrial
                && TrialPlan.Dry.ServersPerTrial
        );
        Assert.False(
            BenchOptions
                .Parse(["--headline", "--rest-url", "http://127.0.0.1:5000", "--grpc-url", "http://127.0.0.1:5001"])
                .TrialPlan.ServersPerTrial
        );
        Assert.Equal(
            (true, (bool?)null),
            (
                TrialPlan.Standard.ToResults().ServersPerTrial,
                (TrialPlan.Standard with { ServersPerTrial = false }).ToResults().ServersPerTrial
            )
        );
        Assert.Equal(0.3 / 2 / 4, TrialPlan.Standard.RampSeconds);
        Assert.Equal(Path.GetFullPath("out"), BenchOptions.Parse(["--headline", "--artifacts", "out"]).ArtifactsPath);
    }

    [Fact]
    public void Styles_trials_run_with_the_suites_that_hold_the_styles()
    {
        Assert.True(BenchOptions.Parse(["--suite", "styles"]) is { MeasuresStylesTrials: true, MeasuresTrials: false });
        Assert.True(BenchOptions.Parse(["--suite", "full"]) is { MeasuresStylesTrials: true, MeasuresTrials: true });
        Assert.False(BenchOptions.Parse([]).MeasuresStylesTrials);
        Assert.False(BenchOptions.Parse(["--suite", "styles", "--filter", "*Minimal*"]).MeasuresStylesTrials);
        Assert.True(
            BenchOptions.Parse(["--headline", "--suite", "styles"])
                is { Headline: true, MeasuresStylesTrials: true, MeasuresTrials: false }
        );
        Assert.True(BenchOptions.Parse(["--headline"]) is { MeasuresStylesTrials: false, MeasuresTrials: true });
    }

    [Fact]
    public void Full_suite_with_aot_off_leaves_the_builds_out_and_says_so_and_aot_off_elsewhere_is_refused()
    {
        Assert.True(
            BenchOptions.Parse(["--suite", "full", "--aot", "off"])
                is {
                    MeasuresAotTrials: false,
                    MeasuresStartup: false,
                    MeasuresTrials: true,
                    MeasuresStylesTrials: true,
                    AotLeftOut: "--aot off."
                }
        );
        Assert.Equal(
            BenchOptions.Parse(["--suite", "full"]).MeasuresAotTrials,
            BenchOptions.Parse(["--suite", "full", "--aot", "on"]).MeasuresAotTrials
        );
        Assert.StartsWith(
            "--aot off leaves the AOT builds out of the full suite; it goes with --suite full.",
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(["--aot", "off"])).Message,
            StringComparison.Ordinal
        );
        Assert.StartsWith(
            "--aot takes on or off, not 'maybe'.",
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(["--suite", "full", "--aot", "maybe"])).Message,
            StringComparison.Ordinal
        );
    }

    [Fact]
    public void Aot_suite_measures_the_builds_alone_and_full_adds_them_where_native_aot_builds_or_says_why_not()
    {
        Assert.True(
            BenchOptions.Parse(["--suite", "full", "--filter", "*Codec*"])
                is { MeasuresAotTrials: false, MeasuresStartup: false, AotLeftOut: null }
        );
        Assert.True(
            BenchOptions.Parse([]) is { MeasuresAotTrials: false, MeasuresStartup: false, MeasuresBuildsOnly: false }
        );
        if (AotServers.Unavailable() is { } reason)
        {
            Assert.True(
                BenchOptions.Parse(["--suite", "full"]) is { MeasuresAotTrials: false, MeasuresStartup: false }
            );
            Assert.Equal(reason, BenchOptions.Parse(["--suite", "full"]).AotLeftOut);
            return;
        }

        Assert.True(
            BenchOptions.Parse(["--suite", "aot"])
                is {
                    MeasuresBuildsOnly: true,
                    MeasuresStartup: true,
                    MeasuresAotTrials: true,
                    MeasuresTrials: false,
                    MeasuresStylesTrials: false
                }
        );
        Assert.True(
            BenchOptions.Parse(["--suite", "full"])
                is {
                    MeasuresBuildsOnly: false,
                    MeasuresStartup: true,
                    MeasuresAotTrials: true,
                    MeasuresTrials: true,
                    AotLeftOut: null
                }
        );
        Assert.True(
            BenchOptions.Parse(["--suite", "full", "--headline"]) is { MeasuresStartup: false, MeasuresAotTrials: true }
        );
    }

    [Fact]
    public void Startup_memory_is_read_over_two_seconds_at_saturation_or_eight_segments_of_a_shorter_plan()
    {
        Assert.Equal(
            2,
            RESTvsGRPC.Bench.Startup.StartupMeasurement.SaturationWindowOf(TrialPlan.Standard).TotalSeconds,
            6
        );
        Assert.Equal(
            1.2,
            RESTvsGRPC.Bench.Startup.StartupMeasurement.SaturationWindowOf(TrialPlan.Quick).TotalSeconds,
            6
        );
        Assert.Equal(
            0.4,
            RESTvsGRPC.Bench.Startup.StartupMeasurement.SaturationWindowOf(TrialPlan.Dry).TotalSeconds,
            6
        );
    }

    [LinuxFact]
    public void Cpu_options_take_taskset_lists()
    {
        var options = BenchOptions.Parse([
            "--server-cpus",
            "0",
            "--client-cpus",
            $"0-{Environment.ProcessorCount - 1}",
        ]);

        Assert.Equal([0], options.ServerCpus!.Cpus);
        Assert.Equal(Enumerable.Range(0, Environment.ProcessorCount), options.ClientCpus!.Cpus);
        Assert.Equal("0,2-4,7", RESTvsGRPC.Bench.Placement.CpuSet.Format([0, 2, 3, 4, 7]));
    }

    [Fact]
    public void Published_bench_starts_the_servers_published_beside_it_and_otherwise_the_repository_build()
    {
        using var bench = new TemporaryDirectory();
        var published = Path.Combine(
            bench.Path,
            RESTvsGRPC.Bench.Servers.ServerBinaries.PublishedFolder,
            "RestAPI",
            "RestAPI.dll"
        );
        Directory.CreateDirectory(Path.GetDirectoryName(published)!);
        File.WriteAllText(published, "");

        Assert.Equal(published, RESTvsGRPC.Bench.Servers.ServerBinaries.Of("RestAPI", bench.Path));
        Assert.Equal(
            RepositoryPaths.ProjectAssembly("GrpcAPI"),
            RESTvsGRPC.Bench.Servers.ServerBinaries.Of("GrpcAPI", bench.Path)
        );
    }

    [LinuxFact]
    public async Task Server_that_exits_at_start_under_taskset_is_named_by_its_program_not_tasksets_option()
    {
        var failure = await Assert.ThrowsAsync<RESTvsGRPC.Bench.Servers.ServerStartException>(() =>
            RESTvsGRPC.Bench.Servers.ServerProcess.StartProgramAsync(
                "taskset",
                ["-c", "0", "/bin/false"],
                TimeSpan.FromSeconds(30)
            )
        );

        Assert.StartsWith("false exited with code 1.", failure.Message);
    }

    [Fact]
    public void Ready_line_gives_both_grpc_endpoints_and_the_certificate()
    {
        var addresses = RESTvsGRPC.Bench.Servers.GrpcServerAddresses.FromReadyLine(
            "GrpcAPI listening on http://127.0.0.1:6000 tls https://127.0.0.1:6443 (certificate sha256 CD34) (1000 "
                + "records, sha256 ff)"
        );

        Assert.Equal(new Uri("http://127.0.0.1:6000"), addresses.H2c);
        Assert.Equal(new Uri("https://127.0.0.1:6443"), addresses.Tls);
        Assert.Equal("CD34", addresses.CertificateSha256);
    }

    [Fact]
    public void Given_server_urls_mean_the_bench_starts_none()
    {
        Assert.True(BenchOptions.Parse(["--grpc-url", "http://127.0.0.1:6000"]).GivesServers);
        Assert.True(BenchOptions.Parse(["--rest-url", "http://127.0.0.1:5000"]).GivesServers);
        Assert.False(BenchOptions.Parse([]).GivesServers);
    }

    [Fact]
    public void Ready_line_gives_every_rest_endpoint_and_the_certificate()
    {
        var addresses = RESTvsGRPC.Bench.Servers.RestServerAddresses.FromReadyLine(
            "RestAPI listening on http://127.0.0.1:5000 h2c http://127.0.0.1:5001 tls https://127.0.0.1:5443 "
                + "(certificate sha256 AB12) (1000 records, sha256 ff)"
        );

        Assert.Equal(new Uri("http://127.0.0.1:5000"), addresses.Http11);
        Assert.Equal(new Uri("http://127.0.0.1:5001"), addresses.H2c);
        Assert.Equal(new Uri("https://127.0.0.1:5443"), addresses.Tls);
        Assert.Equal("AB12", addresses.CertificateSha256);
    }
}
