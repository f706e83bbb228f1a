using RESTvsGRPC.Bench.Processes;

namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// The servers' side of a <c>--link</c> run: a namespace of the bench's own joined to the client's by a shaped veth
/// pair on a /30 of 10.200.0.0/16. Disposing it removes both; a watchdog does so if the bench dies, and the next link
/// run removes leftovers.
/// </summary>
public sealed partial class LinkNamespace : IDisposable
{
    private const string Prefix = "restvsgrpc-";
    private bool _removed;

    private LinkNamespace(int owner)
    {
        Name = Prefix + owner.ToString(CultureInfo.InvariantCulture);
        HostDevice = $"rvg{owner}c";
        ServerDevice = $"rvg{owner}s";
        var subnet = (owner % 16384) * 4;
        ServerAddress = $"10.200.{subnet / 256}.{(subnet % 256) + 1}";
        ClientAddress = $"10.200.{subnet / 256}.{(subnet % 256) + 2}";
    }

    /// <summary>The namespace's name, as <c>ip netns</c> lists it.</summary>
    public string Name { get; }

    /// <summary>The pair's end in the host's namespace: the client's, whose counters the trials read.</summary>
    public string HostDevice { get; }

    /// <summary>The pair's end inside the namespace: the servers'.</summary>
    public string ServerDevice { get; }

    /// <summary>The servers' address, inside the namespace.</summary>
    public string ServerAddress { get; }

    /// <summary>The client's address, on the host's end of the pair.</summary>
    public string ClientAddress { get; }

    /// <summary>
    /// Creates the namespace and pair (after removing leftovers of benches gone) and starts the watchdog; throws with
    /// ip's own words.
    /// </summary>
    public static LinkNamespace Create()
    {
        RemoveOrphans();
        var link = new LinkNamespace(Environment.ProcessId);
        try
        {
            Ip("netns", "add", link.Name);
            link.StartWatchdog();
            Ip("link", "add", link.HostDevice, "type", "veth", "peer", "name", link.ServerDevice);
            Ip("link", "set", link.ServerDevice, "netns", link.Name);
            Ip("addr", "add", link.ClientAddress + "/30", "dev", link.HostDevice);
            Ip("-n", link.Name, "addr", "add", link.ServerAddress + "/30", "dev", link.ServerDevice);
            Ip("-n", link.Name, "link", "set", "lo", "up");
            Ip("-n", link.Name, "link", "set", link.ServerDevice, "up");
            Ip("link", "set", link.HostDevice, "up");
            return link;
        }
        catch
        {
            link.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Puts <paramref name="profile"/>'s qdisc on both ends (each shapes what it sends), or none for an unshaped
    /// profile.
    /// </summary>
    public void Shape(LinkProfile profile)
    {
        foreach (var (space, device) in new[] { ((string?)null, HostDevice), (Name, ServerDevice) })
        {
            string[] target = space is null ? ["qdisc"] : ["-n", space, "qdisc"];
            Run("tc", [.. target, "del", "dev", device, "root"], mustSucceed: false);
            if (profile.QdiscArguments.Count > 0)
            {
                Run("tc", [.. target, "replace", "dev", device, "root", .. profile.QdiscArguments]);
            }
        }
    }

    /// <summary>
    /// The program and arguments that run <paramref name="program"/> inside the namespace (ip execs it: the same
    /// process id).
    /// </summary>
    public (string Program, IReadOnlyList<string> Arguments) Inside(string program, IEnumerable<string> arguments) =>
        ("ip", ["netns", "exec", Name, program, .. arguments]);

    /// <summary>Bytes the client's end has sent and received so far, from the kernel's counters.</summary>
    public static (long Sent, long Received) Counters(string hostDevice) =>
        (ReadCounter(hostDevice, "tx_bytes"), ReadCounter(hostDevice, "rx_bytes"));

    /// <summary>Kills what still runs inside, then removes the namespace and the pair; safe to call twice.</summary>
    public void Dispose()
    {
        if (_removed)
        {
            return;
        }

        _removed = true;
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
        foreach (
            var pid in Output("ip", "netns", "pids", name)
                .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
        )
        {
            Run("kill", ["-9", pid], mustSucceed: false);
        }

        Run("ip", ["netns", "del", name], mustSucceed: false);
        Run("ip", ["link", "del", hostDevice], mustSucceed: false);
    }

    /// <summary>Namespaces and host ends named for a bench process that no longer runs.</summary>
    private static void RemoveOrphans()
    {
        foreach (var left in LeftOnHost())
        {
            var owner = left.StartsWith(Prefix, StringComparison.Ordinal) ? left[Prefix.Length..] : left[3..^1];
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
            + $"for p in $(ip netns pids {Name} 2>/dev/null); do kill -9 $p; done; ip netns del {Name} 2>/dev/null; "
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

    [GeneratedRegex(@"^\d+:\s+(rvg\d+c)[@:]")]
    private static partial Regex HostEnd();
}
