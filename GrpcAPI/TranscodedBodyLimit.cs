using Microsoft.AspNetCore.Http.Features;

namespace GrpcAPI;

/// <summary>
/// Limits the body of every request that is not gRPC or gRPC-Web (so JSON transcoding's) to the gRPC receive limit.
/// grpc-dotnet checks that limit on each gRPC message, but transcoding reads a JSON body of any size (7 MiB passed,
/// measured), and GrpcAPI sets no body limit of its own because a gRPC stream may be long.
/// </summary>
public static class TranscodedBodyLimit
{
    public static IApplicationBuilder UseTranscodedBodyLimit(this IApplicationBuilder app, long maxBytes) =>
        app.Use(
            (context, next) =>
            {
                if (
                    context.Request.ContentType?.StartsWith("application/grpc", StringComparison.OrdinalIgnoreCase)
                        != true
                    && context.Features.Get<IHttpMaxRequestBodySizeFeature>() is { IsReadOnly: false } limit
                )
                {
                    limit.MaxRequestBodySize = maxBytes;
                }

                return next(context);
            }
        );
}
