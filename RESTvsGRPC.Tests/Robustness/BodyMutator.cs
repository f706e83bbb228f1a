using System.Buffers.Binary;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>
/// Seeded random damage to a valid request body: bit flips, truncation, splicing a slice of the body into itself,
/// odd bytes, and for a gRPC frame a corrupted length prefix. The same seed gives the same mutations.
/// </summary>
public sealed class BodyMutator(int seed)
{
    private static readonly byte[] OddBytes =
    [
        0x00,
        0x01,
        0x7F,
        0x80,
        0xFF,
        (byte)'"',
        (byte)'{',
        (byte)'}',
        (byte)'[',
        (byte)']',
        (byte)',',
        (byte)'\\',
        (byte)'-',
        (byte)'e',
    ];

    private readonly Random _random = new(seed);

    /// <summary>A damaged copy of <paramref name="body"/>, and what was done to it, in words a failure message can
    /// show.</summary>
    public (byte[] Body, string Mutation) Mutate(byte[] body, bool grpcFrame)
    {
        var choice = _random.Next(grpcFrame ? 5 : 4);
        return choice switch
        {
            0 => FlipBits(body),
            1 => Truncate(body),
            2 => Splice(body),
            3 => OddByte(body),
            _ => CorruptLengthPrefix(body),
        };
    }

    private (byte[], string) FlipBits(byte[] body)
    {
        var mutated = (byte[])body.Clone();
        var flips = _random.Next(1, 9);
        var positions = new List<int>();
        for (var i = 0; i < flips; i++)
        {
            var position = _random.Next(mutated.Length);
            mutated[position] ^= (byte)(1 << _random.Next(8));
            positions.Add(position);
        }

        return (mutated, $"bits flipped at {string.Join(", ", positions)}");
    }

    private (byte[], string) Truncate(byte[] body)
    {
        var length = _random.Next(body.Length);
        return (body[..length], $"cut to {length} of {body.Length} bytes");
    }

    private (byte[], string) Splice(byte[] body)
    {
        var from = _random.Next(body.Length);
        var length = _random.Next(1, Math.Min(64, body.Length - from) + 1);
        var at = _random.Next(body.Length + 1);
        return (
            [.. body[..at], .. body.AsSpan(from, length), .. body[at..]],
            $"{length} bytes from {from} inserted at {at}"
        );
    }

    private (byte[], string) OddByte(byte[] body)
    {
        var mutated = (byte[])body.Clone();
        var position = _random.Next(mutated.Length);
        var value = OddBytes[_random.Next(OddBytes.Length)];
        mutated[position] = value;
        return (mutated, $"byte {position} set to 0x{value:X2}");
    }

    private (byte[], string) CorruptLengthPrefix(byte[] body)
    {
        var mutated = (byte[])body.Clone();
        var declared = BinaryPrimitives.ReadUInt32BigEndian(mutated.AsSpan(1));
        var length = _random.Next(3) switch
        {
            0 => declared + (uint)_random.Next(1, 17),
            1 => declared - (uint)_random.Next(1, (int)Math.Min(declared, 16) + 1),
            _ => (uint)_random.NextInt64(uint.MaxValue + 1L),
        };
        BinaryPrimitives.WriteUInt32BigEndian(mutated.AsSpan(1), length);
        return (mutated, $"length prefix {declared} → {length}");
    }
}
