using System.Diagnostics;
using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Bench.Load;

/// <summary>The scripts docs/load-and-soak.md points to, run as a user runs them, briefly.</summary>
public sealed partial class LoadScriptTests
{
    [LoadGeneratorsFact]
    public async Task Crosscheck_prints_wrk_h2load_and_load_mode_rows_with_measured_rates()
    {
        var (exitCode, output) = await RunAsync("scripts/load-crosscheck.sh", "5", "2");

        Assert.True(exitCode == 0, output);
        var rows = TableRow()
            .Matches(output)
            .Select(m =>
                (
                    Tool: m.Groups["tool"].Value,
                    Target: m.Groups["target"].Value,
                    Rate: double.Parse(m.Groups["rate"].Value, System.Globalization.CultureInfo.InvariantCulture)
                )
            )
            .ToList();
        Assert.Equal(["wrk", "h2load", "h2load", "load mode", "load mode", "load mode"], rows.Select(r => r.Tool));
        Assert.All(rows, row => Assert.True(row.Rate > 0, $"{row.Tool} on {row.Target} measured no requests"));
        Assert.Contains(rows, r => r is { Tool: "h2load", Target: "gRPC unary GetVersion, h2c" });
        Assert.Equal(
            ["rest-json", "rest-json-h2c", "grpc"],
            rows.Where(r => r.Tool == "load mode").Select(r => r.Target)
        );
    }

    private static Task<(int ExitCode, string Output)> RunAsync(string program, params string[] arguments) =>
        RunAsync(new Dictionary<string, string>(), program, arguments);

    private static async Task<(int ExitCode, string Output)> RunAsync(
        IReadOnlyDictionary<string, string> environment,
        string program,
        params string[] arguments
    )
    {
        var start = new ProcessStartInfo(program.EndsWith(".sh", StringComparison.Ordinal) ? "bash" : program)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = RepositoryPaths.Root,
        };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        if (program.EndsWith(".sh", StringComparison.Ordinal))
        {
            start.ArgumentList.Add(Path.Combine(RepositoryPaths.Root, program));
        }

        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        try
        {
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(4));
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        return (process.ExitCode, await output + await error);
    }

    [GeneratedRegex(
        @"^\| (?<tool>wrk|h2load|load mode) \| (?<target>[^|]+?) \| [^|]+ \| (?<rate>[0-9.]+) \|",
        RegexOptions.Multiline
    )]
    private static partial Regex TableRow();
}
