using ModelLibrary;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench;

/// <summary>
/// What the orchestrator hands to BenchmarkDotNet's benchmark processes through their inherited environment:
/// the servers' addresses and the data file the answers are checked against.
/// </summary>
public sealed record BenchSettings(RestServerAddresses? Rest, GrpcServerAddresses? Grpc, Uri? RestScalingUrl, Uri? GrpcScalingUrl, string DataPath)
{
    private const string RestUrlVariable = "RESTVSGRPC_REST_URL";
    private const string RestH2cUrlVariable = "RESTVSGRPC_REST_H2C_URL";
    private const string RestTlsUrlVariable = "RESTVSGRPC_REST_TLS_URL";
    private const string RestTlsCertificateVariable = "RESTVSGRPC_REST_TLS_SHA256";
    private const string RestScalingUrlVariable = "RESTVSGRPC_REST_SCALING_URL";
    private const string GrpcScalingUrlVariable = "RESTVSGRPC_GRPC_SCALING_URL";
    private const string GrpcUrlVariable = "RESTVSGRPC_GRPC_URL";
    private const string GrpcTlsUrlVariable = "RESTVSGRPC_GRPC_TLS_URL";
    private const string GrpcTlsCertificateVariable = "RESTVSGRPC_GRPC_TLS_SHA256";
    private const string GrpcWebUrlVariable = "RESTVSGRPC_GRPC_WEB_URL";

    /// <summary>Publishes the settings to every process started from here on.</summary>
    public void Export()
    {
        Environment.SetEnvironmentVariable(RestUrlVariable, Rest?.Http11.ToString());
        Environment.SetEnvironmentVariable(RestH2cUrlVariable, Rest?.H2c?.ToString());
        Environment.SetEnvironmentVariable(RestTlsUrlVariable, Rest?.Tls?.ToString());
        Environment.SetEnvironmentVariable(RestTlsCertificateVariable, Rest?.CertificateSha256);
        Environment.SetEnvironmentVariable(GrpcUrlVariable, Grpc?.H2c.ToString());
        Environment.SetEnvironmentVariable(GrpcTlsUrlVariable, Grpc?.Tls?.ToString());
        Environment.SetEnvironmentVariable(GrpcTlsCertificateVariable, Grpc?.CertificateSha256);
        Environment.SetEnvironmentVariable(GrpcWebUrlVariable, Grpc?.Web?.ToString());
        Environment.SetEnvironmentVariable(RestScalingUrlVariable, RestScalingUrl?.ToString());
        Environment.SetEnvironmentVariable(GrpcScalingUrlVariable, GrpcScalingUrl?.ToString());
        Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, DataPath);
        // Server GC with DATAS (the default since .NET 9) changes its heap count at run time, and in .NET 10
        // GC.GetTotalAllocatedBytes then goes backwards or jumps (dotnet/runtime#131069): BenchmarkDotNet's Allocated
        // column read 0 B, or 1 MB for 222 KB, per JSON POST. The benchmark processes keep server GC with a fixed heap
        // count; the servers, started before this, keep the default.
        Environment.SetEnvironmentVariable(GcDynamicAdaptationVariable, "0");
    }

    /// <summary>Turns DATAS off in the processes that inherit it.</summary>
    public const string GcDynamicAdaptationVariable = "DOTNET_GCDynamicAdaptationMode";

    /// <summary>Reads what <see cref="Export"/> published.</summary>
    public static BenchSettings FromEnvironment() => new(
        Url(RestUrlVariable) is { } rest
            ? new RestServerAddresses(rest, Url(RestH2cUrlVariable), Url(RestTlsUrlVariable), Environment.GetEnvironmentVariable(RestTlsCertificateVariable))
            : null,
        Url(GrpcUrlVariable) is { } grpc
            ? new GrpcServerAddresses(grpc, Url(GrpcTlsUrlVariable), Environment.GetEnvironmentVariable(GrpcTlsCertificateVariable), Url(GrpcWebUrlVariable))
            : null,
        Url(RestScalingUrlVariable),
        Url(GrpcScalingUrlVariable),
        MeteoriteDataset.ResolvePath(null));

    /// <summary>RestAPI's addresses; fails with a clear message where the run has none.</summary>
    public RestServerAddresses RequireRest => Rest ?? throw new InvalidOperationException(
        "no RestAPI for this benchmark: leave the servers to the bench (`dotnet run -c Release --project RESTvsGRPC.Bench`), or pass --rest-url.");

    /// <summary>GrpcAPI's addresses; fails with a clear message where the run has none.</summary>
    public GrpcServerAddresses RequireGrpc => Grpc ?? throw new InvalidOperationException(
        "no GrpcAPI for this benchmark: leave the servers to the bench (`dotnet run -c Release --project RESTvsGRPC.Bench`), or pass --grpc-url.");

    private static Uri? Url(string variable) =>
        Environment.GetEnvironmentVariable(variable) is { Length: > 0 } value ? new Uri(value) : null;
}
