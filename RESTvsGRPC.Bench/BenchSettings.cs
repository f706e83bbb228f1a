using ModelLibrary;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench;

/// <summary>
/// What the orchestrator hands to BenchmarkDotNet's benchmark processes through their inherited environment:
/// the servers' addresses and the data file the answers are checked against.
/// </summary>
public sealed record BenchSettings(RestServerAddresses Rest, Uri? RestScalingUrl, string DataPath)
{
    private const string RestUrlVariable = "RESTVSGRPC_REST_URL";
    private const string RestH2cUrlVariable = "RESTVSGRPC_REST_H2C_URL";
    private const string RestTlsUrlVariable = "RESTVSGRPC_REST_TLS_URL";
    private const string RestTlsCertificateVariable = "RESTVSGRPC_REST_TLS_SHA256";
    private const string RestScalingUrlVariable = "RESTVSGRPC_REST_SCALING_URL";

    /// <summary>Publishes the settings to every process started from here on.</summary>
    public void Export()
    {
        Environment.SetEnvironmentVariable(RestUrlVariable, Rest.Http11.ToString());
        Environment.SetEnvironmentVariable(RestH2cUrlVariable, Rest.H2c?.ToString());
        Environment.SetEnvironmentVariable(RestTlsUrlVariable, Rest.Tls?.ToString());
        Environment.SetEnvironmentVariable(RestTlsCertificateVariable, Rest.CertificateSha256);
        Environment.SetEnvironmentVariable(RestScalingUrlVariable, RestScalingUrl?.ToString());
        Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, DataPath);
    }

    /// <summary>Reads what <see cref="Export"/> published; fails with a clear message where it is absent.</summary>
    public static BenchSettings FromEnvironment() => new(
        new RestServerAddresses(
            Url(RestUrlVariable) ?? throw new InvalidOperationException(
                $"{RestUrlVariable} is not set: start benchmarks with `dotnet run -c Release --project RESTvsGRPC.Bench`."),
            Url(RestH2cUrlVariable),
            Url(RestTlsUrlVariable),
            Environment.GetEnvironmentVariable(RestTlsCertificateVariable)),
        Url(RestScalingUrlVariable),
        MeteoriteDataset.ResolvePath(null));

    private static Uri? Url(string variable) =>
        Environment.GetEnvironmentVariable(variable) is { Length: > 0 } value ? new Uri(value) : null;
}
