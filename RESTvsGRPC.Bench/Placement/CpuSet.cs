namespace RESTvsGRPC.Bench.Placement;

/// <summary>
/// A set of CPUs as <c>taskset -c</c> writes it ("0-3,6"), and placing a whole process on it (every thread, and those
/// it starts later).
/// </summary>
public sealed partial class CpuSet
{
    private readonly int[] _cpus;

    private CpuSet(int[] cpus) => _cpus = cpus;

    /// <summary>The CPUs, ascending.</summary>
    public IReadOnlyList<int> Cpus => _cpus;

    /// <summary>True on the operating systems where a process can be placed (Linux).</summary>
    public static bool Supported => OperatingSystem.IsLinux();

    /// <summary>
    /// Every CPU of the machine: where a process goes that must not inherit a narrower set from its parent.
    /// </summary>
    public static CpuSet All() => new([.. Enumerable.Range(0, Environment.ProcessorCount)]);

    /// <summary>
    /// The default placement where the bench starts the servers: client on the first half of the CPUs, servers on the
    /// rest; null where none can be placed.
    /// </summary>
    public static (CpuSet Client, CpuSet Servers)? Split()
    {
        var count = Environment.ProcessorCount;
        return Supported && count >= 2
            ? (
                new CpuSet([.. Enumerable.Range(0, count / 2)]),
                new CpuSet([.. Enumerable.Range(count / 2, count - (count / 2))])
            )
            : null;
    }

    /// <summary>
    /// Parses <paramref name="list"/> ("0-3,6"); throws <see cref="ArgumentException"/> naming
    /// <paramref name="option"/> on a bad list.
    /// </summary>
    public static CpuSet Parse(string option, string list)
    {
        if (!Supported)
        {
            throw new ArgumentException(
                $"{option} is not supported on this OS ({RuntimeInformation.OSDescription}): CPU placement needs Linux."
            );
        }

        var cpus = new SortedSet<int>();
        foreach (var part in list.Split(','))
        {
            var bounds = part.Split('-');
            if (
                bounds.Length is < 1 or > 2
                || !bounds.All(b => int.TryParse(b, NumberStyles.None, CultureInfo.InvariantCulture, out _))
            )
            {
                throw new ArgumentException(
                    $"{option} takes CPU numbers and ranges as taskset -c does (\"0-3,6\"), not '{list}'."
                );
            }

            var first = int.Parse(bounds[0], CultureInfo.InvariantCulture);
            var last = int.Parse(bounds[^1], CultureInfo.InvariantCulture);
            if (last < first)
            {
                throw new ArgumentException($"{option}: the range '{part}' runs backwards.");
            }

            for (var cpu = first; cpu <= last; cpu++)
            {
                cpus.Add(cpu);
            }
        }

        if (cpus.Max >= Environment.ProcessorCount)
        {
            throw new ArgumentException(
                $"{option} names CPU {cpus.Max}, but this machine has CPUs 0-{Environment.ProcessorCount - 1}."
            );
        }

        return new CpuSet([.. cpus]);
    }

    /// <summary>Places every thread of process <paramref name="processId"/> on these CPUs.</summary>
    public void Apply(int processId)
    {
        var mask = Mask();
        // Twice: a thread started while the first pass ran may have inherited the old set from a thread not yet placed.
        for (var pass = 0; pass < 2; pass++)
        {
            foreach (var task in Directory.EnumerateDirectories($"/proc/{processId}/task"))
            {
                var threadId = int.Parse(Path.GetFileName(task), CultureInfo.InvariantCulture);
                if (
                    SchedSetAffinity(threadId, mask.Length * sizeof(ulong), mask) != 0
                    && Marshal.GetLastPInvokeError() != Esrch
                )
                {
                    throw new InvalidOperationException(
                        $"sched_setaffinity({threadId}, {this}) failed with errno {Marshal.GetLastPInvokeError()}."
                    );
                }
            }
        }
    }

    /// <summary>The CPUs thread (or process) <paramref name="threadId"/> may run on now.</summary>
    public static IReadOnlyList<int> Of(int threadId)
    {
        var mask = new ulong[(Environment.ProcessorCount + 63) / 64];
        if (SchedGetAffinity(threadId, mask.Length * sizeof(ulong), mask) != 0)
        {
            throw new InvalidOperationException(
                $"sched_getaffinity({threadId}) failed with errno {Marshal.GetLastPInvokeError()}."
            );
        }

        return [.. Enumerable.Range(0, mask.Length * 64).Where(cpu => (mask[cpu / 64] & (1UL << (cpu % 64))) != 0)];
    }

    /// <summary>The set as <c>taskset -c</c> writes it: "0-3,6".</summary>
    public override string ToString() => Format(_cpus);

    /// <summary>Writes CPU numbers as ranges: [0, 1, 2, 3, 6] → "0-3,6".</summary>
    public static string Format(IReadOnlyList<int> cpus)
    {
        var parts = new List<string>();
        for (var i = 0; i < cpus.Count; i++)
        {
            var start = cpus[i];
            while (i + 1 < cpus.Count && cpus[i + 1] == cpus[i] + 1)
            {
                i++;
            }

            parts.Add(start == cpus[i] ? start.ToString(CultureInfo.InvariantCulture) : $"{start}-{cpus[i]}");
        }

        return string.Join(',', parts);
    }

    private ulong[] Mask()
    {
        var mask = new ulong[(Environment.ProcessorCount + 63) / 64];
        foreach (var cpu in _cpus)
        {
            mask[cpu / 64] |= 1UL << (cpu % 64);
        }

        return mask;
    }

    // The thread ended between listing and placing it: nothing to place.
    private const int Esrch = 3;

    [LibraryImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SchedSetAffinity(int threadId, nint size, ulong[] mask);

    [LibraryImport("libc", EntryPoint = "sched_getaffinity", SetLastError = true)]
    private static partial int SchedGetAffinity(int threadId, nint size, [Out] ulong[] mask);
}
