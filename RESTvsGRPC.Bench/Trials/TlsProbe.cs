using System.Net.Security;
using System.Net.Sockets;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Gate;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// What each TLS arm's connection agrees with its server, from a handshake of its own offering what the arm's client
/// offers.
/// </summary>
public static class TlsProbe
{
    /// <summary>
    /// The session each TLS arm agrees on; throws <see cref="TlsEndpointException"/> where an endpoint does not answer
    /// TLS with the pinned certificate, <see cref="GateFailedException"/> where ALPN picks another protocol.
    /// </summary>
    public static async Task<IReadOnlyList<TlsSession>> ReadAsync(IEnumerable<TrialArm> arms, ServerSet servers)
    {
        var sessions = new List<TlsSession>();
        foreach (var arm in arms.Select(a => ArmCatalogue.All[a.Target]).Where(a => a.IsTls).DistinctBy(a => a.Id))
        {
            var transport = ServerEndpoints.Of(arm, servers.Rest, servers.Grpc)
                ?? throw new GateFailedException($"{arm.Id} needs {ServerEndpoints.OptionOf(arm)}.");
            var offered =
                transport.HttpVersion == HttpVersion.Version20
                    ? SslApplicationProtocol.Http2
                    : SslApplicationProtocol.Http11;
            using var tcp = new TcpClient();
            await using var session = await HandshakeAsync(tcp, arm, transport, offered);
            if (session.NegotiatedApplicationProtocol != offered)
            {
                throw new GateFailedException(
                    $"{arm.Id} offered ALPN {offered} and the server agreed on "
                        + $"'{session.NegotiatedApplicationProtocol}'."
                );
            }

            sessions.Add(
                new TlsSession(
                    arm.Id,
                    offered.ToString(),
                    session.SslProtocol.ToString(),
                    session.NegotiatedCipherSuite.ToString()
                )
            );
        }

        return sessions;
    }

    /// <summary>
    /// A handshake offering <paramref name="offered"/>, trusting only the pinned certificate; the stream it leaves.
    /// </summary>
    private static async Task<SslStream> HandshakeAsync(
        TcpClient tcp,
        Arm arm,
        HttpTransport transport,
        SslApplicationProtocol offered
    )
    {
        string? presented = null;
        SslStream? tls = null;
        try
        {
            await tcp.ConnectAsync(transport.BaseAddress.Host, transport.BaseAddress.Port);
            tls = new SslStream(tcp.GetStream(), false, (_, certificate, _, errors) =>
            {
                presented = certificate?.GetCertHashString(System.Security.Cryptography.HashAlgorithmName.SHA256);
                return HttpClientSettings.IsTrusted(certificate, errors, transport.CertificateSha256);
            });
            await tls.AuthenticateAsClientAsync(
                new SslClientAuthenticationOptions
                {
                    TargetHost = transport.BaseAddress.Host,
                    ApplicationProtocols = [offered],
                }
            );
        }
        catch (Exception e)
            when (e is System.Security.Authentication.AuthenticationException or IOException or SocketException)
        {
            tls?.Dispose();
            throw new TlsEndpointException(
                presented is null
                    ? $"--tls: {ServerEndpoints.OptionOf(arm)} at {transport.BaseAddress} does not answer TLS "
                        + $"({e.Message})."
                    : $"--tls: {ServerEndpoints.OptionOf(arm)} at {transport.BaseAddress} presents the "
                        + $"certificate sha256 {presented}, not the pinned {transport.CertificateSha256}."
            );
        }

        return tls;
    }
}

/// <summary>
/// A TLS endpoint the run was given that does not answer TLS, or presents another certificate than the pinned one.
/// </summary>
public sealed class TlsEndpointException(string message) : Exception(message);
