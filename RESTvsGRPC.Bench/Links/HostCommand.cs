namespace RESTvsGRPC.Bench.Links;

/// <summary>
/// One of the host's tools (ip, tc, kill, setsid) run to its end: its exit code and what it printed; -1 where it is not
/// installed.
/// </summary>
internal static class HostCommand
{
    public static (int Exit, string Output, string Error) Run(string program, IReadOnlyList<string> arguments)
    {
        var start = new ProcessStartInfo(program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        try
        {
            using var process = Process.Start(start)!;
            var output = process.StandardOutput.ReadToEndAsync();
            var error = process.StandardError.ReadToEnd();
            process.WaitForExit();
            return (process.ExitCode, output.Result, error);
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return (-1, "", e.Message);
        }
    }
}
