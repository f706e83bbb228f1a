using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Load;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>The load command's presets and overrides, as the command line gives them.</summary>
public sealed class LoadOptionsTests
{
    [Theory]
    [InlineData("light", 5, 60)]
    [InlineData("normal", 50, 60)]
    [InlineData("stress", 200, 60)]
    [InlineData("stability", 100, 1800)]
    public void Closed_presets_have_the_seed_scenarios_users_and_duration(string preset, int users, int seconds)
    {
        var options = LoadOptions.Parse(["--scenario", preset]);

        Assert.Equal(users, options.Scenario.Users);
        Assert.Equal(TimeSpan.FromSeconds(seconds), options.Scenario.Duration);
        Assert.Equal(TimeSpan.FromSeconds(15), options.Scenario.Warmup);
        Assert.Contains(
            ("model", $"closed loop, {users} users"),
            RESTvsGRPC.Reports.LoadScenarioText.Rows(options.Scenario.ToResults())
        );
    }

    [Fact]
    public void Without_a_scenario_the_normal_preset_runs_every_known_target()
    {
        var options = LoadOptions.Parse([]);

        Assert.Equal("normal", options.Scenario.Name);
        Assert.Null(options.Targets);
        Assert.EndsWith(Path.Combine("BenchmarkDotNet.Artifacts", "load"), options.OutputDirectory);
    }

    [Fact]
    public void Every_preset_parameter_can_be_overridden()
    {
        var options = LoadOptions.Parse([
            "--scenario",
            "stress",
            "--users",
            "7",
            "--duration",
            "90s",
            "--ramp-up",
            "500ms",
            "--warmup",
            "3s",
            "--think-time",
            "20ms",
            "--mix",
            "small:1,post:1",
            "--connections",
            "per-user",
            "--timeout",
            "2m",
            "--targets",
            "grpc,rest-json",
            "--out",
            "x",
        ]);

        var scenario = options.Scenario;
        Assert.Equal(
            (7, 90.0, 0.5, 0.02, 120.0),
            (
                scenario.Users,
                scenario.Duration.TotalSeconds,
                scenario.RampUp.TotalSeconds,
                scenario.ThinkTime.TotalSeconds,
                scenario.Timeout.TotalSeconds
            )
        );
        Assert.Equal(TimeSpan.FromSeconds(3), scenario.Warmup);
        Assert.Equal(TimeSpan.FromSeconds(93.5), scenario.TargetTime);
        Assert.Equal(ConnectionMode.PerUser, scenario.Connections);
        Assert.Equal([LoadOperation.Small, LoadOperation.Post], scenario.Mix.Operations);
        Assert.Equal(["grpc", "rest-json"], options.Targets);
        Assert.Equal(Path.GetFullPath("x"), options.OutputDirectory);
    }

    [Fact]
    public void Server_options_are_the_benchmark_runs_own()
    {
        var options = LoadOptions.Parse([
            "--rest-url",
            "http://127.0.0.1:5000",
            "--grpc-url",
            "http://127.0.0.1:5001",
            "--data",
            "d.json",
        ]);

        Assert.True(options.Servers.GivesServers);
        Assert.Equal(new Uri("http://127.0.0.1:5001"), options.Servers.GrpcUrl);
        Assert.Equal(Path.GetFullPath("d.json"), options.Servers.DataPath);
    }

