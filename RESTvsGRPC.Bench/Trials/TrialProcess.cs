namespace RESTvsGRPC.Bench.Trials;

/// <summary>The hidden <c>trial</c> command, one fresh client process: request in, answer out, exit 1 with the reason on failure.</summary>
public static class TrialProcess
{
    /// <summary>The command's name.</summary>
    public const string Command = "trial";

    /// <summary>Runs the request in <paramref name="requestPath"/>.</summary>
    public static async Task<int> RunAsync(string requestPath, TextWriter output, TextWriter error)
    {
        try
        {
            var request = TrialRequest.Load(requestPath);
            WatchParent(request.ParentProcessId);
            var settings = BenchSettings.FromEnvironment();
            var targets = LoadTarget.Resolve([.. request.ArmList.Select(a => a.Target).Distinct()], settings.Rest, settings.Grpc, settings.Aot);
            var expected = LoadExpectation.For(MeteoriteDataset.Load(settings.DataPath));
            var measurement = new TrialMeasurement(request, targets, expected, output);
            var answer = request.Index switch
            {
                TrialRequest.LoadCheck => new TrialAnswer(null, await measurement.LoadCheckAsync()),
                _ => new TrialAnswer(await measurement.RunAsync()),
            };
            answer.Save(request.OutputPath);
            return 0;
        }
        catch (Exception e)
        {
            error.WriteLine($"trial failed: {e.GetType().Name}: {e.Message}");
            return 1;
        }
    }

    /// <summary>Exits the process once the bench that started it has gone, so a killed bench leaves no trial running.</summary>
    private static void WatchParent(int parentId) => _ = Task.Run(async () =>
    {
        while (IsRunning(parentId))
        {
            await Task.Delay(TimeSpan.FromMilliseconds(500));
        }

        Environment.Exit(3);
    });

    /// <summary>True while process <paramref name="processId"/> runs: how a child of the bench notices the bench has gone.</summary>
    internal static bool IsRunning(int processId)
    {
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(processId);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>
    /// Deletes each of <paramref name="entries"/> (named <paramref name="prefix"/>, a bench's process id, then '-' or '.')
    /// whose bench no longer runs: a bench killed by SIGKILL deletes nothing of its own.
    /// </summary>
    internal static void RemoveOrphans(IEnumerable<string> entries, string prefix, Action<string> delete)
    {
        foreach (var entry in entries)
        {
            var id = Path.GetFileName(entry)[prefix.Length..].Split('-', '.')[0];
            if (!int.TryParse(id, NumberStyles.None, CultureInfo.InvariantCulture, out var benchId) || IsRunning(benchId))
            {
                continue;
            }

            try
            {
                delete(entry);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // Another user's, or in use: not this bench's to delete.
            }
        }
    }
}
