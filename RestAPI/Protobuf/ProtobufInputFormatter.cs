using System.Buffers;
using System.Collections.Concurrent;
using System.IO.Pipelines;
using System.Reflection;
using Google.Protobuf;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace RestAPI.Protobuf;

/// <summary>
/// Reads an <c>application/x-protobuf</c> body into the action's message type. The whole body is buffered first (as
/// gRPC buffers a message), so the request body limit applies; bytes that do not parse are a 400, not an exception.
/// </summary>
public sealed class ProtobufInputFormatter : InputFormatter
{
    private static readonly ConcurrentDictionary<Type, MessageParser> Parsers = new();

    public ProtobufInputFormatter() => SupportedMediaTypes.Add(ProtobufMediaType.Value);

    protected override bool CanReadType(Type type) => typeof(IMessage).IsAssignableFrom(type);

    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        var reader = context.HttpContext.Request.BodyReader;
        var body = await ReadToEndAsync(reader, context.HttpContext.RequestAborted);
        try
        {
            return InputFormatterResult.Success(ParserOf(context.ModelType).ParseFrom(body.Buffer));
        }
        catch (InvalidProtocolBufferException e)
        {
            context.ModelState.TryAddModelError(
                context.ModelName,
                $"The body is not a valid {context.ModelType.Name} protobuf message: {e.Message}"
            );
            return InputFormatterResult.Failure();
        }
        finally
        {
            reader.AdvanceTo(body.Buffer.End);
        }
    }

    private static async Task<ReadResult> ReadToEndAsync(PipeReader reader, CancellationToken cancellation)
    {
        while (true)
        {
            var result = await reader.ReadAsync(cancellation);
            if (result.IsCompleted || result.IsCanceled)
            {
                return result;
            }

            // Nothing consumed, everything examined: wait for the rest of the body.
            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
    }

    private static MessageParser ParserOf(Type type) =>
        Parsers.GetOrAdd(type, static t =>
            (MessageParser)t.GetProperty("Parser", BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!
        );
}
