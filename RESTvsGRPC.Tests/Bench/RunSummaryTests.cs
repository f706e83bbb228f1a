using RESTvsGRPC.Bench.Reports;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>The run summary, rendered from a fixture result set: its content, not just its existence.</summary>
public sealed class RunSummaryTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Fact]
    public void Summary_gives_headline_ratios_in_the_reference_form_and_says_in_words_when_nothing_is_beyond_error()
    {
        var markdown = File.ReadAllText(RunSummary.Write(RunFixture.Run(), _directory.Path));

        Assert.Contains("**GetLargePayload**: against REST + JSON (4.00 ms per call), REST + protobuf 2.05× faster; gRPC list 4.00× faster.", markdown);
        Assert.Contains("**GetSmallPayload**: no difference beyond this run's error; nothing here tells the arms apart (REST + JSON 60.0 μs per call; gRPC ≈ 1.03× slower).", markdown);
    }

    [Fact]
    public void Summary_keeps_the_paired_rounds_as_a_diagnostic_with_intervals_and_the_transport_floor()
    {
        var run = RunFixture.Run() with
        {
            Paired =
            [
                new("GetSmallPayload", 100, 6, "every interval within ±3% of its median", 4.2,
                [
                    new("RestGetSmallPayload", PairedArm.BaselineRole, [100_000, 110_000, 90_000, 100_000, 105_000, 95_000]),
                    new("GrpcGetSmallPayload", PairedArm.ComparedRole, [102_000, 100_000, 95_000, 101_000, 104_000, 99_000]),
                    new("RestGetSmallPayload", PairedArm.FloorRole, [40_000, 44_000, 36_000, 40_000, 42_000, 38_000], 62, 175),
                ]),
                new("GetLargePayload", 100, 6, "the time budget (60 s)", 61,
                [
                    new("RestGetLargePayload", PairedArm.BaselineRole, [4e6, 4e6, 4e6, 4e6, 4e6, 4e6]),
                    new("GrpcGetLargePayloadAsList", PairedArm.ComparedRole, [2e6, 1.9e6, 2.1e6, 2e6, 1.95e6, 2.05e6]),
                ]),
            ],
        };

        var markdown = File.ReadAllText(RunSummary.Write(run, _directory.Path));

        Assert.Contains("## Paired rounds, a diagnostic (100 calls per arm per round)", markdown);
        Assert.Contains("**GetLargePayload**: against REST + JSON (4.00 ms per call in these rounds), gRPC list 2.00× faster [1.90×, 2.11×] (6 rounds).", markdown);
        Assert.Contains("gRPC ≈ 1.01× slower [0.91×, 1.06×] (6 rounds). No arm differs from REST + JSON beyond its interval.", markdown);
        Assert.Contains("the intervals hold one process's noise, not the spread between processes", markdown);
        Assert.Contains("| small GET: REST + JSON | 62.0 B / 175 B | 100 μs | 40.0 μs | 40% | 40% – 40% |", markdown);
        Assert.DoesNotContain("## Headline", markdown);
    }

    /// <summary>
    /// The headline from trials: both quantities per operation and arm with their intervals and the placement, CPU per
    /// call on both sides, one sentence where latency and throughput disagree, the two methods side by side and
    /// h2load's check with its flags.
    /// </summary>
    [Fact]
    public void Summary_headline_gives_latency_and_throughput_with_intervals_placement_and_both_checks()
    {
        var trials = Enumerable.Range(1, 6).Select(i => new Trial(i, 100 + i, 28 + i, ["small/rest-json", "small/grpc"],
        [
            new TrialSegment("small", "rest-json", 1000, 100_000 + (1000 * i), 16, 100_000, 10_000, 60_000, 40_000),
            new TrialSegment("small", "grpc", 1000, 200_000 + (1000 * i), 16, 100_000, 20_000 + (100 * i), 30_000, 10_000),
        ])).ToList();
        const string placement = "servers on CPUs 1; client, trials and BenchmarkDotNet's processes on CPUs 0";
        var run = RunFixture.Run() with
        {
            Trials = new TrialsRun("trials (test)", placement, [new ArmConcurrency("small", "rest-json", 16, []), new ArmConcurrency("small", "grpc", 32, [])], trials, [new TrialFailure(7, "process 9 exited with code 137 (nothing on standard error)")],
                TrialStatistics.Headline(trials, placement),
                [new H2loadCheck("small", "grpc", 16, 20_000, 40_000, 20_000, 10_500, 10_000), new H2loadCheck("small", "grpc", 16, null, 90_000, 90_000, 6_000, 10_000)],
                [new LoadCheck("small", "rest-json", 16, 9_000, null), new LoadCheck("small", "grpc", 16, 22_500, 2.5)]),
        };

        var markdown = File.ReadAllText(RunSummary.Write(run, _directory.Path));

        Assert.Contains("## Headline: latency and throughput (6 trials in fresh processes)", markdown);
        Assert.Contains($"**Placement**: {placement}. **Method**: trials (test).", markdown);
        Assert.Contains("| small | REST + JSON, HTTP/1.1 | 104 μs | baseline | 10,000 (16 in flight) | baseline | 60.0 μs | 40.0 μs | 100 μs |", markdown);
        Assert.Contains("| small | gRPC unary, h2c | 204 μs | 0.51× [0.50×, 0.51×] | 20,350 (32 in flight) | 2.04× [2.01×, 2.06×] | 30.0 μs | 10.0 μs | 40.0 μs |", markdown);
        Assert.Contains("**Trial 7 failed**: process 9 exited with code 137 (nothing on standard error). The headline is over the other 6 trials.", markdown);
        Assert.Contains("- small, gRPC unary, h2c: one call at a time it is slower than REST + JSON (0.51×: 204 μs against 104 μs per call), at saturation it serves more calls/s (2.04×). "
            + "Measured reason: at saturation calls/s follow CPU per call, client and server together 40.0 μs against 100 μs;", markdown);
        Assert.Contains("| small | gRPC unary, h2c | 204 μs | 62.0 μs | 0.30× | **no** |", markdown);
        Assert.Contains("| small | gRPC unary, h2c | 16 | the trials' calls/s | 20,000 | 10.5 μs | 10.0 μs | +5% | yes |", markdown);
        Assert.Contains("| small | gRPC unary, h2c | 16 | unthrottled | 90,000 | 6.00 μs | 10.0 μs | -40% |  |", markdown);
        Assert.Contains("| small | gRPC unary, h2c | 16 | 22,500 | 2.50× | 2.04× [2.01×, 2.06×] | **no** |", markdown);
        Assert.True(File.Exists(Path.Combine(_directory.Path, "headline.svg")));
    }

    [Fact]
    public void Summary_rows_carry_error_codec_share_allocations_bytes_http_version_and_server_cost()
    {
        var markdown = File.ReadAllText(RunSummary.Write(RunFixture.Run(), _directory.Path));

        Assert.Contains("| gRPC list | 100 | 1.00 ms | 50.0 μs | 4.00× faster | 120% | 469 KiB | 237 B | 97.9 KiB | HTTP/2 | 350 μs | 95.4 MiB |", markdown);
        Assert.Contains("| REST + JSON | 100 | 4.00 ms | 100 μs | baseline | 65% | 781 KiB | 75.0 B | 219 KiB | HTTP/1.1 | 1.20 ms | 114 MiB |", markdown);
    }

    [Fact]
    public void Summary_answers_which_api_style_with_ratios_to_controllers_and_to_grpc_bytes_and_server_cpu()
    {
        var run = RunFixture.Run();
        run = run with
        {
            Benchmarks =
            [
                .. run.Benchmarks,
                new("StylesBenchmarks", "RestGetLargePayload", "GetLargePayload", true, 100, null, 4_000_000, 100_000, 800_000, 1_200_000, null),
                new("StylesBenchmarks", "MinimalGetLargePayload", "GetLargePayload", false, 100, null, 3_900_000, 100_000, 800_000, 1_100_000, null),
                new("StylesBenchmarks", "TranscodedGetLargePayload", "GetLargePayload", false, 100, null, 5_000_000, 100_000, 800_000, 2_000_000, null),
                new("StylesBenchmarks", "GrpcWebGetLargePayloadAsList", "GetLargePayload", false, 100, null, 1_100_000, 50_000, 480_000, 400_000, null),
                new("StylesBenchmarks", "GrpcGetLargePayloadAsList", "GetLargePayload", false, 100, null, 1_000_000, 50_000, 480_000, 350_000, null),
                new("StylesBenchmarks", "GrpcWebTextStreamLargePayload", "GetLargePayload", false, 100, null, 2_000_000, 50_000, 480_000, 900_000, null),
                new("StylesBenchmarks", "GrpcStreamLargePayload", "GetLargePayload", false, 100, null, 1_600_000, 50_000, 480_000, 800_000, null),
            ],
            WireBytes =
            [
                .. run.WireBytes,
                new("GrpcWebTextStreamLargePayload", "HTTP/1.1", "HTTP/1.1", 300, 140_000),
                new("GrpcStreamLargePayload", "h2c", "HTTP/2", 200, 105_000),
            ],
        };

        var markdown = File.ReadAllText(RunSummary.Write(run, _directory.Path));

        Assert.Contains("## Which API style (batches of 100 calls)", markdown);
        Assert.Contains("| style | per call | ± error | vs controllers + JSON | vs gRPC | calls/s vs controllers | bytes/call | HTTP | server CPU/call | allocated/call |", markdown);
        Assert.Contains("| REST + JSON, minimal API | 3.90 ms | 100 μs | ≈ 1.03× faster | 3.90× slower |  |  |  | 1.10 ms | 781 KiB |", markdown);
        Assert.Contains("| gRPC JSON transcoding | 5.00 ms | 100 μs | 1.25× slower | 5.00× slower |  |  |  | 2.00 ms | 781 KiB |", markdown);
        Assert.Contains("| gRPC-Web text stream, HTTP/1.1 | 2.00 ms | 50.0 μs | 2.00× faster | 2.00× slower |  | 137 KiB | HTTP/1.1 | 900 μs | 469 KiB |", markdown);
        Assert.Contains("**gRPC JSON transcoding** (GrpcAPI's gRPC service answering REST + JSON routes): against controllers, small GET not run, large GET 1.25× slower", markdown);
        Assert.Contains("Server CPU per large GET 2.00 ms against controllers' 1.20 ms and gRPC's 350 μs.", markdown);
        Assert.Contains("the 1000-record stream receives 137 KiB per call against gRPC's 103 KiB", markdown);
        Assert.True(File.Exists(Path.Combine(_directory.Path, "styles.svg")));
    }

    [Fact]
    public void Which_api_style_takes_its_ratios_from_the_styles_trials_when_the_run_made_them()
    {
        // Six trials: controllers 4 ms per call and 200 calls/s; minimal APIs 3.2–3.7 ms and 250 calls/s; gRPC 1 ms and 900 calls/s.
        var trials = Enumerable.Range(1, 6).Select(i => new Trial(i, 100 + i, 28 + i, ["large/rest-json", "large/rest-minimal", "large/grpc"],
        [
            new TrialSegment("large", "rest-json", 100, 4_000_000, 4, 1000, 200, 1_000_000, 1_000_000),
            new TrialSegment("large", "rest-minimal", 100, 3_200_000 + (100_000 * i), 4, 1000, 250, 1_000_000, 900_000),
            new TrialSegment("large", "grpc", 100, 1_000_000, 4, 1000, 900, 300_000, 300_000),
        ])).ToList();
        var run = RunFixture.Run();
        run = run with
        {
            Benchmarks =
            [
                .. run.Benchmarks,
                new("StylesBenchmarks", "RestGetLargePayload", "GetLargePayload", true, 100, null, 4_000_000, 100_000, 800_000, 1_200_000, null),
                new("StylesBenchmarks", "MinimalGetLargePayload", "GetLargePayload", false, 100, null, 3_900_000, 100_000, 800_000, 1_100_000, null),
                new("StylesBenchmarks", "GrpcGetLargePayloadAsList", "GetLargePayload", false, 100, null, 1_000_000, 50_000, 480_000, 350_000, null),
            ],
            StylesTrials = new TrialsRun("trials (test)", "servers on CPUs 1; client on CPUs 0", [], trials, [], TrialStatistics.Headline(trials, "placement")),
        };

        var markdown = File.ReadAllText(RunSummary.Write(run, _directory.Path));

        Assert.Contains("Ratios come from the styles' trials (6 fresh client processes, each style in one contiguous segment per trial; servers on CPUs 1; client on CPUs 0)", markdown);
        Assert.Contains("| REST + JSON, minimal API | 3.90 ms | 100 μs | 1.13× faster [1.05×, 1.21×] | 3.55× slower [3.30×, 3.80×] | 1.25× [1.25×, 1.25×] |", markdown);
        Assert.Contains("| gRPC list | 1.00 ms | 50.0 μs | 4.00× faster [4.00×, 4.00×] | gRPC | 4.50× [4.50×, 4.50×] |", markdown);
    }

    [Fact]
    public void Summary_explains_a_call_shorter_than_its_codec_floor_instead_of_hiding_it()
    {
        var markdown = File.ReadAllText(RunSummary.Write(RunFixture.Run(), _directory.Path));

        Assert.Contains("Calls shorter than their in-process codec floor: GetLargePayload gRPC list ×100 1.00 ms < 1.20 ms.", markdown);
        Assert.Contains("two processes on two cores at the same time", markdown);
    }

    [Fact]
    public void Summary_says_when_streaming_pays_from_first_record_total_time_and_memory()
    {
        var markdown = File.ReadAllText(RunSummary.Write(RunFixture.Run(), _directory.Path));

        Assert.Contains("## Streaming: when it pays (10,000 records)", markdown);
        Assert.Contains("| gRPC stream | a message per record, flushed each | 500 μs | 30.0 ms | 195 KiB |", markdown);
        Assert.Contains("- gRPC stream: first record 50.00× sooner than gRPC list's, last record 1.20× later, holding 195 KiB at most against 3.81 MiB.", markdown);
        Assert.True(File.Exists(Path.Combine(_directory.Path, "streaming.svg")));
    }

    [Fact]
    public void Summary_ends_with_the_provenance_of_the_run()
    {
        var markdown = File.ReadAllText(RunSummary.Write(RunFixture.Run(), _directory.Path));
        var provenance = markdown[markdown.IndexOf("## Provenance", StringComparison.Ordinal)..];

        Assert.Contains("| commit | 0123456789abcdef0123456789abcdef01234567 |", provenance);
        Assert.Contains("| CPU | AMD EPYC, 2 logical cores |", provenance);
        Assert.Contains("| .NET runtime / SDK | .NET 10.0.12 / 10.0.401 |", provenance);
        Assert.Contains("| data file | /data/meteorites.json (SHA-256 of its records 6cd241e8) |", provenance);
        Assert.Contains("| command line | `--suite default` |", provenance);
    }

    [Fact]
    public void Summary_writes_html_and_readable_svg_charts_beside_the_markdown()
    {
        RunSummary.Write(RunFixture.Run(), _directory.Path);
        var operations = File.ReadAllText(Path.Combine(_directory.Path, "operations.svg"));
        var html = File.ReadAllText(Path.Combine(_directory.Path, RunSummary.HtmlFile));

        Assert.StartsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"", operations);
        Assert.Contains("time per call (log scale)", operations);
        Assert.Contains(">4.00 ms</text>", operations);
        Assert.Contains(">gRPC list</text>", operations);
        Assert.Equal(5, CountOf(operations, "<title>")); // one per bar: two small GETs, three large GETs
        Assert.Contains("<img src=\"operations.svg\"", html);
        Assert.Contains("<td class=\"n\">4.00× faster</td>", html);
        Assert.True(File.Exists(Path.Combine(_directory.Path, "bytes.svg")));
        Assert.True(File.Exists(Path.Combine(_directory.Path, "client-server.svg")));
    }

    [Fact]
    public void Run_to_run_spread_against_the_previous_run_of_the_same_machine_is_in_the_provenance()
    {
        var previous = RunFixture.Run();
        var current = RunFixture.Run(scale: 1.1);

        var spread = RunToRun.Between(previous, current)!;
        var markdown = File.ReadAllText(RunSummary.Write(current with { PreviousRun = spread }, _directory.Path));

        Assert.Equal(7, spread.Cases); // the five calls, slower by a tenth, and the two codec floors, unchanged
        Assert.Equal(0.1 / 1.05, spread.MedianTimeSpread, precision: 9);
        Assert.Equal(0, spread.MaxRatioSpread, precision: 9);
        Assert.Contains("| run to run | against the previous run in this folder (2026-11-22 07:00 UTC, commit 0123456789ab), per-call times of 7 cases differ by 9.5% (median)", markdown);
        Assert.Null(RunToRun.Between(previous, RunFixture.Run(os: "Microsoft Windows 10.0.26100")));
    }

    [Fact]
    public void Results_read_back_the_same_from_a_file_with_windows_line_endings()
    {
        var run = RunFixture.Run();
        run.Save(_directory.Path);
        var file = Path.Combine(_directory.Path, RunResults.FileName);
        File.WriteAllText(file, File.ReadAllText(file).Replace("\n", "\r\n", StringComparison.Ordinal));

        var loaded = RunResults.Load(_directory.Path);

        Assert.Equal(run.Benchmarks, loaded.Benchmarks);
        Assert.Equal(run.WireBytes, loaded.WireBytes);
        Assert.Equal(run.Provenance.Commit, loaded.Provenance.Commit);
    }

    [Fact]
    public void Loading_a_folder_without_results_names_the_file_it_looked_for()
    {
        var error = Assert.Throws<FileNotFoundException>(() => RunResults.Load(_directory.Path));

        Assert.Contains(Path.Combine(_directory.Path, RunResults.FileName), error.Message);
    }

    private static int CountOf(string text, string part) => (text.Length - text.Replace(part, "", StringComparison.Ordinal).Length) / part.Length;
}
