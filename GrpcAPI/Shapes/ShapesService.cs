using Google.Protobuf;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;
using ModelLibrary.Protos;
using ModelLibrary.Shapes;
using ModelLibrary.Shapes.Protos;

namespace GrpcAPI.Shapes;

/// <summary>
/// The payload shapes' unary methods (<see cref="ShapeGrpcMethods"/>): a size in, the shape's records out (the message
/// built once, as the meteorites' list is); records in, their count out. No per-shape code: the catalogue binds them.
/// </summary>
public sealed class ShapesService;

/// <summary>Binds a GET and a POST per shape of the catalogue to <see cref="ShapesService"/>.</summary>
public sealed class ShapeMethodProvider : IServiceMethodProvider<ShapesService>
{
    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<ShapesService> context)
    {
        foreach (var shape in ShapeCatalogue.All)
        {
            shape.Accept(new Binder(context));
        }
    }

    private sealed class Binder(ServiceMethodProviderContext<ShapesService> context) : IShapeVisitor
    {
        public void Visit<TRecord, TList>(PayloadShape<TRecord, TList> shape)
            where TRecord : class
            where TList : class, IMessage<TList>, new()
        {
            context.AddUnaryMethod(ShapeGrpcMethods.Get(shape), [], (_, request, _) =>
                PayloadShape.TryParseSize(request.Size, out var size)
                    ? Task.FromResult(shape.Message(size))
                    : throw SizeNotFound(shape, request)
            );
            context.AddUnaryMethod(ShapeGrpcMethods.Post(shape), [], (_, records, _) =>
                Task.FromResult(
                    new StatusResponse
                    {
                        Status = ModelLibrary.Rest.PostStatus.Success,
                        Received = (uint)shape.CountOf(records),
                    }
                )
            );
        }

        private static RpcException SizeNotFound(PayloadShape shape, ShapeRequest request) =>
            new(new Status(StatusCode.InvalidArgument, $"{shape.Name} has no size '{request.Size}': small or large."));
    }
}
