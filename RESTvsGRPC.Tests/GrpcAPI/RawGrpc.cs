using System.Buffers.Binary;
using System.Net;
using Google.Protobuf;

namespace RESTvsGRPC.Tests.GrpcAPI;

/// <summary>
/// Sends hand-made gRPC requests over plain HTTP/2 and reads everything the server answered: status line, messages,
/// status. The framing is written here by hand because the tests need frames that no gRPC library would send.
/// </summary>
public static class RawGrpc
{
    public const string ContentType = "application/grpc";

    /// <summary>A compressed-flag byte and a four-byte big-endian length precede every message.</summary>
    public const int MessageHeaderLength = 5;

    /// <summary>What the server answered: HTTP status, headers, the message bodies, and the gRPC status from trailers
    /// or Trailers-Only headers.</summary>
    public sealed record Answer(
        HttpStatusCode HttpStatus,
        HttpResponseMessage Response,
        byte[][] Messages,
        string? Status,
        string? StatusMessage
    )
    {
        public string? Header(string name) =>
            Response.Headers.TryGetValues(name, out var values)
            || Response.TrailingHeaders.TryGetValues(name, out values)
                ? string.Join(",", values)
                : null;
    }

    /// <summary>Five header bytes then <paramref name="message"/>: one length-prefixed message.</summary>
    public static byte[] Frame(byte[] message, bool compressed = false, uint? declaredLength = null)
    {
        var frame = new byte[MessageHeaderLength + message.Length];
        frame[0] = compressed ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), declaredLength ?? (uint)message.Length);
        message.CopyTo(frame, MessageHeaderLength);
        return frame;
    }

    public static byte[] Frame(IMessage message) => Frame(message.ToByteArray());

    public static async Task<Answer> SendAsync(
        HttpClient http,
        string path,
        byte[] body,
        string contentType = ContentType,
        params (string Name, string Value)[] headers
    )
    {
        using var request = Request(path, new ByteArrayContent(body), contentType, headers);
        return await SendAsync(http, request);
    }

    /// <summary>An HTTP/2 POST with <paramref name="content"/> as the body, <c>te: trailers</c> and the given
    /// headers.</summary>
    public static HttpRequestMessage Request(
        string path,
        HttpContent content,
        string contentType = ContentType,
        params (string Name, string Value)[] headers
    )
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path)
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        request.Content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        request.Headers.TryAddWithoutValidation("TE", "trailers");
        foreach (var (name, value) in headers)
        {
            request.Headers.TryAddWithoutValidation(name, value);
        }

        return request;
    }

    public static async Task<Answer> SendAsync(
        HttpClient http,
        HttpRequestMessage request,
        CancellationToken cancellation = default
    )
    {
        var response = await http.SendAsync(request, cancellation);
        var bytes = await response.Content.ReadAsByteArrayAsync(cancellation);
        var messages = new List<byte[]>();
        for (var offset = 0; offset + MessageHeaderLength <= bytes.Length; )
        {
            var length = (int)BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(offset + 1));
            if (offset + MessageHeaderLength + length > bytes.Length)
            {
                // The call ended inside a message (a deadline or a reset mid-body, then its trailers): as a gRPC
                // client does, the status says what happened and the partial message is not one.
                break;
            }

            messages.Add(bytes[(offset + MessageHeaderLength)..(offset + MessageHeaderLength + length)]);
            offset += MessageHeaderLength + length;
        }

        var answer = new Answer(response.StatusCode, response, [.. messages], null, null);
        return answer with { Status = answer.Header("grpc-status"), StatusMessage = answer.Header("grpc-message") };
    }
}
