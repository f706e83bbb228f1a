using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Configuration;

namespace RESTvsGRPC.Hosting;

/// <summary>
/// A server's named Kestrel endpoints (<c>Kestrel:Endpoints:NAME</c> in appsettings.json), each with a command-line
/// switch that moves it, and the in-memory certificate its TLS endpoints use. Linked into both servers.
/// </summary>
public sealed class ServerEndpoints
{
    private readonly Endpoint[] _endpoints;
    private readonly Dictionary<string, ListenOptions> _bound = [];

    /// <summary>One endpoint: its configuration name, the switch that sets its URL, and the HTTP protocols it
    /// speaks.</summary>
    public sealed record Endpoint(string Name, string Switch, HttpProtocols Protocols);

    public ServerEndpoints(params Endpoint[] endpoints) => _endpoints = endpoints;

    public X509Certificate2 Certificate { get; } = SelfSignedCertificate.Create();

    /// <summary>
    /// Rewrites each endpoint's switch (also as <c>--switch=URL</c>) into that endpoint's configuration keys before the
    /// host sees them: a plain <c>--urls</c> would otherwise be bound by the host as well, and then overridden by the
    /// endpoints with a warning. The protocols go with the URL, so an endpoint that appsettings.json leaves out can be
    /// added from the command line.
    /// </summary>
    public string[] TranslateArguments(string[] args)
    {
        var translated = new List<string>(args.Length);
        for (var i = 0; i < args.Length; i++)
        {
            var parts = args[i].Split('=', 2);
            var endpoint = _endpoints.FirstOrDefault(e => e.Switch == parts[0]);
            if (endpoint is null)
            {
                translated.Add(args[i]);
                continue;
            }

            var url =
                parts.Length == 2 ? parts[1]
                : i + 1 < args.Length ? args[++i]
                : "";
            translated.AddRange([
                $"--Kestrel:Endpoints:{endpoint.Name}:Url",
                url,
                $"--Kestrel:Endpoints:{endpoint.Name}:Protocols",
                endpoint.Protocols.ToString(),
            ]);
        }

        return [.. translated];
    }

    public void Configure(KestrelServerOptions kestrel, IConfiguration configuration)
    {
        kestrel.ConfigureHttpsDefaults(https =>
        {
            https.ServerCertificate = Certificate;
            // TLS 1.0 and 1.1 are deprecated (RFC 8996); a client offering only those is refused at the handshake.
            https.SslProtocols =
                System.Security.Authentication.SslProtocols.Tls12 | System.Security.Authentication.SslProtocols.Tls13;
        });
        var loader = kestrel.Configure(configuration.GetSection("Kestrel"));
        foreach (var endpoint in _endpoints)
        {
            loader.Endpoint(endpoint.Name, configured => _bound[endpoint.Name] = configured.ListenOptions);
        }
    }

    /// <summary>The address an endpoint is bound to, with the port actually bound (port 0 asks the OS for a free one);
    /// null if it is not configured.</summary>
    public string? Address(string name) => _bound.TryGetValue(name, out var options) ? options.ToString() : null;

    /// <summary>
    /// One warning line per endpoint bound beyond loopback (another interface, or every one): such a server answers
    /// anyone who can reach the machine, which the user should have asked for knowingly. Empty on loopback.
    /// </summary>
    public IEnumerable<string> BeyondLoopbackWarnings(string server) =>
        _bound
            .Where(endpoint =>
                endpoint.Value.IPEndPoint is not { } address || !System.Net.IPAddress.IsLoopback(address.Address)
            )
            .Select(endpoint =>
                $"warning: {server} listens on {endpoint.Value}, beyond loopback: anyone who can reach this address "
                + $"can call it."
            );

    /// <summary>
    /// Runs the server until it is stopped; 0, or 1 with one sentence on stderr when an address is already in use
    /// (another server on the port), instead of the host's stack trace and an abort.
    /// </summary>
    public static int Run(WebApplication app, string server)
    {
        try
        {
            app.Run();
            return 0;
        }
        catch (IOException e) when (e.InnerException is Microsoft.AspNetCore.Connections.AddressInUseException)
        {
            Console.Error.WriteLine($"{server} cannot start: {e.Message}");
            return 1;
        }
    }

    /// <summary>The certificate's SHA-256, as the ready line prints it and clients pin it.</summary>
    public string CertificateSha256 => SelfSignedCertificate.Sha256Of(Certificate);
}
