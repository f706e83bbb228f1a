using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// What a TLS arm's connection agreed: the application protocol (ALPN), the TLS version and the cipher suite.
/// </summary>
public sealed record TlsSession(string Arm, string ApplicationProtocol, string TlsVersion, string CipherSuite);
