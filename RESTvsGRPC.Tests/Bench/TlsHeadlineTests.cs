using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary><c>--headline --tls</c>: the headline's arms over TLS beside their cleartext twins, gated, with each connection's terms and its first answer.</summary>
public sealed class TlsHeadlineTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    /// <summary>
    /// One dry trial: every TLS arm and its twin on every operation, the five pairs' ratios, each TLS arm's session as ALPN
    /// agreed it (http/1.1 for REST + JSON over TLS with HTTP/1.1, h2 for the others), and each arm's first answer on new connections.
    /// </summary>
    [Fact]
    public async Task Tls_headline_measures_each_tls_arm_beside_its_cleartext_twin_with_its_session_and_first_answer()
    {
        await BenchProcess.RunToSummaryAsync("--headline", "--tls", "--job", "dry", "--trials", "1", "--artifacts", _artifacts.Path);

        var run = RunResults.Load(Path.Combine(_artifacts.Path, "headline-tls"));
        Assert.Null(run.Trials);
        var tls = Assert.IsType<TrialsRun>(run.TlsTrials);
        Assert.Equal(
            [.. TrialArm.Tls.Select(a => $"{TrialArm.NameOf(a.Operation)}/{a.Target}").Order()],
            [.. tls.Trials[0].Segments.Select(s => $"{s.Operation}/{s.Arm}").Order()]);
        Assert.Equal(
            [.. OperationNames.Calls.SelectMany(op => TrialStatistics.TlsPairs.SelectMany(p => new[] { $"{op} {p.Arm}/{p.Baseline} {HeadlineRatio.Latency}", $"{op} {p.Arm}/{p.Baseline} {HeadlineRatio.Throughput}" })).Order()],
            [.. tls.Headline.Select(r => $"{r.Operation} {r.Arm}/{r.Baseline} {r.Quantity}").Order()]);
        Assert.Equal(
            [("rest-json-tls-http11", "http/1.1"), ("rest-json-tls", "h2"), ("grpc-tls", "h2")],
            tls.TlsSessions!.Select(s => (s.Arm, s.ApplicationProtocol)));
        Assert.All(tls.TlsSessions!, s => Assert.Matches("^Tls1[23]$", s.TlsVersion));
        Assert.Equal(8, tls.NewConnections);
        Assert.All(tls.Trials[0].Segments, s => Assert.True(s.Operation == OperationNames.Small ? s.NewConnectionNanoseconds > 0 : s.NewConnectionNanoseconds is null, $"{s.Operation}/{s.Arm}"));
    }

    [Theory]
    [InlineData("--tls")]
    [InlineData("--tls", "--headline", "--suite", "styles")]
    [InlineData("--tls", "--headline", "--suite", "scaling")]
    [InlineData("--tls", "--headline", "--rest-url", "http://127.0.0.1:5000", "--grpc-url", "http://127.0.0.1:5001")]
    public async Task Tls_goes_with_the_headline_and_with_both_servers_tls_endpoints_and_is_refused_otherwise(params string[] args)
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(BenchCommandLine.BadUsage, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.StartsWith("--tls ", error.ToString());
        Assert.Single(error.ToString().TrimEnd().Split('\n'));
    }

    /// <summary>A pinned certificate the server does not present: one line naming both hashes, exit 2, nothing measured.</summary>
    [Fact]
    public async Task Tls_headline_with_a_certificate_that_does_not_match_exits_2_before_measuring()
    {
        using var restServer = await TestServers.StartRestAsync();
        using var grpcServer = await TestServers.StartGrpcAsync();
        var (rest, grpc) = (RestServerAddresses.FromReadyLine(restServer.ReadyLine), GrpcServerAddresses.FromReadyLine(grpcServer.ReadyLine));
        var wrong = new string('A', 64);
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            ["--headline", "--tls", "--rest-url", rest.Http11.ToString(), "--rest-h2c-url", rest.H2c!.ToString(), "--rest-tls-url", rest.Tls!.ToString(), "--rest-tls-certificate", wrong,
                "--grpc-url", grpc.H2c.ToString(), "--grpc-tls-url", grpc.Tls!.ToString(), "--grpc-tls-certificate", grpc.CertificateSha256!, "--artifacts", _artifacts.Path],
            output, error);

        Assert.Equal(BenchCommandLine.BadUsage, exitCode);
        Assert.Equal(
            $"--tls: RestAPI's TLS endpoint (--rest-tls-url) at {rest.Tls} presents the certificate sha256 {rest.CertificateSha256}, not the pinned {wrong}.",
            error.ToString().TrimEnd());
        Assert.DoesNotContain("// trial", output.ToString());
        Assert.False(Directory.Exists(Path.Combine(_artifacts.Path, "headline-tls")));
    }
}
