using System.Buffers.Binary;
using System.Text;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// Reads a gRPC-Web response body as the protocol frames it: messages (flag 0x00, a 4-byte big-endian length, the
/// message) and one trailer frame (flag 0x80) holding the trailers as HTTP/1.1 header lines; the text format is the
/// same frames in base64, one padded chunk after another. Written from the gRPC-Web protocol text, so a test can check
/// the server's framing without grpc-dotnet's client.
/// </summary>
public static class GrpcWebFrames
{
    /// <summary>The frames of <paramref name="body"/> (already decoded from base64), in order; throws where the framing
    /// is broken.</summary>
    public static IReadOnlyList<(byte Flag, byte[] Payload)> Read(byte[] body)
    {
        var frames = new List<(byte, byte[])>();
        var position = 0;
        while (position < body.Length)
        {
            if (body.Length - position < 5)
            {
                throw new InvalidDataException(
                    $"{body.Length - position} bytes after the last frame: a frame header is 5."
                );
            }

            var length = (int)BinaryPrimitives.ReadUInt32BigEndian(body.AsSpan(position + 1, 4));
            if (body.Length - position - 5 < length)
            {
                throw new InvalidDataException(
                    $"a frame declares {length} bytes and {body.Length - position - 5} follow."
                );
            }

            frames.Add((body[position], body[(position + 5)..(position + 5 + length)]));
            position += 5 + length;
        }

        return frames;
    }

    /// <summary>The bytes of a grpc-web-text body: one or more padded base64 chunks, decoded one after
    /// another.</summary>
    public static byte[] FromText(string text)
    {
        var bytes = new List<byte>();
        var start = 0;
        for (var i = 0; i <= text.Length; i++)
        {
            // A chunk ends after its padding, or at the end of the text.
            var endsChunk = i == text.Length || (text[i] != '=' && i > 0 && text[i - 1] == '=');
            if (endsChunk && i > start)
            {
                bytes.AddRange(Convert.FromBase64String(text[start..i]));
                start = i;
            }
        }

        return [.. bytes];
    }

    /// <summary>The trailer frame's lines as name → value (names lower case).</summary>
    public static IReadOnlyDictionary<string, string> Trailers(byte[] payload) =>
        Encoding
            .ASCII.GetString(payload)
            .Split("\r\n", StringSplitOptions.RemoveEmptyEntries)
            .Select(line => line.Split(':', 2))
            .ToDictionary(parts => parts[0].Trim().ToLowerInvariant(), parts => parts[1].Trim());

    /// <summary>The grpc-status in a gRPC-Web body's trailer frame; null when the body is not gRPC-Web or has
    /// none.</summary>
    public static string? Status(HttpResponseMessage response, byte[] body)
    {
        var contentType = response.Content.Headers.ContentType?.MediaType ?? "";
        if (!contentType.StartsWith("application/grpc-web", StringComparison.Ordinal))
        {
            return null;
        }

        var bytes = contentType.StartsWith("application/grpc-web-text", StringComparison.Ordinal)
            ? FromText(Encoding.ASCII.GetString(body))
            : body;
        return Read(bytes)
            .Where(frame => (frame.Flag & 0x80) != 0)
            .Select(frame => Trailers(frame.Payload).GetValueOrDefault("grpc-status"))
            .LastOrDefault();
    }
}
