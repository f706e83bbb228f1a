using RESTvsGRPC.Bench.Processes;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// The servers' side of a <c>--link</c> run: a namespace of the bench's own for the servers and a router namespace
/// between it and the client's, joined by two veth pairs on an /29 of 10.200.0.0/16. The router shapes what it
/// forwards (tbf on its two ends for a rate, the delay line for a round trip and loss), so nothing but one veth end and
/// one route sits in the host's namespace. Disposing it removes everything; a watchdog does so if the bench dies, and
/// the next link run removes leftovers.
/// </summary>
public sealed partial class LinkNamespace : IDisposable
{
    private const string Prefix = "restvsgrpc-";
    private const string RouterSuffix = "-router";
    private bool _removed;
    private DelayLineProcess? _delayLine;

    private LinkNamespace(int owner)
    {
        Name = Prefix + owner.ToString(CultureInfo.InvariantCulture);
        Router = Name + RouterSuffix;
        HostDevice = $"rvg{owner}c";
        ServerDevice = $"rvg{owner}s";
        (RouterClientDevice, RouterServerDevice) = ($"rvg{owner}a", $"rvg{owner}b");
        var subnet = (owner % 8192) * 8;
        string Address(int host) => $"10.200.{subnet / 256}.{(subnet % 256) + host}";
        (RouterClientAddress, ClientAddress) = (Address(1), Address(2));
        (RouterServerAddress, ServerAddress) = (Address(5), Address(6));
    }

    /// <summary>The servers' namespace's name, as <c>ip netns</c> lists it.</summary>
    public string Name { get; }

    /// <summary>The router namespace's name, where the shaping and the delay line live.</summary>
    public string Router { get; }

    /// <summary>The client's veth end, in the host's namespace, whose counters the trials read.</summary>
    public string HostDevice { get; }

    /// <summary>The servers' veth end, inside their namespace.</summary>
    public string ServerDevice { get; }

    /// <summary>The router's end facing the client (it shapes what goes to the client).</summary>
    public string RouterClientDevice { get; }

    /// <summary>The router's end facing the servers (it shapes what goes to them).</summary>
    public string RouterServerDevice { get; }

    /// <summary>The servers' address, inside their namespace.</summary>
    public string ServerAddress { get; }

    /// <summary>The client's address, on the host's end.</summary>
    public string ClientAddress { get; }

    private string RouterClientAddress { get; }

    private string RouterServerAddress { get; }

    /// <summary>The running delay line, on a round-trip profile; null otherwise.</summary>
    public DelayLineProcess? DelayLine => _delayLine;

