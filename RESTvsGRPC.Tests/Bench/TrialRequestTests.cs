using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using RESTvsGRPC.Bench;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench;

/// <summary>
/// The plan travels whole from the command line to the trial process: every field of it arrives unchanged through the
/// request file the process reads, and each mode's request and slice order stay as approved (golden files in
/// <c>TrialRequests/</c>; <c>RESTVSGRPC_APPROVE_REPORTS=1</c> writes what the code makes now, then review the diff).
/// </summary>
public sealed class TrialRequestTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>A plan whose every field differs from the standard plan's, so no field can pass by default.</summary>
    private static TrialPlan Unusual =>
        new("unusual", 7, 0.2, 5, 3)
        {
            SettleCalls = 10,
            ServersPerTrial = false,
            LoadCheckProcesses = 2,
            LoadCheckRounds = 3,
            InFlight = new Dictionary<LoadOperation, IReadOnlyList<int>> { [LoadOperation.Small] = [3, 5] },
            OpenLoop = new OpenLoopPlan([0.1, 0.9], 0.4, 20, 0.8) { Trials = 2 },
            Stopping = new TrialStopping(4, 0.02, 0.03, 0.5, 60),
            CurveTrials = 5,
        };

    [Fact]
    public void Every_plan_field_arrives_unchanged_through_the_request_the_trial_process_reads()
    {
        var path = _directory.File("request.json");
        new TrialRequest(1, Unusual, ["small/grpc"], 1, "answer.json").Save(path);

        var arrived = TrialProcessRequest.Load(path).Plan;

        var fields = typeof(TrialPlan)
            .GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.GetCustomAttribute<JsonIgnoreAttribute>() is null)
            .ToList();
        Assert.True(fields.Count >= 12, $"only {fields.Count} plan fields found");
        foreach (var field in fields)
        {
            Assert.NotEqual(Json(field.GetValue(TrialPlan.Standard)), Json(field.GetValue(Unusual)));
            Assert.Equal(Json(field.GetValue(Unusual)), Json(field.GetValue(arrived)));
        }
    }

    /// <summary>
    /// Each mode as a user asks for it: its command line.
    /// </summary>
    public static TheoryData<string, string[]> Modes =>
        new()
        {
            { "standard", ["--headline"] },
            { "quick", ["--headline", "--quick"] },
            { "dry", ["--headline", "--job", "dry"] },
            { "link", ["--headline", "--link", "100mbit"] },
            { "tls", ["--headline", "--tls"] },
            { "aot", ["--suite", "aot"] },
        };

    /// <summary>
    /// Each mode's first trial set as <see cref="BenchMode"/> decides it from the command line, its request as the
    /// trial process reads it, and the order of its slices in two trials.
    /// </summary>
    [Theory]
    [MemberData(nameof(Modes))]
    public void Each_modes_trial_request_and_slice_order_stay_as_approved(string mode, string[] args)
    {
        var options = BenchOptions.Parse(args);
        var set = BenchMode.Of(options).TrialSets[0];
        using var servers = ServerSet.Empty();
        var request = TrialRunner.RequestOf(1, set.PlanFrom(options.TrialPlan), set.Arms, servers) with
        {
            ParentProcessId = 0,
        };
        request.Save(_directory.File("request.json"));
        var arrived = TrialProcessRequest.Load(_directory.File("request.json"));

        var text = new StringBuilder(File.ReadAllText(_directory.File("request.json"))).AppendLine();
        for (var trial = 1; trial <= 2; trial++)
        {
            var slices = arrived
                .Plan.OrderOf(trial, arrived.ArmList)
                .Select(s => $"{s.Quantity} {s.Arm.Name} {s.InFlight}");
            text.AppendLine($"trial {trial}: {string.Join(", ", slices)}");
            if (arrived.Plan.OpenLoop is { } loop)
            {
                var windows = arrived
                    .Plan.OpenLoopOrderOf(trial, arrived.ArmList, loop)
                    .Select(w => $"{w.Arm.Name} {w.Fraction}");
                text.AppendLine($"trial {trial} open loop: {string.Join(", ", windows)}");
            }
        }

        var rendered = Directory.CreateDirectory(_directory.File("rendered")).FullName;
        File.WriteAllText(Path.Combine(rendered, $"{mode}.txt"), text.ToString().ReplaceLineEndings("\n"));
        var approved = Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Tests", "Bench", "TrialRequests", mode);
        Reports.StoredReports.Matches($"trial request ({mode})", rendered, approved);
    }

    private static string Json(object? value) => JsonSerializer.Serialize(value);
}
