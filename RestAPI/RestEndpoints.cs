using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Server.Kestrel.Core;

namespace RestAPI;

/// <summary>
/// RestAPI's three endpoints, one per transport the benchmark compares: HTTP/1.1, h2c (HTTP/2 without TLS, which
/// needs a port of its own) and TLS (HTTP/2 or HTTP/1.1 by ALPN). Their URLs come from <c>Kestrel:Endpoints</c>
/// in appsettings.json, or from <c>--urls</c>, <c>--h2c</c> and <c>--tls</c>.
/// </summary>
public sealed class RestEndpoints
{
    private static readonly string[] Names = ["Http1", "H2c", "Tls"];

    private readonly Dictionary<string, ListenOptions> _bound = [];
    private readonly X509Certificate2 _certificate = SelfSignedCertificate.Create();

    private static readonly Dictionary<string, string> Switches = new()
    {
        ["--urls"] = "--Kestrel:Endpoints:Http1:Url",
        ["--h2c"] = "--Kestrel:Endpoints:H2c:Url",
        ["--tls"] = "--Kestrel:Endpoints:Tls:Url",
    };

    /// <summary>
    /// Rewrites <c>--urls</c>, <c>--h2c</c> and <c>--tls</c> (also as <c>--urls=URL</c>) into the endpoints'
    /// configuration keys before the host sees them: a plain <c>--urls</c> would otherwise be bound by the host as
    /// well, and then overridden by the endpoints with a warning.
    /// </summary>
    public static string[] TranslateArguments(string[] args) =>
    [
        .. args.Select(argument => argument.Split('=', 2) is [var name, ..] && Switches.TryGetValue(name, out var key)
            ? key + argument[name.Length..]
            : argument),
    ];

    public void Configure(KestrelServerOptions kestrel, IConfiguration configuration)
    {
        kestrel.ConfigureHttpsDefaults(https => https.ServerCertificate = _certificate);
        var loader = kestrel.Configure(configuration.GetSection("Kestrel"));
        foreach (var name in Names)
        {
            loader.Endpoint(name, endpoint => _bound[name] = endpoint.ListenOptions);
        }
    }

    /// <summary>The ready line's addresses, with the ports actually bound (port 0 asks the OS for a free one).</summary>
    public string Describe() =>
        $"{_bound["Http1"]} h2c {_bound["H2c"]} tls {_bound["Tls"]} (certificate sha256 {SelfSignedCertificate.Sha256Of(_certificate)})";
}
