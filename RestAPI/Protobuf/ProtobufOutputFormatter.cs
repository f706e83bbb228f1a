using System.Buffers;
using Google.Protobuf;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace RestAPI.Protobuf;

/// <summary>Writes protobuf messages as <c>application/x-protobuf</c>, with a Content-Length.</summary>
public sealed class ProtobufOutputFormatter : OutputFormatter
{
    public ProtobufOutputFormatter() => SupportedMediaTypes.Add(ProtobufMediaType.Value);

    protected override bool CanWriteType(Type? type) => type is not null && typeof(IMessage).IsAssignableFrom(type);

    public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        var message = (IMessage)context.Object!;
        var response = context.HttpContext.Response;
        var size = message.CalculateSize();
        response.ContentLength = size;
        // Serialized into a pooled buffer, then copied to the connection: no per-request array of the payload's size.
        var buffer = ArrayPool<byte>.Shared.Rent(size);
        try
        {
            message.WriteTo(buffer.AsSpan(0, size));
            await response.Body.WriteAsync(buffer.AsMemory(0, size), context.HttpContext.RequestAborted);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
