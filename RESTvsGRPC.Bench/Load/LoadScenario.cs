using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>How the load client's requests share connections; written into the report.</summary>
public enum ConnectionMode
{
    /// <summary>
    /// One client per target: HTTP/2 targets multiplex every user on one connection (a GrpcChannel's default), HTTP/1.1
    /// targets use that client's pool (a connection per request in flight).
    /// </summary>
    Shared,

    /// <summary>A client, and so a connection, of its own for every user.</summary>
    PerUser,
}

/// <summary>
/// Everything a load run does, after the user's overrides: printed and written into its report, so the run can be
/// repeated from it.
/// </summary>
public sealed record LoadScenario(
    string Name,
    int Users,
    TimeSpan Duration,
    TimeSpan RampUp,
    TimeSpan Warmup,
    TimeSpan ThinkTime,
    OperationMix Mix,
    ConnectionMode Connections,
    TimeSpan Timeout
)
{
    /// <summary>
    /// A target's first seconds run far below its later rate while the JIT recompiles the hot paths of client and
    /// server.
    /// </summary>
    private static readonly TimeSpan DefaultWarmup = TimeSpan.FromSeconds(15);

    private static readonly OperationMix SeedMix = OperationMix.Parse("small:70,large:20,post:10");

    /// <summary>The presets after the seed scenarios; every parameter can be overridden on the command line.</summary>
    public static IReadOnlyDictionary<string, LoadScenario> Presets { get; } =
        new Dictionary<string, LoadScenario>
        {
            ["light"] = Closed("light", users: 5, TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(5)),
            ["normal"] = Closed("normal", users: 50, TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(5)),
            ["stress"] = Closed("stress", users: 200, TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(10)),
            ["stability"] = Closed("stability", users: 100, TimeSpan.FromMinutes(30), TimeSpan.FromSeconds(10)),
        };

    /// <summary>How long one target runs: ramp-up, warm-up and duration.</summary>
    public TimeSpan TargetTime => RampUp + Warmup + Duration;

    /// <summary>The phases as the results file keeps them.</summary>
    public LoadTiming Timing() =>
        new(
            RampUp.TotalSeconds,
            Warmup.TotalSeconds,
            MeasuredFrom.TotalSeconds,
            Duration.TotalSeconds,
            LoadRunner.MinDriftTenthSeconds
        );

    /// <summary>When the measured span begins, from the target's start: after the ramp-up and the warm-up.</summary>
    public TimeSpan MeasuredFrom => RampUp + Warmup;

    /// <summary>The scenario as the results file holds it: its numbers, which the reports put in words.</summary>
    public LoadScenarioSettings ToResults() =>
        new(
            Name,
            Users,
            Duration.TotalSeconds,
            RampUp.TotalSeconds,
            Warmup.TotalSeconds,
            ThinkTime.TotalSeconds,
            Mix.Weights,
            Connections == ConnectionMode.Shared,
            Timeout.TotalSeconds
        );

    private static LoadScenario Closed(string name, int users, TimeSpan duration, TimeSpan rampUp) =>
        new(
            name,
            users,
            duration,
            rampUp,
            DefaultWarmup,
            TimeSpan.Zero,
            SeedMix,
            ConnectionMode.Shared,
            Timeout: TimeSpan.FromSeconds(10)
        );
}
