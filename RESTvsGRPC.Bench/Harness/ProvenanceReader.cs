using System.Diagnostics;
using System.Reflection;
using System.Runtime;
using System.Runtime.InteropServices;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Environments;
using BenchmarkDotNet.Reports;
using ModelLibrary;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>Reads a run's provenance from the machine, the repository and BenchmarkDotNet's host environment.</summary>
public static class ProvenanceReader
{
    /// <summary>The provenance of the run that produced <paramref name="summaries"/>.</summary>
    public static Provenance Read(IReadOnlyList<Summary> summaries, MeteoriteDataset dataset, (IReadOnlyList<string> Urls, bool Started) servers, string[] args, CpuPlacement placement)
    {
        var inProcess = summaries.SelectMany(s => s.BenchmarksCases).Any(c => c.Job.Infrastructure.Toolchain?.IsInProcess == true);
        return Read(
            summaries.FirstOrDefault()?.HostEnvironmentInfo,
            dataset,
            servers,
            args,
            string.Join(", ", summaries.SelectMany(s => s.BenchmarksCases).Select(c => JobName(c.Job.DisplayInfo)).Distinct()),
            inProcess
                ? $"benchmarks in the bench's process ({DatasState()}), servers at the runtime's default"
                : $"{BenchSettings.GcDynamicAdaptationVariable}=0 in the benchmark processes, paired rounds in the bench's process ({DatasState()}), servers at the runtime's default",
            inProcess ? "in-process (BenchmarkDotNet's in-process toolchain, in the bench's own process)" : "a process per benchmark, built by BenchmarkDotNet with the SDK",
            placement);
    }

    /// <summary>
    /// The provenance of a run made in this process without BenchmarkDotNet (load mode, paired rounds only):
    /// <paramref name="job"/> says what it did, <paramref name="gcNote"/> which processes ran with which GC settings.
    /// </summary>
    public static Provenance ReadHere(MeteoriteDataset dataset, (IReadOnlyList<string> Urls, bool Started) servers, string[] args, string job, string gcNote, CpuPlacement placement) =>
        Read(HostEnvironmentInfo.GetCurrent(), dataset, servers, args, job, $"{gcNote}; this process: {DatasState()}", "in-process (no BenchmarkDotNet)", placement);

    /// <summary>Whether this process's server GC runs with DATAS, as the runtime configured it at start-up (it cannot change after).</summary>
    public static string DatasState() =>
        !GCSettings.IsServerGC ? "workstation GC, DATAS does not apply"
        : GC.GetConfigurationVariables().TryGetValue("GCDynamicAdaptationMode", out var mode) && Convert.ToInt64(mode, System.Globalization.CultureInfo.InvariantCulture) == 0
            ? "DATAS off"
            : "DATAS on: set DOTNET_GCDynamicAdaptationMode=0 before starting the bench";

    private static Provenance Read(HostEnvironmentInfo? host, MeteoriteDataset dataset, (IReadOnlyList<string> Urls, bool Started) servers, string[] args, string job, string gcNote, string toolchain, CpuPlacement placement)
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
            $"{(GCSettings.IsServerGC ? "server" : "workstation")} GC{(GCSettings.LatencyMode == GCLatencyMode.Batch ? "" : ", concurrent")}; {gcNote}; {Placement.JitTiering.InForce}",
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
            toolchain,
            placement,
            servers.Started);
    }

    /// <summary>
    /// A job as its settings: BenchmarkDotNet names a job it derives from the command line at random ("Job-AQUQNT"),
    /// and the bench's settings ride in its environment variables (this run's ports and paths); either would make every
    /// run's job differ, so neither is part of the name.
    /// </summary>
    private static string JobName(string displayInfo)
    {
        var named = Regex.Replace(displayInfo, @"^Job-[A-Z0-9]+", "Job");
        var settled = Regex.Replace(named, @"EnvironmentVariables=.*?(, (?=[A-Z][A-Za-z]*=)|(?=\)$))", "");
        return settled.EndsWith("()", StringComparison.Ordinal) ? settled[..^2] : settled;
    }

    private static string VersionOf(Assembly assembly) =>
        assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0]
        ?? assembly.GetName().Version?.ToString() ?? "unknown";

    /// <summary>The commit of the repository the bench was built from, and whether its work tree differs from it.</summary>
    private static (string Commit, bool Dirty) GitState()
    {
        var commit = Git("rev-parse HEAD");
        if (commit is not null)
        {
            return (commit, !string.IsNullOrEmpty(Git("status --porcelain --untracked-files=no")));
        }

        // A published bench has no repository around it: the SDK stamped the commit it was built from into the assembly.
        var built = typeof(ProvenanceReader).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+');
        return (built is [_, { Length: > 0 } stamped] ? $"{stamped} (stamped at build; no git here)" : "unknown (no git)", false);
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
