using System.Buffers;
using System.Buffers.Text;

namespace GrpcAPI;

/// <summary>
/// Answers a <c>application/grpc-web-text</c> request whose body is not base64 with INTERNAL and one sentence, before
/// grpc-dotnet sees it: grpc-dotnet's decoder throws on it, logs an error with a stack trace for each such request and
/// answers UNKNOWN ("Exception was thrown by handler."), measured with 2.85.0; it also fails on good base64 that it
/// cannot take in its own steps (whitespace, a padded chunk that ends inside a frame). A good body is passed on as one
/// padded base64 chunk of the same bytes, which grpc-dotnet always decodes.
/// </summary>
public static class GrpcWebTextGuard
{
    public static IApplicationBuilder UseGrpcWebTextGuard(this IApplicationBuilder app, long maxBytes) =>
        app.Use(
            async (context, next) =>
            {
                if (
                    context.Request.ContentType?.StartsWith(
                        "application/grpc-web-text",
                        StringComparison.OrdinalIgnoreCase
                    ) != true
                )
                {
                    await next(context);
                    return;
                }

                // base64 carries 3 bytes in 4 characters: the message limit, framed, in text, with room for line
                // breaks.
                var maxText = (maxBytes + 5) / 3 * 4 * 2;
                var read = await context.Request.BodyReader.ReadAtLeastAsync(
                    (int)Math.Min(maxText + 1, int.MaxValue),
                    context.RequestAborted
                );
                var text = read.Buffer;
                var decoded = text.Length > maxText ? null : Decode(text);
                // Over the limit is RESOURCE_EXHAUSTED, as grpc-dotnet answers a message over it; text that is not
                // base64 INTERNAL.
                var (status, problem) =
                    text.Length > maxText
                        ? ("8", $"the body is over {maxText} characters (the {maxBytes}-byte message limit)")
                    : decoded is null ? ("13", "the body is not base64")
                    : (null, null);
                context.Request.BodyReader.AdvanceTo(text.End);
                if (problem is not null)
                {
                    context.Response.ContentType = "application/grpc-web-text";
                    context.Response.Headers["grpc-status"] = status;
                    context.Response.Headers["grpc-message"] = $"grpc-web-text request: {problem}.";
                    return;
                }

                context.Request.Body = new MemoryStream(
                    System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(decoded!)),
                    writable: false
                );
                await next(context);
            }
        );

    /// <summary>
    /// The bytes of one or more padded base64 chunks one after another, as grpc-web-text sends a message and its end,
    /// ASCII whitespace skipped; null if the text is not that.
    /// </summary>
    private static byte[]? Decode(ReadOnlySequence<byte> text)
    {
        var bytes = new List<byte>((int)(text.Length / 4 * 3));
        Span<byte> quantum = stackalloc byte[4];
        Span<byte> three = stackalloc byte[3];
        var filled = 0;
        foreach (var segment in text)
        {
            foreach (var c in segment.Span)
            {
                if (c is (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n')
                {
                    continue;
                }

                quantum[filled++] = c;
                if (filled < 4)
                {
                    continue;
                }

                if (Base64.DecodeFromUtf8(quantum, three, out _, out var written) != OperationStatus.Done)
                {
                    return null;
                }

                foreach (var b in three[..written])
                {
                    bytes.Add(b);
                }

                filled = 0;
            }
        }

        return filled == 0 ? [.. bytes] : null;
    }
}