    /// <summary>
    /// Creates the namespaces, pairs and routes (after removing leftovers of benches gone) and starts the watchdog;
    /// throws with ip's own words.
    /// </summary>
    public static LinkNamespace Create()
    {
        RemoveOrphans();
        var link = new LinkNamespace(Environment.ProcessId);
        try
        {
            Ip("netns", "add", link.Name);
            link.StartWatchdog();
            Ip("netns", "add", link.Router);
            link.Join(null, link.HostDevice, link.ClientAddress, link.RouterClientDevice, link.RouterClientAddress);
            link.Join(
                link.Name,
                link.ServerDevice,
                link.ServerAddress,
                link.RouterServerDevice,
                link.RouterServerAddress
            );
            Ip("-n", link.Router, "link", "set", "lo", "up");
            Ip("-n", link.Name, "link", "set", "lo", "up");
            Run("ip", ["netns", "exec", link.Router, "sysctl", "-qw", "net.ipv4.ip_forward=1"]);
            Ip("route", "add", link.ServerAddress + "/32", "via", link.RouterClientAddress, "dev", link.HostDevice);
            Ip("-n", link.Name, "route", "add", "default", "via", link.RouterServerAddress);
            return link;
        }
        catch
        {
            link.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Shapes what the router forwards as <paramref name="profile"/> says: tbf on both its ends for a rate, the delay
    /// line (started before the rule that feeds it) for a round trip; the previous profile's shaping goes first.
    /// </summary>
    public void Shape(LinkProfile profile)
    {
        Run("ip", ["netns", "exec", Router, "iptables-legacy", "-F", "FORWARD"]);
        _delayLine?.Dispose();
        _delayLine = null;
        foreach (var device in new[] { RouterClientDevice, RouterServerDevice })
        {
            Run("tc", ["-n", Router, "qdisc", "del", "dev", device, "root"], mustSucceed: false);
            if (profile.QdiscArguments.Count > 0)
            {
                Run("tc", ["-n", Router, "qdisc", "replace", "dev", device, "root", .. profile.QdiscArguments]);
            }
        }

        if (profile.Delayed)
        {
            _delayLine = DelayLineProcess.Start(Router, profile, ClientAddress);
            Run(
                "ip",
                [
                    "netns",
                    "exec",
                    Router,
                    "iptables-legacy",
                    "-A",
                    "FORWARD",
                    "-j",
                    "NFQUEUE",
                    "--queue-num",
                    Links.DelayLine.QueueNumber.ToString(CultureInfo.InvariantCulture),
                ]
            );
        }
    }

    /// <summary>
    /// TCP's settings that decide how many round trips a call takes, as <c>sysctl</c> reads them in the client's
    /// (host's) and the servers' namespace.
    /// </summary>
    public (IReadOnlyDictionary<string, string> Client, IReadOnlyDictionary<string, string> Server) TcpSettings() =>
        (TcpSettingsIn(null), TcpSettingsIn(Name));

    private static IReadOnlyDictionary<string, string> TcpSettingsIn(string? space)
    {
        string[] keys =
        [
            "net.ipv4.tcp_slow_start_after_idle",
            "net.ipv4.tcp_congestion_control",
            "net.ipv4.tcp_rmem",
            "net.ipv4.tcp_wmem",
            "net.ipv4.tcp_notsent_lowat",
        ];
        string[] command = space is null ? ["sysctl"] : ["ip", "netns", "exec", space, "sysctl"];
        return keys.ToDictionary(
            key => key["net.ipv4.".Length..],
            key => Run(command[0], [.. command[1..], "-n", key], mustSucceed: false).Output.Trim().Replace('\t', ' ')
        );
    }

    /// <summary>
    /// The minimum round trip (ms) the kernel measured on each of this host's established connections to
    /// <paramref name="serverAddress"/> (<c>tcpi_min_rtt</c>, as <c>ss</c> reports it).
    /// </summary>
    public static IReadOnlyList<double> MinRoundTripsTo(string serverAddress) =>
        [
            .. MinRoundTrip()
                .Matches(Output("ss", "-tinH", "state", "established", "dst", serverAddress))
                .Select(m => double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture)),
        ];

    /// <summary>
    /// Makes a veth pair from <paramref name="space"/> (null: the host's) to the router, both ends up.
    /// </summary>
    private void Join(string? space, string device, string address, string routerDevice, string routerAddress)
    {
        Ip("link", "add", device, "type", "veth", "peer", "name", routerDevice, "netns", Router);
        if (space is not null)
        {
            Ip("link", "set", device, "netns", space);
        }

        string[] inSpace = space is null ? [] : ["-n", space];
        Ip([.. inSpace, "addr", "add", address + "/30", "dev", device]);
        Ip("-n", Router, "addr", "add", routerAddress + "/30", "dev", routerDevice);
        Ip([.. inSpace, "link", "set", device, "up"]);
        Ip("-n", Router, "link", "set", routerDevice, "up");
    }

    /// <summary>
    /// The program and arguments that run <paramref name="program"/> inside the namespace (ip execs it: the same
    /// process id).
    /// </summary>
    public (string Program, IReadOnlyList<string> Arguments) Inside(string program, IEnumerable<string> arguments) =>
        ("ip", ["netns", "exec", Name, program, .. arguments]);

    /// <summary>
    /// Bytes that have crossed the link so far, from the kernel's counters, each counted where it arrives, past the
    /// router's shaping: sent, as the servers' end received them (read in their namespace through a server's
    /// <c>/proc/PID/net/dev</c>; the client's own end where no server is known); received, as the client's end did.
    /// </summary>
    public static (long Sent, long Received) Counters(string hostDevice, int? serverProcessId) =>
        (
            serverProcessId is { } server
                ? ReceivedIn(server, $"{hostDevice[..^1]}s")
                : ReadCounter(hostDevice, "tx_bytes"),
            ReadCounter(hostDevice, "rx_bytes")
        );

    /// <summary>
    /// The bytes <paramref name="device"/> has received, as <paramref name="processId"/>'s namespace sees it.
    /// </summary>
    private static long ReceivedIn(int processId, string device)
    {
        foreach (var line in File.ReadLines($"/proc/{processId}/net/dev"))
        {
            var colon = line.IndexOf(':', StringComparison.Ordinal);
            if (colon > 0 && line.AsSpan(0, colon).Trim().SequenceEqual(device))
            {
                var fields = line[(colon + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
                return long.Parse(fields[0], CultureInfo.InvariantCulture);
            }
        }

        throw new InvalidOperationException($"{device} is not in process {processId}'s network namespace.");
    }

    /// <summary>
    /// Ends the delay line, kills what still runs inside, then removes both namespaces and the pairs; safe to call
    /// twice.
    /// </summary>
    public void Dispose()
    {
        if (_removed)
        {
            return;
        }

        _removed = true;
        _delayLine?.Dispose();
        Remove(Name, HostDevice);
    }

    /// <summary>
    /// The namespaces and host-side veth ends on this host named as this class names them, whoever made them.
    /// </summary>
    public static IReadOnlyList<string> LeftOnHost() =>
        [
            .. Output("ip", "netns", "list")
                .Split('\n')
                .Select(line => line.Split(' ')[0])
                .Where(name => name.StartsWith(Prefix, StringComparison.Ordinal)),
            .. Output("ip", "-o", "link", "show")
                .Split('\n')
                .Select(line => HostEnd().Match(line))
                .Where(m => m.Success)
                .Select(m => m.Groups[1].Value),
        ];

    private static void Remove(string name, string hostDevice)
    {
        foreach (var space in new[] { name + RouterSuffix, name })
        {
            foreach (
                var pid in Output("ip", "netns", "pids", space)
                    .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            )
            {
                Run("kill", ["-9", pid], mustSucceed: false);
            }

            Run("ip", ["netns", "del", space], mustSucceed: false);
        }

        Run("ip", ["link", "del", hostDevice], mustSucceed: false);
    }

    /// <summary>Namespaces and host ends named for a bench process that no longer runs.</summary>
    private static void RemoveOrphans()
    {
        foreach (var left in LeftOnHost())
        {
            var owner = left.StartsWith(Prefix, StringComparison.Ordinal)
                ? left[Prefix.Length..].Replace(RouterSuffix, "", StringComparison.Ordinal)
                : left[3..^1];
            if (
                int.TryParse(owner, NumberStyles.None, CultureInfo.InvariantCulture, out var pid)
                && pid != Environment.ProcessId
                && !Directory.Exists($"/proc/{pid}")
            )
            {
                Remove(Prefix + owner, $"rvg{owner}c");
            }
        }
    }

    /// <summary>
    /// A shell outside the bench's process tree (setsid --fork) that removes what the bench left, trial folders
    /// included, once it ends.
    /// </summary>
    private void StartWatchdog()
    {
        var temporary = Path.GetTempPath().Replace("'", "'\\''", StringComparison.Ordinal);
        var trialFolders = $"'{temporary}'{BenchFiles.TrialFolderPrefix}{Environment.ProcessId}-*";
        var script =
            "exec </dev/null >/dev/null 2>&1; "
            + $"while kill -0 {Environment.ProcessId} 2>/dev/null; do sleep 1; done; "
            + $"for n in {Router} {Name}; do for p in $(ip netns pids $n 2>/dev/null); do kill -9 $p; done; "
            + "ip netns del $n 2>/dev/null; done; "
            + $"ip link del {HostDevice} 2>/dev/null; rm -rf {trialFolders}; exit 0";
        Run("setsid", ["--fork", "sh", "-c", script]);
    }

    private static long ReadCounter(string device, string counter) =>
        long.Parse(
            File.ReadAllText($"/sys/class/net/{device}/statistics/{counter}").Trim(),
            CultureInfo.InvariantCulture
        );

    private static void Ip(params string[] arguments) => Run("ip", arguments);

    private static string Output(string program, params string[] arguments) =>
        Run(program, arguments, mustSucceed: false).Output;

    private static (int Exit, string Output) Run(
        string program,
        IReadOnlyList<string> arguments,
        bool mustSucceed = true
    )
    {
        var (exit, output, error) = HostCommand.Run(program, arguments);
        return mustSucceed && exit != 0
            ? throw new InvalidOperationException($"'{program} {string.Join(' ', arguments)}' failed: {error.Trim()}")
            : (exit, output);
    }

    [GeneratedRegex(@"\bminrtt:(\d+(?:\.\d+)?)")]
    private static partial Regex MinRoundTrip();

    [GeneratedRegex(@"^\d+:\s+(rvg\d+c)[@:]")]
    private static partial Regex HostEnd();
}