    [Theory]
    [InlineData("--scenario", "huge", "--scenario takes light, normal, stress, stability, not 'huge'")]
    [InlineData("--users", "-3", "--users takes a whole number, not '-3'")]
    [InlineData("--users", "0", "--users must be at least 1")]
    [InlineData("--duration", "soon", "--duration takes a duration such as 60s, 500ms, 2m or 1h, not 'soon'")]
    [InlineData("--duration", "0s", "--duration must be longer than 0")]
    [InlineData("--rate", "250", "Unrecognized command or argument '--rate'")]
    [InlineData("--mix", "small:70,tiny:30", "--mix takes name:weight pairs")]
    [InlineData("--mix", "small:0", "--mix needs at least one operation with a weight above 0")]
    [InlineData("--connections", "many", "--connections takes shared or per-user, not 'many'")]
    [InlineData("--filter", "*", "Unrecognized command or argument '--filter'")]
    [InlineData(
        "--targets",
        "grpc,soap",
        "--targets takes rest-json, rest-json-h2c, rest-json-tls-http11, rest-json-tls, rest-json-gzip, rest-protobuf, "
            + "grpc, grpc-tls, grpc-gzip, grpc-stream, rest-minimal, grpc-transcoding, grpc-web, grpc-web-h2c, "
            + "grpc-web-text, rest-minimal-aot, grpc-aot, not 'soap'"
    )]
    public void A_bad_option_is_refused_with_what_is_wrong(string option, string value, string message)
    {
        var error = Assert.Throws<ArgumentException>(() => LoadOptions.Parse([option, value]));

        Assert.StartsWith(message, error.Message);
    }

    [Fact]
    public void An_option_without_its_value_is_refused()
    {
        var error = Assert.Throws<ArgumentException>(() => LoadOptions.Parse(["--users"]));

        Assert.StartsWith("Required argument missing for option: '--users'", error.Message);
    }

    [Fact]
    public void The_mix_draws_operations_in_proportion_to_their_weights()
    {
        var mix = OperationMix.Parse("small:70,large:20,post:10");

        var draws = Enumerable
            .Range(0, 1000)
            .Select(i => mix.Pick(i / 1000.0))
            .GroupBy(o => o)
            .ToDictionary(g => g.Key, g => g.Count());

        Assert.Equal(700, draws[LoadOperation.Small]);
        Assert.Equal(200, draws[LoadOperation.Large]);
        Assert.Equal(100, draws[LoadOperation.Post]);
        Assert.Equal([new("small", 70), new("large", 20), new("post", 10)], mix.Weights);
    }

    [Fact]
    public void Load_runs_the_targets_in_the_order_they_are_named()
    {
        var rest = new RESTvsGRPC.Bench.Servers.RestServerAddresses(
            new Uri("http://127.0.0.1:5000"),
            new Uri("http://127.0.0.1:5001"),
            null,
            null
        );
        var grpc = new RESTvsGRPC.Bench.Servers.GrpcServerAddresses(new Uri("http://127.0.0.1:6000"), null, null);

        Assert.Equal(
            ["grpc", "rest-protobuf", "rest-json"],
            LoadTarget.Resolve(["grpc", "rest-protobuf", "rest-json"], rest, grpc).Select(t => t.Name)
        );
        Assert.Equal(
            ["rest-json", "rest-json-h2c", "rest-protobuf", "grpc", "grpc-stream"],
            LoadTarget.Resolve(null, rest, grpc).Select(t => t.Name)
        );
    }

    [Fact]
    public void Aot_arms_call_the_aot_servers_and_only_when_named()
    {
        var rest = new RESTvsGRPC.Bench.Servers.RestServerAddresses(new Uri("http://127.0.0.1:5000"), null, null, null);
        var grpc = new RESTvsGRPC.Bench.Servers.GrpcServerAddresses(new Uri("http://127.0.0.1:6000"), null, null);
        var aot = new RESTvsGRPC.Bench.Servers.AotServerAddresses(
            new Uri("http://127.0.0.1:7000"),
            new Uri("http://127.0.0.1:8000")
        );

        var targets = LoadTarget.Resolve(["rest-minimal", "rest-minimal-aot", "grpc", "grpc-aot"], rest, grpc, aot);

        Assert.Equal([5000, 7000, 6000, 8000], targets.Select(t => t.Transport.BaseAddress.Port));
        Assert.Equal(
            ["rest-json", "rest-protobuf", "grpc", "grpc-stream"],
            LoadTarget.Resolve(null, rest, grpc, aot).Select(t => t.Name)
        );
        var missing = Assert.Throws<ArgumentException>(() => LoadTarget.Resolve(["grpc-aot"], rest, grpc));
        Assert.Contains("Native AOT servers", missing.Message);
    }
}
