using System.Buffers;
using Google.Protobuf;
using GrpcWire;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.GrpcWire;

public sealed class MessageFramingTests
{
    private static readonly MeteoriteDataset Dataset = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    [Theory]
    [InlineData(1)]
    [InlineData(1000)]
    public void Framed_message_is_a_header_and_the_message_bytes(int records)
    {
        var message = Dataset.FirstAsProto(records);
        var output = new ArrayBufferWriter<byte>();

        MessageFraming.Write(output, message);

        var bytes = output.WrittenSpan.ToArray();
        Assert.True(MessageFraming.TryReadHeader(new ReadOnlySequence<byte>(bytes), out var compressed, out var length));
        Assert.False(compressed);
        Assert.Equal((uint)message.CalculateSize(), length);
        Assert.Equal(message.ToByteArray(), bytes[GrpcProtocol.MessageHeaderLength..]);
    }

    [Fact]
    public void Header_needs_five_bytes_and_a_flag_of_0_or_1()
    {
        Assert.False(MessageFraming.TryReadHeader(new ReadOnlySequence<byte>([0, 0, 0, 1]), out _, out _));
        var error = Assert.Throws<RpcException>(() => MessageFraming.TryReadHeader(new ReadOnlySequence<byte>([2, 0, 0, 0, 1]), out _, out _));
        Assert.Equal(StatusCode.Internal, error.Status);
    }

    [Fact]
    public void Compressed_frame_decompresses_to_the_message()
    {
        var output = new ArrayBufferWriter<byte>();

        MessageFraming.WriteCompressed(output, Dataset.ProtoList, MessageCompression.Gzip);

        var bytes = output.WrittenSpan.ToArray();
        MessageFraming.ReadHeader(bytes, out var compressed, out var length);
        var (buffer, plainLength) = MessageCompression.Gzip.Decompress(new ReadOnlySequence<byte>(bytes, GrpcProtocol.MessageHeaderLength, (int)length), GrpcProtocol.DefaultMaxReceiveMessageBytes);
        Assert.True(compressed);
        Assert.Equal(Dataset.ProtoList, MeteoriteLandingList.Parser.ParseFrom(buffer.AsSpan(0, plainLength)));
        ArrayPool<byte>.Shared.Return(buffer);
    }

    [Fact]
    public void Decompression_stops_at_the_limit()
    {
        var bomb = MessageCompression.Gzip.Compress(new byte[1_000_000]);

        var error = Assert.Throws<RpcException>(() => MessageCompression.Gzip.Decompress(new ReadOnlySequence<byte>(bomb), 65_536));

        Assert.Equal(StatusCode.ResourceExhausted, error.Status);
    }

    [Fact]
    public void Corrupt_compressed_message_is_internal()
    {
        var error = Assert.Throws<RpcException>(() => MessageCompression.Gzip.Decompress(new ReadOnlySequence<byte>([1, 2, 3, 4, 5, 6, 7, 8]), 1024));

        Assert.Equal(StatusCode.Internal, error.Status);
    }
}
