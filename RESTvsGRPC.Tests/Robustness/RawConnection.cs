using System.Buffers.Binary;
using System.Net.Sockets;
using System.Text;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>
/// Bytes over a plain TCP connection, for requests no HTTP client library will send: an HTTP/2 preface to an HTTP/1.1
/// port, a broken chunked body, more HTTP/2 streams than the server allows, a body trickling in a byte a second.
/// </summary>
public static class RawConnection
{
    private static readonly byte[] Preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"u8.ToArray();
    private static readonly string[] Http2ErrorNames =
    [
        "NO_ERROR",
        "PROTOCOL_ERROR",
        "INTERNAL_ERROR",
        "FLOW_CONTROL_ERROR",
        "SETTINGS_TIMEOUT",
        "STREAM_CLOSED",
        "FRAME_SIZE_ERROR",
        "REFUSED_STREAM",
        "CANCEL",
        "COMPRESSION_ERROR",
        "CONNECT_ERROR",
        "ENHANCE_YOUR_CALM",
        "INADEQUATE_SECURITY",
        "HTTP_1_1_REQUIRED",
    ];

    /// <summary>
    /// Sends <paramref name="request"/>, then a space every second for <paramref name="trickleSeconds"/>, while reading
    /// until the server closes or <paramref name="wait"/> passes: a server may answer (and close) before it has read it
    /// all.
    /// </summary>
    public static async Task<byte[]> ExchangeAsync(Uri server, byte[] request, TimeSpan wait, int trickleSeconds = 0)
    {
        using var client = new TcpClient();
        await client.ConnectAsync(server.Host, server.Port);
        var stream = client.GetStream();
        using var timeout = new CancellationTokenSource(wait);
        var sending = Task.Run(async () =>
        {
            try
            {
                await stream.WriteAsync(request, timeout.Token);
                // The trickle's pace is the bad input itself: a byte on each tick of a one-second timer.
                using var ticks = new PeriodicTimer(TimeSpan.FromSeconds(1));
                for (var i = 0; i < trickleSeconds && await ticks.WaitForNextTickAsync(timeout.Token); i++)
                {
                    await stream.WriteAsync(" "u8.ToArray(), timeout.Token);
                }
            }
            catch (Exception e) when (e is IOException or OperationCanceledException)
            {
                // The server closed the connection, or the answer came: nothing more to send.
            }
        });
        var answer = new MemoryStream();
        var buffer = new byte[64 * 1024];
        try
        {
            int read;
            while ((read = await stream.ReadAsync(buffer, timeout.Token)) > 0)
            {
                answer.Write(buffer, 0, read);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or IOException)
        {
            // The server went quiet or reset the connection: what arrived before is the answer.
        }

        await timeout.CancelAsync();
        await sending;
        return answer.ToArray();
    }

    /// <summary>The status code of an HTTP/1.1 answer ("400"), or what the bytes were instead.</summary>
    public static string Http11Status(byte[] answer)
    {
        var text = Encoding.Latin1.GetString(answer);
        return text.StartsWith("HTTP/1.1 ", StringComparison.Ordinal) ? text[9..12]
            : answer.Length >= 9 && answer[3] == 7 ? $"GOAWAY {GoAwayError(answer)}"
            : answer.Length == 0 ? "connection closed without an answer"
            : "bytes that are not HTTP/1.1";
    }

    private static string GoAwayError(byte[] frame) =>
        ErrorName(BinaryPrimitives.ReadUInt32BigEndian(frame.AsSpan(9 + 4)));

    private static string ErrorName(uint code) =>
        code < Http2ErrorNames.Length ? Http2ErrorNames[code] : $"error {code}";

    /// <summary>
    /// Opens <paramref name="streams"/> HTTP/2 streams at once on one connection, each a POST to
    /// <paramref name="path"/> whose body never comes, so none can finish; returns how each stream the server ended was
    /// ended, by count ("REFUSED_STREAM" → 50), and whether the server closed the connection (GOAWAY).
    /// </summary>
    public static async Task<(Dictionary<string, int> Resets, string? GoAway)> OpenStreamsAsync(
        Uri server,
        string path,
        string contentType,
        int streams,
        TimeSpan wait
    )
    {
        var request = new MemoryStream();
        request.Write(Preface);
        WriteFrame(request, type: 4, flags: 0, stream: 0, []);
        for (var i = 0; i < streams; i++)
        {
            WriteFrame(
                request,
                type: 1,
                flags: 0x4,
                stream: (uint)(2 * i + 1),
                RequestHeaders(server, path, contentType)
            );
        }

        var answer = await ExchangeAsync(server, request.ToArray(), wait);
        var resets = new Dictionary<string, int>();
        string? goAway = null;
        for (var offset = 0; offset + 9 <= answer.Length; )
        {
            var length = (answer[offset] << 16) | (answer[offset + 1] << 8) | answer[offset + 2];
            var type = answer[offset + 3];
            if (offset + 9 + length > answer.Length)
            {
                break;
            }

            if (type == 3)
            {
                var name = ErrorName(BinaryPrimitives.ReadUInt32BigEndian(answer.AsSpan(offset + 9)));
                resets[name] = resets.GetValueOrDefault(name) + 1;
            }
            else if (type == 7)
            {
                goAway = ErrorName(BinaryPrimitives.ReadUInt32BigEndian(answer.AsSpan(offset + 9 + 4)));
            }

            offset += 9 + length;
        }

        return (resets, goAway);
    }

    private static void WriteFrame(Stream to, byte type, byte flags, uint stream, byte[] payload)
    {
        Span<byte> header = stackalloc byte[9];
        header[0] = (byte)(payload.Length >> 16);
        header[1] = (byte)(payload.Length >> 8);
        header[2] = (byte)payload.Length;
        header[3] = type;
        header[4] = flags;
        BinaryPrimitives.WriteUInt32BigEndian(header[5..], stream);
        to.Write(header);
        to.Write(payload);
    }

    /// <summary>HPACK without the dynamic table or Huffman: static indexes for :method POST and :scheme http, literals
    /// for the rest.</summary>
    private static byte[] RequestHeaders(Uri server, string path, string contentType)
    {
        var block = new MemoryStream();
        block.WriteByte(0x83);
        block.WriteByte(0x86);
        WriteLiteral(block, nameIndex: 4, path);
        WriteLiteral(block, nameIndex: 1, server.Authority);
        WriteLiteral(block, nameIndex: 31, contentType);
        block.WriteByte(0x00);
        WriteString(block, "te");
        WriteString(block, "trailers");
        return block.ToArray();
    }

    private static void WriteLiteral(Stream to, int nameIndex, string value)
    {
        // Literal without indexing, indexed name: 4-bit prefix, so 15 and above continue in the next byte.
        if (nameIndex < 15)
        {
            to.WriteByte((byte)nameIndex);
        }
        else
        {
            to.WriteByte(0x0f);
            to.WriteByte((byte)(nameIndex - 15));
        }

        WriteString(to, value);
    }

    private static void WriteString(Stream to, string value)
    {
        var bytes = Encoding.ASCII.GetBytes(value);
        if (bytes.Length >= 127)
        {
            throw new ArgumentException("only short header values are encoded here", nameof(value));
        }

        to.WriteByte((byte)bytes.Length);
        to.Write(bytes);
    }
}
