using System.Diagnostics;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// The independent gRPC implementations the interop tests run: grpc-js (Node, from interop/package.json) and
/// grpcio (Python, Debian's python3-grpcio), and curl for gRPC-Web and JSON transcoding. Outside CI a missing peer
/// skips its tests with the reason; under
/// CI=true it never skips, so the test runs and fails.
/// </summary>
public static class Peers
{
    public static string InteropDirectory => Path.Combine(RepositoryPaths.Root, "interop");

    /// <summary>Debian's grpcio is installed for the system interpreter, which may not be the first python3 on
    /// PATH.</summary>
    public static string Python =>
        Environment.GetEnvironmentVariable("RESTVSGRPC_PYTHON") is { Length: > 0 } configured ? configured
        : File.Exists("/usr/bin/python3") ? "/usr/bin/python3"
        : "python3";

    /// <summary>True when the tests run as root (on Linux; elsewhere false).</summary>
    public static bool IsRoot =>
        OperatingSystem.IsLinux() && string.Equals(Environment.UserName, "root", StringComparison.Ordinal);

    public static bool IsCi =>
        string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>Why grpc-js cannot run here; null when it can.</summary>
    public static string? NodeMissing { get; } =
        !Directory.Exists(Path.Combine(InteropDirectory, "node_modules", "@grpc", "grpc-js"))
            ? "grpc-js is not installed: run `npm ci` in interop/."
        : !Runs("node", "--version") ? "node is not on PATH."
        : null;

    /// <summary>Why grpcio cannot run here; null when it can.</summary>
    public static string? PythonMissing { get; } =
        !Runs(Python, "-c", "import grpc, google.protobuf")
            ? $"{Python} cannot import grpc: install python3-grpcio (apt) or set RESTVSGRPC_PYTHON."
            : null;

    /// <summary>Why curl, the HTTP client outside .NET that calls gRPC-Web and JSON transcoding, cannot run here; null
    /// when it can.</summary>
    public static string? CurlMissing { get; } =
        !Runs("curl", "--version") ? "curl is not installed (apt-get install curl)." : null;

    /// <summary>Why GitHub's workflow parser cannot run here; null when it can.</summary>
    public static string? WorkflowParserMissing { get; } =
        !Directory.Exists(
            Path.Combine(RepositoryPaths.Root, "tools", "workflow-check", "node_modules", "@actions", "workflow-parser")
        )
            ? "@actions/workflow-parser is not installed: run `npm ci --prefix tools/workflow-check`."
        : !Runs("node", "--version") ? "node is not on PATH."
        : null;

    /// <summary>
    /// The browser the summary's page is opened in: the one RESTVSGRPC_CHROMIUM names, else Debian's chromium, else a
    /// Google Chrome where Debian's is absent (GitHub's Ubuntu runners).
    /// </summary>
    public static string Chromium =>
        Environment.GetEnvironmentVariable("RESTVSGRPC_CHROMIUM") is { Length: > 0 } configured ? configured
        : File.Exists("/usr/bin/chromium") || !File.Exists("/usr/bin/google-chrome") ? "/usr/bin/chromium"
        : "/usr/bin/google-chrome";

    /// <summary>Why the browser test cannot run here; null when it can. The test is a Linux extra, like the load
    /// generators.</summary>
    public static string? ChromiumMissing { get; } =
        !OperatingSystem.IsLinux() ? "the browser test of summary.html is a Linux extra (Debian's chromium)."
        : !File.Exists(Chromium)
            ? $"chromium is not at {Chromium} (apt-get install chromium, or set RESTVSGRPC_CHROMIUM)."
        : null;

    /// <summary>Why the independent load generators (wrk, h2load) cannot run here; null when they can. The cross-check
    /// script is a Linux extra.</summary>
    public static string? LoadGeneratorsMissing { get; } =
        !OperatingSystem.IsLinux() ? "the wrk/h2load cross-check script is a Linux extra."
        : !Runs("sh", "-c", "command -v wrk") ? "wrk is not installed (apt-get install wrk)."
        : !Runs("h2load", "--version") ? "h2load is not installed (apt-get install nghttp2-client)."
        : !Runs("bash", "--version") ? "bash is not on PATH."
        : null;

    /// <summary>Why network namespaces cannot be made here; null when they can. Not Linux is a reason everywhere, CI
    /// included: the namespace script is a Linux extra.</summary>
    public static string? NamespacesMissing { get; } =
        !OperatingSystem.IsLinux() ? "network namespaces are Linux only."
        : !Runs("ip", "netns", "list")
            ? "ip (iproute2) is missing or may not list network namespaces: the test needs root."
        : !Runs("sh", "-c", "command -v tc") ? "tc (iproute2) is missing."
        : !Runs("sh", "-c", "command -v iptables-legacy")
            ? "iptables-legacy is missing (Debian: apt-get install iptables): the delay line needs it."
        : !IsRoot ? "creating network namespaces needs root."
        : null;

