using System.Runtime.Versioning;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// The built bench copied where an unprivileged user can run it: the clone may sit in a folder only root can enter
/// (a <c>mktemp -d</c> folder, root's home), and that user must read the bench's assemblies and the <c>dotnet</c> host.
/// </summary>
[SupportedOSPlatform("linux")]
public sealed class NonRootBench : IDisposable
{
    private const UnixFileMode Readable =
        UnixFileMode.UserRead
        | UnixFileMode.UserWrite
        | UnixFileMode.UserExecute
        | UnixFileMode.GroupRead
        | UnixFileMode.GroupExecute
        | UnixFileMode.OtherRead
        | UnixFileMode.OtherExecute;

    private NonRootBench(string dotnet, string folder, string assembly)
    {
        Dotnet = dotnet;
        Folder = folder;
        Assembly = assembly;
    }

    /// <summary>The dotnet host to run the copy with, its links followed.</summary>
    public string Dotnet { get; }

    /// <summary>The copy's folder: readable and enterable by every user, deleted on dispose.</summary>
    public string Folder { get; }

    /// <summary>The copied bench's main assembly.</summary>
    public string Assembly { get; }

    /// <summary>
    /// Copies the bench built beside the tests into a fresh folder under the temporary folder. Fails naming the folder
    /// another user cannot enter (the temporary folder's own parents, or the dotnet host's) where no copy can help.
    /// </summary>
    public static NonRootBench Copy()
    {
        var host = ResolvedDotnet();
        var dotnet = Path.GetDirectoryName(host)!;
        if (FolderOthersCannotEnter(dotnet) is { } hostBlocked)
        {
            throw new InvalidOperationException(
                $"another user cannot run the dotnet host in {dotnet}: '{hostBlocked}' is not readable and enterable "
                    + $"by others (install .NET where every user can read it)."
            );
        }

        var folder = Directory.CreateTempSubdirectory("restvsgrpc-nonroot-").FullName;
        File.SetUnixFileMode(folder, Readable);
        if (FolderOthersCannotEnter(folder) is { } tempBlocked)
        {
            Directory.Delete(folder, recursive: true);
            throw new InvalidOperationException(
                $"another user cannot enter the temporary folder {folder}: '{tempBlocked}' is not enterable by others "
                    + $"(set TMPDIR to a folder every user can enter, such as /tmp)."
            );
        }

        var built = RepositoryPaths.ProjectAssembly("RESTvsGRPC.Bench");
        CopyReadable(Path.GetDirectoryName(built)!, folder);
        return new NonRootBench(host, folder, Path.Combine(folder, Path.GetFileName(built)));
    }

    public void Dispose() => Directory.Delete(Folder, recursive: true);

    /// <summary>The first folder on the way to <paramref name="path"/> (itself included) that others may not enter or
    /// read, or null.</summary>
    private static string? FolderOthersCannotEnter(string path)
    {
        for (var dir = new DirectoryInfo(path); dir is not null; dir = dir.Parent)
        {
            var mode = File.GetUnixFileMode(dir.FullName);
            var needed =
                dir.FullName == Path.GetFullPath(path)
                    ? UnixFileMode.OtherExecute | UnixFileMode.OtherRead
                    : UnixFileMode.OtherExecute;
            if ((mode & needed) != needed)
            {
                return dir.FullName;
            }
        }

        return null;
    }

    private static void CopyReadable(string source, string target)
    {
        foreach (var file in Directory.EnumerateFiles(source))
        {
            var copy = Path.Combine(target, Path.GetFileName(file));
            File.Copy(file, copy);
            File.SetUnixFileMode(copy, Readable);
        }

        // BenchmarkDotNet builds each job in a folder beside the bench while another test runs it; the bench does not
        // need those folders, and copying one mid-build fails on a file being written.
        foreach (var dir in Directory.EnumerateDirectories(source).Where(d => !Path.GetFileName(d).Contains("-Job-")))
        {
            var copy = Directory.CreateDirectory(Path.Combine(target, Path.GetFileName(dir))).FullName;
            File.SetUnixFileMode(copy, Readable);
            CopyReadable(dir, copy);
        }
    }

    /// <summary>The dotnet host the tests run, links followed (Debian's /usr/bin/dotnet points into
    /// /usr/share/dotnet).</summary>
    private static string ResolvedDotnet()
    {
        var host =
            Environment.ProcessPath is { } running && Path.GetFileNameWithoutExtension(running) == "dotnet"
                ? running
                : (Environment.GetEnvironmentVariable("PATH") ?? "")
                    .Split(':')
                    .Select(dir => Path.Combine(dir, "dotnet"))
                    .FirstOrDefault(File.Exists)
                    ?? throw new InvalidOperationException("dotnet is not on PATH.");
        return new FileInfo(host).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? host;
    }
}
