using System.Text;
using RESTvsGRPC.Bench.Jit;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Settings;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// Trials in fresh processes of the bench's own <c>trial</c> command against <see cref="ServerSet"/>'s servers: each
/// bounded by three times what its plan needs, stopped with the servers on a signal, its request and answer in a
/// temporary folder that goes with the launcher.
/// </summary>
public sealed class TrialProcessLauncher : ITrialLauncher, IDisposable
{
    /// <summary>The index a failed load check is named by, where a trial's is its number.</summary>
    public const int LoadCheckIndex = -1;

    private static int s_orphansRemoved;

    private readonly ServerSet _servers;
    private readonly IDisposable _attached;
    private readonly string _folder;
    private BenchSettings _settings;

    public TrialProcessLauncher(ServerSet servers, BenchSettings settings)
    {
        if (Interlocked.Exchange(ref s_orphansRemoved, 1) == 0)
        {
            RemoveOrphanedFolders(Path.GetTempPath());
        }

        (_servers, _settings) = (servers, settings);
        _folder = Directory.CreateTempSubdirectory($"{BenchFiles.TrialFolderPrefix}{Environment.ProcessId}-").FullName;
        _attached = servers.Attach(new Deletion(_folder));
    }

    public async Task<TrialRequest> RenewServersAsync(TrialRequest request)
    {
        if (!await _servers.RenewAsync(TextWriter.Null))
        {
            return request;
        }

        _settings = _settings.At(_servers);
        return request.ReadingCpuOf(_servers);
    }

    public DelayLineReading? ReadDelayLine() => _servers.Namespace?.DelayLine?.Read();

    public async Task<TrialOutcome> RunAsync(TrialRequest request)
    {
        var (answer, failure) = await RunProcessAsync(request);
        return new(answer is null ? null : TrialAnswer.Load(answer).Trial, failure);
    }

    /// <summary>Load mode's check in one process: its calls/s per arm, or how the process failed.</summary>
    public async Task<(IReadOnlyList<LoadCheck>? Checks, TrialFailure? Failure)> RunLoadCheckAsync(
        LoadCheckRequest request
    )
    {
        var (answer, failure) = await RunProcessAsync(request);
        return (answer is null ? null : LoadCheckAnswer.Load(answer).LoadChecks, failure);
    }

    /// <summary>
    /// Starts one trial process, waits for it (bounded), and gives the path of its answer; how it failed otherwise.
    /// </summary>
    private async Task<(string? Answer, TrialFailure? Failure)> RunProcessAsync(TrialProcessRequest request)
    {
        var requestPath = Path.Combine(_folder, request.Name + ".request.json");
        request = request with { OutputPath = Path.Combine(_folder, request.Name + ".json") };
        request.Save(requestPath);
        var index = request is TrialRequest trial ? trial.Index : LoadCheckIndex;
        var errors = new StringBuilder();
        using var process = new Process { StartInfo = StartInfo(requestPath) };
        process.OutputDataReceived += (_, e) => { };
        process.ErrorDataReceived += (_, e) =>
        {
            lock (errors)
            {
                errors.AppendLine(e.Data);
            }
        };
        using var stop = new ChildProcess(process);
        using var attached = _servers.Attach(stop);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        var exited = process.WaitForExitAsync();
        if (await Task.WhenAny(exited, Task.Delay(TimeLimit(request))) != exited)
        {
            var limit = TimeLimit(request).TotalSeconds;
            return (null, new TrialFailure(index, process.Id, ExitCode: null, limit, LastErrorLine: null));
        }

        process.WaitForExit();
        if (process.ExitCode != 0 || !File.Exists(request.OutputPath))
        {
            string? said;
            lock (errors)
            {
                said = LastLine(errors.ToString());
            }

            return (null, new TrialFailure(index, process.Id, process.ExitCode, null, said));
        }

        return (request.OutputPath, null);
    }

    public void Dispose()
    {
        _attached.Dispose();
        new Deletion(_folder).Dispose();
    }

    /// <summary>
    /// Deletes the trial folders in <paramref name="parent"/> that a killed bench left (its process gone); once per
    /// bench.
    /// </summary>
    public static void RemoveOrphanedFolders(string parent) =>
        BenchFiles.RemoveOrphans(
            Directory.EnumerateDirectories(parent, BenchFiles.TrialFolderPrefix + "*"),
            BenchFiles.TrialFolderPrefix,
            folder => new Deletion(folder).Dispose()
        );

    /// <summary>
    /// Three times what <paramref name="request"/>'s plan needs, plus a minute for start-up: a trial past that is
    /// stuck.
    /// </summary>
    public static TimeSpan TimeLimit(TrialProcessRequest request)
    {
        // Per arm: its client's warm-up and settling passes (a generous 20 ms a call), then its slices (the load check:
        // at most 20 s for its window), then its open-loop windows with their drains.
        var plan = request.Plan;
        var perArm =
            plan.WarmUpSeconds
            + (JitSettling.MaxSettlePasses * plan.SettleCalls * 0.02)
            + (
                request is LoadCheckRequest
                    ? plan.LoadCheckRounds * (1 + 20)
                    : plan.SegmentSeconds
                        + (
                            request.ArmList.Max(arm => request.LevelsOf(arm).Count)
                            * (plan.SegmentSeconds + (plan.Slices * plan.RampSeconds))
                        )
            )
            + (plan.OpenLoop is { } openLoop ? openLoop.Fractions.Count * (openLoop.MaxSliceSeconds + 2) : 0);
        return TimeSpan.FromSeconds((3 * request.Arms.Count * perArm) + 60);
    }

    private ProcessStartInfo StartInfo(string requestPath)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        _settings.ApplyTo(start);
        foreach (var argument in new[] { typeof(TrialProcess).Assembly.Location, TrialProcess.Command, requestPath })
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    private static string? LastLine(string errors) =>
        errors.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).LastOrDefault();

    /// <summary>
    /// Deletes a folder and what it holds; whichever of the bench's ends gets there second finds nothing to delete.
    /// </summary>
    private sealed class Deletion(string path) : IDisposable
    {
        public void Dispose()
        {
            try
            {
                Directory.Delete(path, recursive: true);
            }
            catch (DirectoryNotFoundException) { }
        }
    }

    /// <summary>Kills a child process and its children when disposed, if it still runs.</summary>
    private sealed class ChildProcess(Process process) : IDisposable
    {
        public void Dispose()
        {
            try
            {
                if (!process.HasExited)
                {
                    process.Kill(entireProcessTree: true);
                    process.WaitForExit();
                }
            }
            catch (InvalidOperationException)
            {
                // Never started, or already gone: nothing to stop.
            }
        }
    }
}
