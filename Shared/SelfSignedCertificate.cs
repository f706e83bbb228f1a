using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace RESTvsGRPC.Hosting;

/// <summary>
/// The TLS endpoint's certificate, made at start in memory: no files, no external tool, valid for loopback only.
/// Clients pin it by the SHA-256 the ready line prints.
/// </summary>
public static class SelfSignedCertificate
{
    public static X509Certificate2 Create()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest("CN=RESTvsGRPC loopback", key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(IPAddress.Loopback);
        names.AddIpAddress(IPAddress.IPv6Loopback);
        names.AddDnsName("localhost");
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(
            new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1", "Server Authentication")], critical: false)
        );
        var now = DateTimeOffset.UtcNow;
        using var certificate = request.CreateSelfSigned(now.AddMinutes(-5), now.AddDays(7));
        // Round-trip through PKCS#12 so the private key is usable by SslStream on every OS.
        return X509CertificateLoader.LoadPkcs12(certificate.Export(X509ContentType.Pkcs12), password: null);
    }

    /// <summary>The SHA-256 fingerprint, upper-case hex, as clients compare it.</summary>
    public static string Sha256Of(X509Certificate2 certificate) =>
        certificate.GetCertHashString(HashAlgorithmName.SHA256);
}
