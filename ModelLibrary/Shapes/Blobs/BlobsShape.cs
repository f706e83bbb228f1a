using System.Text.Json.Serialization.Metadata;
using Google.Protobuf;
using Proto = ModelLibrary.Shapes.Blobs.Protos;

namespace ModelLibrary.Shapes.Blobs;

/// <summary>
/// Thumbnails of 100 KiB of incompressible bytes: base64 in JSON (a third larger, and a pass over every byte each
/// way), the bytes as they are in protobuf.
/// </summary>
public sealed class BlobsShape : PayloadShape<Thumbnail, Proto.ThumbnailList>
{
    /// <summary>Bytes in each thumbnail.</summary>
    public const int ThumbnailBytes = 100 * 1024;

    public override string Name => "blobs";

    public override string Summary => "a 100 KiB image thumbnail (incompressible bytes) with a few metadata fields";

    public override int SmallCount => 1;

    public override int LargeCount => 2;

    public override JsonTypeInfo<List<Thumbnail>> ListJson => ThumbnailJsonContext.Default.ListThumbnail;

    public override Proto.ThumbnailList ToMessage(IEnumerable<Thumbnail> records)
    {
        var list = new Proto.ThumbnailList();
        list.Thumbnails.AddRange(
            records.Select(thumbnail => new Proto.Thumbnail
            {
                Id = thumbnail.Id,
                FileName = thumbnail.FileName,
                ContentType = thumbnail.ContentType,
                Width = thumbnail.Width,
                Height = thumbnail.Height,
                // The record's array is never written after it is made: the message may share it, as a service that
                // serves stored bytes would.
                Data = UnsafeByteOperations.UnsafeWrap(thumbnail.Data),
            })
        );
        return list;
    }

    public override int CountOf(Proto.ThumbnailList message) => message.Thumbnails.Count;

    protected override IReadOnlyList<Thumbnail> Generate(int count)
    {
        var random = new SplitMix64(105);
        return
        [
            .. Enumerable
                .Range(1, count)
                .Select(id =>
                {
                    var data = new byte[ThumbnailBytes];
                    random.Fill(data);
                    return new Thumbnail
                    {
                        Id = (uint)id,
                        FileName = $"photo-{id:0000}.webp",
                        ContentType = "image/webp",
                        Width = 320,
                        Height = 240,
                        Data = data,
                    };
                }),
        ];
    }
}
