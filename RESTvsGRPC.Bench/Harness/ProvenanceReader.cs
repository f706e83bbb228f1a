using System.Reflection;
using System.Runtime;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Reports;
using ModelLibrary;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>Reads a run's provenance from the machine, the repository and BenchmarkDotNet's host environment.</summary>
public static class ProvenanceReader
{
    /// <summary>The provenance of the run that produced <paramref name="summaries"/>.</summary>
    public static Provenance Read(
        IReadOnlyList<Summary> summaries,
        MeteoriteDataset dataset,
        (IReadOnlyList<string> Urls, bool Started) servers,
        string[] args,
        CpuPlacement placement
    )
    {
        var inProcess = summaries
            .SelectMany(s => s.BenchmarksCases)
            .Any(c => c.Job.Infrastructure.Toolchain?.IsInProcess == true);
        return Read(
            summaries.FirstOrDefault()?.HostEnvironmentInfo,
            dataset,
            servers,
            args,
            string.Join(
                ", ",
                summaries.SelectMany(s => s.BenchmarksCases).Select(c => JobName(c.Job.DisplayInfo)).Distinct()
            ),
            inProcess ? ProcessSetup.BenchmarkInProcess : ProcessSetup.BenchmarkProcesses,
            placement
        );
    }

    /// <summary>The provenance of a run without BenchmarkDotNet; <paramref name="job"/> says what it did.</summary>
    public static Provenance ReadHere(
        MeteoriteDataset dataset,
        (IReadOnlyList<string> Urls, bool Started) servers,
        string[] args,
        string job,
        string measurer,
        CpuPlacement placement
    ) => Read(HostEnvironmentInfo.GetCurrent(), dataset, servers, args, job, measurer, placement);

    /// <summary>
    /// How this process and those the bench starts are set up: its GC as the runtime configured it at start-up (DATAS
    /// cannot change after), and the JIT's delay given to the others.
    /// </summary>
    public static ProcessSetup SetupOf(string measurer) =>
        new(
            measurer,
            GCSettings.IsServerGC,
            GCSettings.LatencyMode != GCLatencyMode.Batch,
            !GCSettings.IsServerGC
                ? null
                : !(
                    GC.GetConfigurationVariables().TryGetValue("GCDynamicAdaptationMode", out var mode)
                    && Convert.ToInt64(mode, System.Globalization.CultureInfo.InvariantCulture) == 0
                ),
            int.TryParse(Environment.GetEnvironmentVariable(Jit.JitTiering.CallCountingDelayVariable), out var delay)
                ? delay
                : null
        );

    private static Provenance Read(
        HostEnvironmentInfo? host,
        MeteoriteDataset dataset,
        (IReadOnlyList<string> Urls, bool Started) servers,
        string[] args,
        string job,
        string measurer,
        CpuPlacement placement
    )
    {
        var (commit, dirty) = GitState();
        return new Provenance(
            commit,
            dirty,
            RuntimeInformation.OSDescription,
            host?.Cpu.Value?.ProcessorName ?? "unknown",
            Environment.ProcessorCount,
            RuntimeInformation.FrameworkDescription,
            host?.DotNetSdkVersion.Value is { Length: > 0 } sdk && sdk != "?" ? sdk : "none (runtime only)",
            SetupOf(measurer),
            host?.BenchmarkDotNetVersion ?? "unknown",
            new SortedDictionary<string, string>
            {
                ["Google.Protobuf"] = VersionOf(typeof(Google.Protobuf.IMessage).Assembly),
                ["Grpc.Net.Client"] = VersionOf(typeof(Grpc.Net.Client.GrpcChannel).Assembly),
                ["BenchmarkDotNet"] = VersionOf(typeof(Summary).Assembly),
                ["System.Text.Json"] = VersionOf(typeof(System.Text.Json.JsonSerializer).Assembly),
            },
            dataset.SourcePath,
            dataset.Sha256,
            servers.Urls,
            DateTimeOffset.UtcNow,
            string.Join(' ', args),
            job,
            placement,
            servers.Started
        );
    }

    /// <summary>
    /// A job as its settings: not BenchmarkDotNet's random name, its environment (this run's ports and paths) or its
    /// build arguments, any of which would make every run's job differ.
    /// </summary>
    private static string JobName(string displayInfo)
    {
        var named = Regex.Replace(displayInfo, @"^Job-[A-Z0-9]+", "Job");
        var settled = Regex.Replace(named, @"(EnvironmentVariables|Arguments)=.*?(, (?=[A-Z][A-Za-z]*=)|(?=\)$))", "");
        return settled.EndsWith("()", StringComparison.Ordinal) ? settled[..^2] : settled;
    }

    private static string VersionOf(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0]
        ?? assembly.GetName().Version?.ToString()
        ?? "unknown";

    /// <summary>
    /// The commit of the repository the bench was built from, and whether its work tree differs from it.
    /// </summary>
    private static (string Commit, bool Dirty) GitState()
    {
        var commit = Git("rev-parse HEAD");
        if (commit is not null)
        {
            return (commit, !string.IsNullOrEmpty(Git("status --porcelain --untracked-files=no")));
        }

        // A published bench has no repository around it: the SDK stamped the commit it was built from into the
        // assembly.
        var built = typeof(ProvenanceReader)
            .Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()
            ?.InformationalVersion.Split('+');
        return (
            built is [_, { Length: > 0 } stamped] ? $"{stamped} (stamped at build; no git here)" : "unknown (no git)",
            false
        );
    }

    private static string? Git(string arguments)
    {
        try
        {
            var start = new ProcessStartInfo("git", arguments)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = AppContext.BaseDirectory,
            };
            using var git = Process.Start(start)!;
            var output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
