namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// Whether this host can make the links a run asks for (Linux, root, <c>ip</c>, <c>tc</c>, the qdiscs), decided before
/// any server starts.
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
            QdiscKnown
        );

    /// <summary>
    /// The decision over given facts: the operating system, root, the tools, and which qdisc kinds the kernel knows.
    /// </summary>
    public static string? Refusal(
        IReadOnlyList<LinkProfile> links,
        bool linux,
        bool root,
        Func<bool> hasTools,
        Func<string, bool> qdiscKnown
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
            return "--link needs root: it creates a network namespace, a veth pair and qdiscs (run it with sudo, "
                + "or --link loopback).";
        }

        if (!hasTools())
        {
            return "--link needs ip and tc on the path (Debian: apt-get install iproute2).";
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

    private static bool HasTools() => Succeeds("ip", "-V") && Succeeds("tc", "-V");

    /// <summary>
    /// Tries the qdisc on the loopback of a throwaway namespace: the kernel's answer, without touching the host's
    /// devices.
    /// </summary>
    private static bool QdiscKnown(string kind)
    {
        var probe = $"restvsgrpc-probe-{Environment.ProcessId}";
        try
        {
            string[] arguments =
                kind == LinkProfile.DelayQdisc
                    ? ["delay", "1ms"]
                    : [.. TokenBucket.For(LinkProfile.Rates["10mbit"]).TcArguments.Skip(1)];
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
