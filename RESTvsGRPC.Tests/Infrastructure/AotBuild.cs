using RESTvsGRPC.Bench.Servers;

namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>
/// The AOT servers as the tests run them: published once per test run by the bench's own step (<see
/// cref="AotServers.Publish"/>),
/// whichever test needs them first; on Linux outside CI a machine without the native toolchain skips those tests, under
/// CI=true they fail.
/// </summary>
public static class AotBuild
{
    private static readonly Lazy<TimeSpan> Published = new(
        () => AotServers.Publish(TextWriter.Null),
        LazyThreadSafetyMode.ExecutionAndPublication
    );

    /// <summary>
    /// Why the AOT tests skip here: off Linux always (the suite publishes and measures on Linux: a Linux extra, as the
    /// browser test), and on Linux outside CI where the native toolchain is missing; null where they run.
    /// </summary>
    public static string? Skips { get; } =
        AotServers.Unavailable() is { } reason && (!Peers.IsCi || !OperatingSystem.IsLinux()) ? reason : null;

    /// <summary>
    /// Publishes both AOT servers once for the whole test run, if no test has yet: a test that runs the bench's own
    /// publish after this finds nothing left to do, and its time limits hold the measurement, not the SDK's build.
    /// </summary>
    public static void EnsurePublished() => _ = Published.Value;

    /// <summary>The native executable of <paramref name="project"/>, published first if this run has not yet.</summary>
    public static string Executable(string project)
    {
        _ = Published.Value;
        return AotServers.Executable(project);
    }
}

/// <summary>The tests that publish the AOT servers (in this process or through the bench): one at a time, never two SDK
/// publishes of one project at once.</summary>
[CollectionDefinition(Name)]
[LongRunning(2)]
public sealed class AotCollection
{
    public const string Name = "AOT servers";
}

/// <summary>A fact that needs the AOT servers; skips where <see cref="AotBuild.Skips"/> says.</summary>
public sealed class AotFactAttribute : FactAttribute
{
    public AotFactAttribute()
    {
        if (AotBuild.Skips is { } reason)
        {
            Skip = reason;
        }
    }
}

/// <summary>A theory that needs the AOT servers; skips where <see cref="AotBuild.Skips"/> says.</summary>
public sealed class AotTheoryAttribute : TheoryAttribute
{
    public AotTheoryAttribute()
    {
        if (AotBuild.Skips is { } reason)
        {
            Skip = reason;
        }
    }
}
