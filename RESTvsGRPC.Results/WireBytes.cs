using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Bytes on the client's sockets per call for one networked benchmark, and the HTTP version its responses came back in.
/// </summary>
public sealed record WireBytes(
    string Benchmark,
    string Transport,
    string HttpVersion,
    double SentPerCall,
    double ReceivedPerCall
);
