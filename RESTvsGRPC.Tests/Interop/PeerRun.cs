using System.Diagnostics;

namespace RESTvsGRPC.Tests.Interop;

/// <summary>Runs a peer's client script to its end (killed, with everything it started, after a timeout) and returns
/// what it printed.</summary>
public static class PeerRun
{
    public static async Task<(int ExitCode, string Output, string Error)> RunAsync(
        string program,
        string workingDirectory,
        params string[] arguments
    )
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = workingDirectory,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(120));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(' ', arguments)} did not finish within 120 s.");
        }

        return (process.ExitCode, await output, await error);
    }
}
