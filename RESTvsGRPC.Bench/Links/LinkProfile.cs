using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// What joins client and servers in a <c>--link</c> run: loopback, an unshaped path through the bench's router
/// namespace, a rate (tbf on the router's two ends), a round trip (the delay line, half each way) with an optional
/// loss, or a rate and a round trip together.
/// </summary>
public sealed partial record LinkProfile(string Name, long? RateBitsPerSecond, double? RoundTripMilliseconds)
{
    /// <summary>Today's link: client and servers on the host's loopback.</summary>
    public static LinkProfile Loopback { get; } = new("loopback", null, null);

    /// <summary>The qdisc a rate needs.</summary>
    public const string TokenBucketQdisc = "tbf";

    /// <summary>The seed of every lossy profile's drops: the same packets' fates run to run.</summary>
    public const int LossSeed = 20_261_206;

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

    /// <summary>The most loss a profile may name, percent of packets each way.</summary>
    public const double MaxLossPercent = 10;

    /// <summary>What <c>--link</c> accepts, for its help and its errors.</summary>
    public static string Accepted =>
        $"loopback, veth, or {string.Join("/", Rates.Keys)}, Nms-rtt (N from 1 to {MaxRoundTripMilliseconds}) "
        + $"and P%-loss (P up to {MaxLossPercent}, with a round trip) joined by '+'";

    /// <summary>The share of packets dropped each way, 0 to 1; null: none.</summary>
    public double? Loss { get; init; }

    /// <summary>True where the servers run in a namespace of their own (every profile but loopback).</summary>
    public bool Namespaced => Name != Loopback.Name;

    /// <summary>True where packets pass the delay line (a round trip, with or without loss).</summary>
    public bool Delayed => RoundTripMilliseconds is not null;

    /// <summary>The qdisc this profile puts on the router's two ends; null for one without a rate.</summary>
    public string? Qdisc => RateBitsPerSecond is not null ? TokenBucketQdisc : null;

    /// <summary>tbf's parameters for a profile with a rate; null for the others.</summary>
    public TokenBucket? Bucket => RateBitsPerSecond is { } rate ? TokenBucket.For(rate, RoundTripMilliseconds) : null;

    /// <summary>The arguments after <c>tc qdisc replace dev DEV root</c> on each end; empty without a rate.</summary>
    public IReadOnlyList<string> QdiscArguments => Bucket is { } bucket ? bucket.TcArguments : [];

    /// <summary>The link as the results file holds it.</summary>
    public LinkResult ToResults() =>
        new(Name, RateBitsPerSecond, RoundTripMilliseconds, Bucket?.BurstBytes, Bucket?.LimitBytes)
        {
            Loss = Loss,
            LossSeed = Loss is null ? null : LossSeed,
        };

    /// <summary>
    /// <c>--link</c>'s profiles in the order given, each once; throws <see cref="ArgumentException"/> naming the part
    /// it cannot read.
    /// </summary>
    public static IReadOnlyList<LinkProfile> ParseList(string value)
    {
        var profiles = new List<LinkProfile>();
        foreach (var part in value.Split(',', StringSplitOptions.TrimEntries))
        {
            var profile = Parse(part)
                ?? throw new ArgumentException($"--link takes {Accepted}, comma-separated, not '{part}'.");
            if (profiles.Any(p => p.Name == profile.Name))
            {
                throw new ArgumentException($"--link names '{part}' twice.");
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

        var (rate, roundTrip, loss) = ((long?)null, (double?)null, (double?)null);
        foreach (var part in name.Split('+'))
        {
            if (Rates.TryGetValue(part, out var named) && rate is null)
            {
                rate = named;
            }
            else if (RoundTrip().Match(part) is { Success: true } match && roundTrip is null)
            {
                roundTrip = int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
            }
            else if (LossPercent().Match(part) is { Success: true } lossMatch && loss is null)
            {
                loss = double.Parse(lossMatch.Groups[1].Value, CultureInfo.InvariantCulture) / 100;
            }
            else
            {
                return null;
            }
        }

        var valid =
            roundTrip is null or (>= 1 and <= MaxRoundTripMilliseconds)
            && loss is null or (> 0 and <= MaxLossPercent / 100)
            && (loss is null || roundTrip is not null);
        return valid ? new(name, rate, roundTrip) { Loss = loss } : null;
    }

    [GeneratedRegex(@"^(\d{1,4})ms-rtt$")]
    private static partial Regex RoundTrip();

    [GeneratedRegex(@"^(\d{1,2}(?:\.\d{1,3})?)%-loss$")]
    private static partial Regex LossPercent();
}

/// <summary>
/// tbf's parameters for a rate: a bucket of a millisecond at the rate, at least 64 KiB (one GSO packet, which tbf would
/// split or drop), and a queue of the burst plus 20 ms (or the round trip, where longer: a window's worth), so a burst
/// of large answers queues rather than drops.
/// </summary>
public sealed record TokenBucket(long RateBitsPerSecond, long BurstBytes, long LimitBytes)
{
    /// <summary>The smallest bucket: one 64-KiB GSO packet.</summary>
    public const long MinBurstBytes = 64 * 1024;

    /// <summary>The queue behind the bucket, in time at the rate.</summary>
    public const double QueueSeconds = 0.020;

    /// <summary>The bucket and queue for <paramref name="rateBitsPerSecond"/>.</summary>
    public static TokenBucket For(long rateBitsPerSecond, double? roundTripMilliseconds = null)
    {
        var bytesPerSecond = rateBitsPerSecond / 8;
        var burst = Math.Max(MinBurstBytes, bytesPerSecond / 1000);
        var queueSeconds = Math.Max(QueueSeconds, (roundTripMilliseconds ?? 0) / 1000);
        return new(rateBitsPerSecond, burst, burst + (long)(bytesPerSecond * queueSeconds));
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
