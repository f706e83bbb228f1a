using ModelLibrary;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Processes;
using RESTvsGRPC.Bench.Settings;

namespace RESTvsGRPC.Bench.Trials;

/// <summary>
/// The hidden <c>trial</c> command, one fresh client process: request in, answer out, exit 1 with the reason on
/// failure.
/// </summary>
public static class TrialProcess
{
    /// <summary>The command's name.</summary>
    public const string Command = "trial";

    /// <summary>Runs the request in <paramref name="requestPath"/>.</summary>
    public static async Task<int> RunAsync(string requestPath, TextWriter output, TextWriter error)
    {
        try
        {
            var request = TrialProcessRequest.Load(requestPath);
            WatchParent(request.ParentProcessId);
            var settings = BenchSettings.FromEnvironment();
            var targets = LoadTarget.Resolve(
                [.. request.ArmList.Select(a => a.Target).Distinct()],
                settings.Rest,
                settings.Grpc,
                settings.Aot
            );
            var expected = LoadExpectation.For(MeteoriteDataset.Load(settings.DataPath));
            switch (request)
            {
                case TrialRequest trial:
                    var measured = await new TrialMeasurement(trial, targets, expected, output).RunAsync();
                    new TrialAnswer(measured).Save(request.OutputPath);
                    break;
                case LoadCheckRequest check:
                    var checks = await new LoadCheckMeasurement(check, targets, expected).RunAsync();
                    new LoadCheckAnswer(checks).Save(request.OutputPath);
                    break;
            }
            return 0;
        }
        catch (Exception e)
        {
            error.WriteLine($"trial failed: {e.GetType().Name}: {e.Message}");
            return 1;
        }
    }

    /// <summary>
    /// Exits the process once the bench that started it has gone, so a killed bench leaves no trial running.
    /// </summary>
    private static void WatchParent(int parentId) =>
        _ = Task.Run(async () =>
        {
            while (BenchFiles.IsRunning(parentId))
            {
                await Task.Delay(TimeSpan.FromMilliseconds(500));
            }

            Environment.Exit(3);
        });
}
