using ModelLibrary;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Bench.Settings;

/// <summary>
/// The settings every measuring process of a run shares (servers, data, call timeout): applied once to the
/// bench's own process and passed as environment variables to every process it starts; nothing else sets them.
/// </summary>
public sealed record BenchSettings(
    RestServerAddresses? Rest,
    GrpcServerAddresses? Grpc,
    Uri? RestScalingUrl,
    Uri? GrpcScalingUrl,
    string DataPath,
    TimeSpan? CallTimeout = null
)
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
    private const string AotRestUrlVariable = "RESTVSGRPC_AOT_REST_URL";
    private const string AotGrpcUrlVariable = "RESTVSGRPC_AOT_GRPC_URL";

    /// <summary>
    /// True where BenchmarkDotNet's processes settle the JIT on their case before timing it (all but the dry job).
    /// </summary>
    public bool SettlesBenchmarks { get; init; }

    /// <summary>Tells BenchmarkDotNet's processes to settle the JIT on their case.</summary>
    public const string SettleVariable = "RESTVSGRPC_BENCHMARK_SETTLE";

    /// <summary>The Native AOT servers the AOT arms call, where the run started them.</summary>
    public AotServerAddresses? Aot { get; init; }

    /// <summary>The settings as environment variables, for BenchmarkDotNet's job and each trial process.</summary>
    public IReadOnlyList<KeyValuePair<string, string>> Variables() =>
        [
            .. new (string Name, string? Value)[]
            {
                (RestUrlVariable, Rest?.Http11.ToString()),
                (RestH2cUrlVariable, Rest?.H2c?.ToString()),
                (RestTlsUrlVariable, Rest?.Tls?.ToString()),
                (RestTlsCertificateVariable, Rest?.CertificateSha256),
                (GrpcUrlVariable, Grpc?.H2c.ToString()),
                (GrpcTlsUrlVariable, Grpc?.Tls?.ToString()),
                (GrpcTlsCertificateVariable, Grpc?.CertificateSha256),
                (GrpcWebUrlVariable, Grpc?.Web?.ToString()),
                (RestScalingUrlVariable, RestScalingUrl?.ToString()),
                (GrpcScalingUrlVariable, GrpcScalingUrl?.ToString()),
                (AotRestUrlVariable, Aot?.Rest.ToString()),
                (AotGrpcUrlVariable, Aot?.Grpc.ToString()),
                (MeteoriteDataset.PathVariable, DataPath),
                (
                    HttpClientSettings.CallTimeoutVariable,
                    CallTimeout is { } timeout
                        ? ((int)timeout.TotalSeconds).ToString(System.Globalization.CultureInfo.InvariantCulture)
                        : null
                ),
                // Server GC with DATAS (the default since .NET 9) changes its heap count at run time, and in .NET 10
                // GC.GetTotalAllocatedBytes then goes backwards or jumps, so BenchmarkDotNet's Allocated column would
                // read nonsense. The processes that measure keep server GC with a fixed heap count; the servers keep
                // the default.
                (GcDynamicAdaptationVariable, "0"),
                (SettleVariable, SettlesBenchmarks ? "1" : null),
            }
                .Where(v => v.Value is not null)
                .Select(v => KeyValuePair.Create(v.Name, v.Value!)),
        ];

    /// <summary>Gives <paramref name="start"/>'s process the settings.</summary>
    public void ApplyTo(System.Diagnostics.ProcessStartInfo start)
    {
        foreach (var (name, value) in Variables())
        {
            start.Environment[name] = value;
        }
    }

    /// <summary>
    /// The same settings at the addresses <paramref name="servers"/> has now (after
    /// <see cref="ServerSet.RenewAsync"/>).
    /// </summary>
    public BenchSettings At(ServerSet servers) =>
        this with
        {
            Rest = servers.Rest,
            Grpc = servers.Grpc,
            Aot = servers.Aot,
        };

    /// <summary>
    /// Sets the settings in this process (again after trials renewed the servers); DATAS cannot change after start-up,
    /// so the bench's project turns it off, and inline completions stay out so the servers started next keep the
    /// runtime's default.
    /// </summary>
    public void ApplyToThisProcess()
    {
        foreach (
            var (name, value) in Variables().Where(v => v.Key is not (GcDynamicAdaptationVariable or SettleVariable))
        )
        {
            Environment.SetEnvironmentVariable(name, value);
        }
    }

    /// <summary>Turns DATAS off in the processes that inherit it.</summary>
    public const string GcDynamicAdaptationVariable = "DOTNET_GCDynamicAdaptationMode";

    /// <summary>Reads what <see cref="Variables"/> gave this process.</summary>
    public static BenchSettings FromEnvironment() =>
        new(
            Url(RestUrlVariable) is { } rest
                ? new RestServerAddresses(
                    rest,
                    Url(RestH2cUrlVariable),
                    Url(RestTlsUrlVariable),
                    Environment.GetEnvironmentVariable(RestTlsCertificateVariable)
                )
                : null,
            Url(GrpcUrlVariable) is { } grpc
                ? new GrpcServerAddresses(
                    grpc,
                    Url(GrpcTlsUrlVariable),
                    Environment.GetEnvironmentVariable(GrpcTlsCertificateVariable),
                    Url(GrpcWebUrlVariable)
                )
                : null,
            Url(RestScalingUrlVariable),
            Url(GrpcScalingUrlVariable),
            MeteoriteDataset.ResolvePath(null)
        )
        {
            Aot = (Url(AotRestUrlVariable), Url(AotGrpcUrlVariable)) is ({ } aotRest, { } aotGrpc)
                ? new AotServerAddresses(aotRest, aotGrpc)
                : null,
        };

    private static Uri? Url(string variable) =>
        Environment.GetEnvironmentVariable(variable) is { Length: > 0 } value ? new Uri(value) : null;
}
