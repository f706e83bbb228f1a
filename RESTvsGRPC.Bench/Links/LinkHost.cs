namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// Whether this host can make the links a run asks for (Linux, root, <c>ip</c>, <c>tc</c>, <c>ss</c>, the qdiscs, and
/// for a round trip <c>iptables-legacy</c> and the kernel's packet queue), decided before any server starts.
/// </summary>
public static class LinkHost
{
    /// <summary>
    /// Why this host cannot make <paramref name="links"/>, in one line; null where it can (or where none needs a
    /// namespace).
    /// </summary>
    public static string? Refusal(IReadOnlyList<LinkProfile> links) =>
        Refusal(
            links,
            OperatingSystem.IsLinux(),
            OperatingSystem.IsLinux() && Environment.IsPrivilegedProcess,
            HasTools,
            QdiscKnown,
            DelayLineMissing
        );

    /// <summary>
    /// The decision over given facts: the operating system, root, the tools, which qdisc kinds the kernel knows, and
    /// what a delay line lacks here (null: nothing).
    /// </summary>
    public static string? Refusal(
        IReadOnlyList<LinkProfile> links,
        bool linux,
        bool root,
        Func<bool> hasTools,
        Func<string, bool> qdiscKnown,
        Func<string?> delayLineMissing
    )
    {
        if (!links.Any(link => link.Namespaced))
        {
            return null;
        }

        if (!linux)
        {
            return "--link needs Linux (network namespaces, veth pairs and tc); on this OS only --link loopback runs.";
        }

        if (!root)
        {
            return "--link needs root: it creates network namespaces, veth pairs, qdiscs and a delay line (run it "
                + "with sudo, or --link loopback).";
        }

        if (!hasTools())
        {
            return "--link needs ip, tc and ss on the path (Debian: apt-get install iproute2).";
        }

        if (links.FirstOrDefault(link => link.Delayed) is { } delayed && delayLineMissing() is { } lacking)
        {
            return $"--link {delayed.Name} needs {lacking}; the profiles without a round trip run without it.";
        }

        var missing = links
            .Select(link => link.Qdisc)
            .OfType<string>()
            .Distinct()
            .FirstOrDefault(kind => !qdiscKnown(kind));
        return missing is null
            ? null
            : $"--link {string.Join(",", links.Where(l => l.Qdisc == missing).Select(l => l.Name))} needs the "
                + $"{missing} qdisc, which this kernel does not have (sch_{missing}); "
                + $"the other profiles run without it.";
    }

    private static bool HasTools() => Succeeds("ip", "-V") && Succeeds("tc", "-V") && Succeeds("ss", "-V");

    /// <summary>
    /// What the delay line lacks: <c>iptables-legacy</c> (Debian's <c>iptables</c> package; plain <c>iptables</c> there
    /// is the nft variant) or the kernel's nfnetlink_queue; null where it has both.
    /// </summary>
    private static string? DelayLineMissing() =>
        !Succeeds("iptables-legacy", "-V") ? "iptables-legacy on the path (Debian: apt-get install iptables)"
        : !File.Exists("/proc/net/netfilter/nfnetlink_queue")
            ? "the kernel's packet queue (nfnetlink_queue: modprobe nfnetlink_queue, or a kernel built with it)"
        : null;

    /// <summary>
    /// Tries the qdisc on the loopback of a throwaway namespace: the kernel's answer, without touching the host's
    /// devices.
    /// </summary>
    private static bool QdiscKnown(string kind)
    {
        var probe = $"restvsgrpc-probe-{Environment.ProcessId}";
        try
        {
            string[] arguments = [.. TokenBucket.For(LinkProfile.Rates["10mbit"]).TcArguments.Skip(1)];
            return Succeeds("ip", "netns", "add", probe)
                && Succeeds("tc", ["-n", probe, "qdisc", "add", "dev", "lo", "root", kind, .. arguments]);
        }
        finally
        {
            Succeeds("ip", "netns", "del", probe);
        }
    }

    private static bool Succeeds(string program, params string[] arguments) =>
        HostCommand.Run(program, arguments).Exit == 0;
}