    private static bool Runs(string program, params string[] arguments)
    {
        try
        {
            var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (var argument in arguments)
            {
                start.ArgumentList.Add(argument);
            }

            using var process = Process.Start(start)!;
            process.StandardOutput.ReadToEnd();
            process.StandardError.ReadToEnd();
            return process.WaitForExit(30_000) && process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }
}

/// <summary>A fact that needs grpc-js; skips outside CI where it is missing.</summary>
public sealed class NodePeerFactAttribute : FactAttribute
{
    public NodePeerFactAttribute()
    {
        if (Peers.NodeMissing is { } reason && !Peers.IsCi)
        {
            Skip = reason;
        }
    }
}

/// <summary>A fact that needs grpcio; skips outside CI where it is missing.</summary>
public sealed class PythonPeerFactAttribute : FactAttribute
{
    public PythonPeerFactAttribute()
    {
        if (Peers.PythonMissing is { } reason && !Peers.IsCi)
        {
            Skip = reason;
        }
    }
}

/// <summary>A fact that needs curl; skips outside CI where it is missing.</summary>
public sealed class CurlPeerFactAttribute : FactAttribute
{
    public CurlPeerFactAttribute()
    {
        if (Peers.CurlMissing is { } reason && !Peers.IsCi)
        {
            Skip = reason;
        }
    }
}

/// <summary>A fact that needs GitHub's workflow parser; skips outside CI where it is missing.</summary>
public sealed class WorkflowParserFactAttribute : FactAttribute
{
    public WorkflowParserFactAttribute()
    {
        if (Peers.WorkflowParserMissing is { } reason && !Peers.IsCi)
        {
            Skip = reason;
        }
    }
}

/// <summary>A theory that opens a page in chromium: skips off Linux always (a Linux extra), and on Linux outside CI
/// where chromium is missing.</summary>
public sealed class BrowserTheoryAttribute : TheoryAttribute
{
    public BrowserTheoryAttribute()
    {
        if (Peers.ChromiumMissing is { } reason && (!Peers.IsCi || !OperatingSystem.IsLinux()))
        {
            Skip = reason;
        }
    }
}

/// <summary>A fact that needs wrk and h2load: skips off Linux always (a Linux extra), and on Linux outside CI where
/// they are missing.</summary>
public sealed class LoadGeneratorsFactAttribute : FactAttribute
{
    public LoadGeneratorsFactAttribute()
    {
        if (Peers.LoadGeneratorsMissing is { } reason && (!Peers.IsCi || !OperatingSystem.IsLinux()))
        {
            Skip = reason;
        }
    }
}

/// <summary>
/// A fact that creates network namespaces: skips off Linux (a Linux extra) and without root (a privilege, not a
/// package CI could install), and on Linux outside CI where iproute2 is missing.
/// </summary>
public sealed class NetworkNamespaceFactAttribute : FactAttribute
{
    public NetworkNamespaceFactAttribute()
    {
        if (Peers.NamespacesMissing is { } reason && (!Peers.IsCi || !OperatingSystem.IsLinux() || !Peers.IsRoot))
        {
            Skip = reason;
        }
    }
}

/// <summary>A theory that makes network namespaces, skipped as <see cref="NetworkNamespaceFactAttribute"/>
/// is.</summary>
public sealed class NetworkNamespaceTheoryAttribute : TheoryAttribute
{
    public NetworkNamespaceTheoryAttribute()
    {
        if (Peers.NamespacesMissing is { } reason && (!Peers.IsCi || !OperatingSystem.IsLinux() || !Peers.IsRoot))
        {
            Skip = reason;
        }
    }
}

/// <summary>A fact about POSIX signals or /proc: Linux only, skipped elsewhere with that reason.</summary>
public sealed class LinuxFactAttribute : FactAttribute
{
    public LinuxFactAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "POSIX signals and /proc: Linux only.";
        }
    }
}

/// <summary>A theory about POSIX signals or /proc: Linux only, skipped elsewhere with that reason.</summary>
public sealed class LinuxTheoryAttribute : TheoryAttribute
{
    public LinuxTheoryAttribute()
    {
        if (!OperatingSystem.IsLinux())
        {
            Skip = "POSIX signals and /proc: Linux only.";
        }
    }
}
