using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// <c>--headline --tls</c>'s refusals, before anything is measured; the run itself is proved by the two-machine
/// recipe's test (<c>TwoMachineRecipeTests</c>), which runs it.
/// </summary>
public sealed class TlsHeadlineTests : IDisposable
{
    private readonly TemporaryDirectory _artifacts = new();

    public void Dispose() => _artifacts.Dispose();

    [Theory]
    [InlineData("--tls")]
    [InlineData("--tls", "--headline", "--suite", "styles")]
    [InlineData("--tls", "--headline", "--suite", "scaling")]
    [InlineData("--tls", "--headline", "--rest-url", "http://127.0.0.1:5000", "--grpc-url", "http://127.0.0.1:5001")]
    public async Task Tls_goes_with_the_headline_and_with_both_servers_tls_endpoints_and_is_refused_otherwise(
        params string[] args
    )
    {
        var (output, error) = (new StringWriter(), new StringWriter());

        Assert.Equal(BenchCommandLine.BadUsage, await BenchCommandLine.InvokeAsync(args, output, error));
        Assert.StartsWith("--tls ", error.ToString());
        Assert.Single(error.ToString().TrimEnd().Split('\n'));
    }

    /// <summary>A pinned certificate the server does not present: one line naming both hashes, exit 2, nothing
    /// measured.</summary>
    [Fact]
    public async Task Tls_headline_with_a_certificate_that_does_not_match_exits_2_before_measuring()
    {
        using var restServer = await TestServers.StartRestAsync();
        using var grpcServer = await TestServers.StartGrpcAsync();
        var (rest, grpc) = (
            RestServerAddresses.FromReadyLine(restServer.ReadyLine),
            GrpcServerAddresses.FromReadyLine(grpcServer.ReadyLine)
        );
        var wrong = new string('A', 64);
        var (output, error) = (new StringWriter(), new StringWriter());

        var exitCode = await BenchCommandLine.InvokeAsync(
            [
                "--headline",
                "--tls",
                "--rest-url",
                rest.Http11.ToString(),
                "--rest-h2c-url",
                rest.H2c!.ToString(),
                "--rest-tls-url",
                rest.Tls!.ToString(),
                "--rest-tls-certificate",
                wrong,
                "--grpc-url",
                grpc.H2c.ToString(),
                "--grpc-tls-url",
                grpc.Tls!.ToString(),
                "--grpc-tls-certificate",
                grpc.CertificateSha256!,
                "--artifacts",
                _artifacts.Path,
            ],
            output,
            error
        );

        Assert.Equal(BenchCommandLine.BadUsage, exitCode);
        Assert.Equal(
            $"--tls: RestAPI's TLS endpoint (--rest-tls-url) at {rest.Tls} presents the certificate sha256 "
                + $"{rest.CertificateSha256}, not the pinned {wrong}.",
            error.ToString().TrimEnd()
        );
        Assert.DoesNotContain("// trial", output.ToString());
        Assert.False(Directory.Exists(Path.Combine(_artifacts.Path, "headline-tls")));
    }
}
