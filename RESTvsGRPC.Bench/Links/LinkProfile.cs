using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// What joins client and servers in a <c>--link</c> run: loopback, an unshaped veth pair, a rate (tbf) or a round trip
/// (netem, where the kernel has it).
/// </summary>
public sealed partial record LinkProfile(string Name, long? RateBitsPerSecond, double? RoundTripMilliseconds)
{
    /// <summary>Today's link: client and servers on the host's loopback.</summary>
    public static LinkProfile Loopback { get; } = new("loopback", null, null);

    /// <summary>The qdisc a shaped profile needs: tbf for a rate, netem for a round trip.</summary>
    public const string TokenBucketQdisc = "tbf";

    /// <summary>The qdisc a round-trip profile needs.</summary>
    public const string DelayQdisc = "netem";

    /// <summary>The rates a profile may name, bits/s.</summary>
    public static IReadOnlyDictionary<string, long> Rates { get; } =
        new Dictionary<string, long>
        {
            ["1gbit"] = 1_000_000_000,
            ["100mbit"] = 100_000_000,
            ["10mbit"] = 10_000_000,
        };

    /// <summary>The longest round trip a profile may name, milliseconds.</summary>
    public const int MaxRoundTripMilliseconds = 1000;

    /// <summary>What <c>--link</c> accepts, for its help and its errors.</summary>
    public static string Accepted =>
        $"loopback, veth, {string.Join(", ", Rates.Keys)} or Nms-rtt (N from 1 to {MaxRoundTripMilliseconds})";

    /// <summary>True where the servers run in a namespace of their own (every profile but loopback).</summary>
    public bool Namespaced => Name != Loopback.Name;

    /// <summary>The qdisc this profile puts on both ends of the pair; null for an unshaped one.</summary>
    public string? Qdisc =>
        RateBitsPerSecond is not null ? TokenBucketQdisc
        : RoundTripMilliseconds is not null ? DelayQdisc
        : null;

    /// <summary>tbf's parameters for a rate profile; null for the others.</summary>
    public TokenBucket? Bucket => RateBitsPerSecond is { } rate ? TokenBucket.For(rate) : null;

    /// <summary>
    /// The arguments after <c>tc qdisc replace dev DEV root</c> on each end; empty for an unshaped profile.
    /// </summary>
    public IReadOnlyList<string> QdiscArguments =>
        Bucket is { } bucket ? bucket.TcArguments
        : RoundTripMilliseconds is { } rtt
            ? [DelayQdisc, "delay", string.Create(CultureInfo.InvariantCulture, $"{rtt * 1000 / 2:0}us")]
        : [];

    /// <summary>The link as the results file holds it.</summary>
    public LinkResult ToResults() =>
        new(Name, RateBitsPerSecond, RoundTripMilliseconds, Bucket?.BurstBytes, Bucket?.LimitBytes);

    /// <summary>
    /// <c>--link</c>'s profiles in the order given, each once; throws <see cref="ArgumentException"/> naming the part
    /// it cannot read.
    /// </summary>
    public static IReadOnlyList<LinkProfile> ParseList(string value, string usage)
    {
        var profiles = new List<LinkProfile>();
        foreach (var part in value.Split(',', StringSplitOptions.TrimEntries))
        {
            var profile = Parse(part)
                ?? throw new ArgumentException($"--link takes {Accepted}, comma-separated, not '{part}'. {usage}");
            if (profiles.Any(p => p.Name == profile.Name))
            {
                throw new ArgumentException($"--link names '{part}' twice. {usage}");
            }

            profiles.Add(profile);
        }

        return profiles;
    }

    private static LinkProfile? Parse(string name)
    {
        name = name.ToLowerInvariant();
        if (name == Loopback.Name || name == "veth")
        {
            return new(name, null, null);
        }

        if (Rates.TryGetValue(name, out var rate))
        {
            return new(name, rate, null);
        }

        return
            RoundTrip().Match(name) is { Success: true } match
            && int.TryParse(match.Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out var ms)
            && ms is >= 1 and <= MaxRoundTripMilliseconds
            ? new(name, null, ms)
            : null;
    }

    [GeneratedRegex(@"^(\d{1,4})ms-rtt$")]
    private static partial Regex RoundTrip();
}

/// <summary>
/// tbf's parameters for a rate: a bucket of a millisecond at the rate, at least 64 KiB (one GSO packet, which tbf would
/// split or drop), and a queue of the burst plus 20 ms, so a burst of large answers queues rather than drops.
/// </summary>
public sealed record TokenBucket(long RateBitsPerSecond, long BurstBytes, long LimitBytes)
{
    /// <summary>The smallest bucket: one 64-KiB GSO packet.</summary>
    public const long MinBurstBytes = 64 * 1024;

    /// <summary>The queue behind the bucket, in time at the rate.</summary>
    public const double QueueSeconds = 0.020;

    /// <summary>The bucket and queue for <paramref name="rateBitsPerSecond"/>.</summary>
    public static TokenBucket For(long rateBitsPerSecond)
    {
        var bytesPerSecond = rateBitsPerSecond / 8;
        var burst = Math.Max(MinBurstBytes, bytesPerSecond / 1000);
        return new(rateBitsPerSecond, burst, burst + (long)(bytesPerSecond * QueueSeconds));
    }

    /// <summary>tbf's arguments as tc takes them.</summary>
    public IReadOnlyList<string> TcArguments =>
        [
            LinkProfile.TokenBucketQdisc,
            "rate",
            $"{RateBitsPerSecond.ToString(CultureInfo.InvariantCulture)}bit",
            "burst",
            BurstBytes.ToString(CultureInfo.InvariantCulture),
            "limit",
            LimitBytes.ToString(CultureInfo.InvariantCulture),
        ];
}
