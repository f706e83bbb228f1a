using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>What the servers do without being asked: TLS 1.2 and 1.3 only, Production whatever the environment says,
/// one sentence for a busy port.</summary>
public sealed class SafeDefaultsTests
{
    [Theory]
    [InlineData("RestAPI")]
    [InlineData("GrpcAPI")]
    public async Task Server_refuses_a_busy_port_with_one_sentence_and_exit_code_1(string server)
    {
        using var busy = new TcpListener(IPAddress.Loopback, 0);
        busy.Start();
        var url = $"http://127.0.0.1:{((IPEndPoint)busy.LocalEndpoint).Port}";

        var (exitCode, output) =
            server == "RestAPI"
                ? await TestServers.RunRestToExitAsync("--urls", url)
                : await TestServers.RunGrpcToExitAsync("--urls", url);

        Assert.Equal(1, exitCode);
        Assert.Equal($"{server} cannot start: Failed to bind to address {url}: address already in use.", output.Trim());
    }

    [Theory]
    [InlineData("RestAPI", "-tls1_2", "TLSv1.2")]
    [InlineData("RestAPI", "-tls1_3", "TLSv1.3")]
    [InlineData("GrpcAPI", "-tls1_2", "TLSv1.2")]
    [InlineData("GrpcAPI", "-tls1_3", "TLSv1.3")]
    public async Task Tls_endpoint_accepts_tls_1_2_and_1_3(string server, string version, string protocol)
    {
        using var process = await StartAsync(server);

        var handshake = await OpenSslHandshakeAsync(TlsAddress(server, process), version);

        Assert.Contains($"New, {protocol}, Cipher is ", handshake);
    }

    [Theory]
    [InlineData("RestAPI", "-tls1")]
    [InlineData("RestAPI", "-tls1_1")]
    [InlineData("GrpcAPI", "-tls1")]
    [InlineData("GrpcAPI", "-tls1_1")]
    public async Task Tls_endpoint_refuses_tls_1_0_and_1_1_at_the_handshake(string server, string version)
    {
        using var process = await StartAsync(server);

        // SECLEVEL=0 lets OpenSSL offer the old versions at all: the refusal must come from the server, as an alert.
        var handshake = await OpenSslHandshakeAsync(
            TlsAddress(server, process),
            version,
            "-cipher",
            "DEFAULT:@SECLEVEL=0"
        );

        Assert.Contains("SSL alert number", handshake);
        Assert.Contains("New, (NONE), Cipher is (NONE)", handshake);
    }

    [Theory]
    [InlineData("RestAPI")]
    [InlineData("GrpcAPI")]
    public async Task Server_runs_as_production_even_when_the_environment_says_development(string server)
    {
        var environment = new Dictionary<string, string>
        {
            ["ASPNETCORE_ENVIRONMENT"] = "Development",
            ["DOTNET_ENVIRONMENT"] = "Development",
            ["Logging__LogLevel__Microsoft.Hosting.Lifetime"] = "Information",
        };

        using var process =
            server == "RestAPI"
                ? await TestServers.StartRestAsync(environment)
                : await TestServers.StartGrpcAsync(environment);
        // The host logs its environment on its own thread after the ready line; stopping the server drains all it
        // wrote.
        await process.TerminateAsync(TimeSpan.FromSeconds(30));

        Assert.Contains("Hosting environment: Production", process.Output);
    }

    private static Task<ServerProcess> StartAsync(string server) =>
        server == "RestAPI" ? TestServers.StartRestAsync() : TestServers.StartGrpcAsync();

    private static Uri TlsAddress(string server, ServerProcess process) =>
        server == "RestAPI"
            ? RestServerAddresses.FromReadyLine(process.ReadyLine).Tls!
            : GrpcServerAddresses.FromReadyLine(process.ReadyLine).Tls!;

    private static async Task<string> OpenSslHandshakeAsync(Uri tls, string version, params string[] options)
    {
        var start = new ProcessStartInfo("openssl")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        string[] arguments = ["s_client", "-connect", $"{tls.Host}:{tls.Port}", version, .. options];
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var openssl = Process.Start(start)!;
        openssl.StandardInput.Close();
        var output = openssl.StandardOutput.ReadToEndAsync();
        var error = openssl.StandardError.ReadToEndAsync();
        await openssl.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        return await output + await error;
    }
}
