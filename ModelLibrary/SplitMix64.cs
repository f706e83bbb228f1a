namespace ModelLibrary;

/// <summary>SplitMix64: tiny, well-studied, and the same on every platform (System.Random's seeded sequence is not
/// promised to be), so every generator here makes the same records everywhere.</summary>
internal sealed class SplitMix64(ulong seed)
{
    private ulong _state = seed;

    /// <summary>A uniform integer in [min, max).</summary>
    public int Next(int min, int max) => min + (int)(NextUInt64() % (ulong)(max - min));

    /// <summary>64 uniform bits.</summary>
    public ulong NextUInt64()
    {
        _state += 0x9E3779B97F4A7C15;
        var z = _state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
        return z ^ (z >> 31);
    }

    /// <summary>A uniform double in [0, 1) with all 53 bits of precision: exact arithmetic, no libm.</summary>
    public double NextDouble() => (NextUInt64() >> 11) * (1.0 / (1UL << 53));

    /// <summary>Fills <paramref name="bytes"/> with uniform, incompressible bytes.</summary>
    public void Fill(Span<byte> bytes)
    {
        for (var i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)(NextUInt64() >> 56);
        }
    }

    /// <summary>One of <paramref name="items"/>, uniformly.</summary>
    public T Pick<T>(IReadOnlyList<T> items) => items[Next(0, items.Count)];
}
