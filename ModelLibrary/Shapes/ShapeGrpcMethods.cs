using System.Globalization;
using Google.Protobuf;
using Grpc.Core;
using ModelLibrary.Protos;
using ModelLibrary.Shapes.Protos;

namespace ModelLibrary.Shapes;

/// <summary>
/// The shapes' gRPC contract, as a generated stub would hold it but bound from the catalogue: service
/// <see cref="Service"/>, per shape a unary <c>Get</c> (a size in, the records out) and <c>Post</c> (records in, a
/// count out), protobuf messages serialized as grpc-dotnet's generated code serializes them.
/// </summary>
public static class ShapeGrpcMethods
{
    /// <summary>The service's full name.</summary>
    public const string Service = "shapes.v1.Shapes";

    private static readonly Marshaller<ShapeRequest> Request = MarshallerFor(ShapeRequest.Parser);
    private static readonly Marshaller<StatusResponse> Status = MarshallerFor(StatusResponse.Parser);

    /// <summary>The shape's GET: <c>Get</c> and the shape's name in Pascal case (<c>GetGlossaryEn</c>).</summary>
    public static Method<ShapeRequest, TList> Get<TRecord, TList>(PayloadShape<TRecord, TList> shape)
        where TRecord : class
        where TList : class, IMessage<TList>, new() =>
        new(MethodType.Unary, Service, "Get" + Pascal(shape.Name), Request, MarshallerFor(shape.Parser));

    /// <summary>The shape's POST: <c>Post</c> and the shape's name in Pascal case.</summary>
    public static Method<TList, StatusResponse> Post<TRecord, TList>(PayloadShape<TRecord, TList> shape)
        where TRecord : class
        where TList : class, IMessage<TList>, new() =>
        new(MethodType.Unary, Service, "Post" + Pascal(shape.Name), MarshallerFor(shape.Parser), Status);

    private static Marshaller<T> MarshallerFor<T>(MessageParser<T> parser)
        where T : IMessage<T> =>
        Marshallers.Create<T>(
            (message, context) =>
            {
                context.SetPayloadLength(message.CalculateSize());
                message.WriteTo(context.GetBufferWriter());
                context.Complete();
            },
            context => parser.ParseFrom(context.PayloadAsReadOnlySequence())
        );

    private static string Pascal(string name) =>
        string.Concat(name.Split('-').Select(part => char.ToUpper(part[0], CultureInfo.InvariantCulture) + part[1..]));
}
