using System.CommandLine;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Reports;

namespace RESTvsGRPC.Bench;

/// <summary>
/// The command line: <c>run</c> (the default), <c>load</c>, <c>soak</c>, <c>compare</c>, <c>summary</c>,
/// <c>stalls</c>; a bad option
/// exits <see cref="BadUsage"/> before any server starts.
/// </summary>
public static class BenchCommandLine
{
    /// <summary>The exit code of a command line the bench refuses.</summary>
    public const int BadUsage = 2;

    private const string RunExamples = """

        Examples:
          RESTvsGRPC.Bench                              the default suite: the headline's trials, then BenchmarkDotNet
          RESTvsGRPC.Bench --quick                      a first look: the headline's trials at quick settings
          RESTvsGRPC.Bench --headline --suite styles    only the API styles' trials
          RESTvsGRPC.Bench --headline                   only the headline's trials: latency and throughput ratios
          RESTvsGRPC.Bench --headline --trials 12       the same over twelve trials
          RESTvsGRPC.Bench --suite full --job short     every benchmark, BenchmarkDotNet's short job
          RESTvsGRPC.Bench --filter '*Small*' --artifacts out

        BenchmarkDotNet's own options pass through, checked before any server starts;
        --benchmarkdotnet-help lists them.
        """;

    /// <summary>
    /// Parses <paramref name="args"/> as the root (run) command's; throws <see cref="ArgumentException"/> on the first
    /// error.
    /// </summary>
    public static ParseResult ParseRun(IReadOnlyList<string> args) =>
        Checked(Root(TextWriter.Null, TextWriter.Null, []).Parse([.. args], Parsing), BenchOptions.Usage);

    /// <summary>
    /// Parses <paramref name="args"/> as <c>load</c>'s or <c>soak</c>'s; throws <see cref="ArgumentException"/> on the
    /// first error.
    /// </summary>
    public static ParseResult ParseLoad(IReadOnlyList<string> args, bool soak) =>
        Checked(
            LoadLike(soak, TextWriter.Null, TextWriter.Null, []).Parse([.. args], Parsing),
            soak ? LoadOptions.SoakUsage : LoadOptions.Usage
        );

    /// <summary>
    /// Parses and runs <paramref name="args"/>: the command's exit code, or <see cref="BadUsage"/> on a refused command
    /// line.
    /// </summary>
    public static async Task<int> InvokeAsync(string[] args, TextWriter output, TextWriter error)
    {
        var result = Root(output, error, args).Parse(args, Parsing);
        if (result.Errors is [var first, ..])
        {
            error.WriteLine($"{Sentence(first.Message)} {UsageOf(result.CommandResult.Command.Name)}");
            return BadUsage;
        }

        if (
            result.Action is System.CommandLine.Help.HelpAction
            && result.CommandResult.Command is RootCommand or { Name: "run" }
        )
        {
            var help = new StringWriter();
            var code = await result.InvokeAsync(new InvocationConfiguration { Output = help, Error = error });
            output.Write(GroupedHelp.Regroup(help.ToString(), [.. RunOptions.FirstRun.Select(option => option.Name)]));
            return code;
        }

        // The bench handles its own signals (servers to stop, results to keep); System.CommandLine's handler would race
        // it.
        return await result.InvokeAsync(
            new InvocationConfiguration
            {
                Output = output,
                Error = error,
                ProcessTerminationTimeout = null,
                EnableDefaultExceptionHandler = false,
            }
        );
    }

    /// <summary>No response files: a BenchmarkDotNet filter may start with '@'.</summary>
    private static ParserConfiguration Parsing => new() { ResponseFileTokenReplacer = null };

    private static RootCommand Root(TextWriter output, TextWriter error, string[] args)
    {
        var root = new RootCommand(
            "RESTvsGRPC: what a .NET service gains or loses by speaking gRPC instead of REST, "
                + "measured on this machine. With no command it runs the benchmarks (see run)."
                + RunExamples
        )
        {
            TreatUnmatchedTokensAsErrors = false,
        };
        var run = new Command(
            "run",
            "What runs with no command: start the servers, gate every call, measure (the headline's trials, "
                + "BenchmarkDotNet, h2load), write the reports and the summary, stop the servers."
        )
        {
            TreatUnmatchedTokensAsErrors = false,
        };
        foreach (var command in new[] { root, run })
        {
            foreach (var option in RunOptions.All)
            {
                command.Options.Add(option);
            }

            command.SetAction(
                (result, _) =>
                    RunWith(
                        () => BenchOptions.From(result),
                        error,
                        options => Orchestrator.RunAsync(options, args, output, error)
                    )
            );
        }

        root.Subcommands.Add(run);
        root.Subcommands.Add(LoadLike(soak: false, output, error, args));
        root.Subcommands.Add(LoadLike(soak: true, output, error, args));
        root.Subcommands.Add(CompareCommand(output, error));
        root.Subcommands.Add(SummaryCommand(output, error));
        root.Subcommands.Add(StallsCommand(output, error, args));
        root.Subcommands.Add(TrialCommand(output, error));
        root.Subcommands.Add(DelayLineCommand(output, error));
        return root;
    }

    /// <summary>The <c>compare</c> command: two or more runs side by side.</summary>
    private static Command CompareCommand(TextWriter output, TextWriter error)
    {
        var folders = new Argument<string[]>("RESULTS_DIR")
        {
            Description = "Results folders (each holds a summary.json), two or more.",
            Arity = new ArgumentArity(2, 100),
        };
        var target = new Option<string>("--out")
        {
            Description = "Where compare.md and compare.svg go.",
            HelpName = "DIR",
            DefaultValueFactory = _ => Directory.GetCurrentDirectory(),
        };
        var compare = new Command(
            "compare",
            "Two or more runs side by side (OSes, commits, machines): times per call, ratios, ≈ within error."
        )
        {
            folders,
            target,
        };
        compare.TreatUnmatchedTokensAsErrors = true;
        compare.SetAction(result =>
            RunComparison.Run(result.GetValue(folders)!, result.GetValue(target)!, output, error)
        );
        return compare;
    }

    /// <summary>The <c>summary</c> command: a run's reports written again from its results file.</summary>
    private static Command SummaryCommand(TextWriter output, TextWriter error)
    {
        var folder = new Argument<string>("RESULTS_DIR")
        {
            Description = "A results folder (or its summary.json), of a benchmark run or of a load or soak run.",
        };
        var summary = new Command(
            "summary",
            "Write a run's reports (Markdown, HTML, SVG charts, …) again from its results file, "
                + "the same files the run wrote."
        )
        {
            folder,
        };
        summary.TreatUnmatchedTokensAsErrors = true;
        summary.SetAction(result => RunSummary.Rewrite(result.GetValue(folder)!, output, error));
        return summary;
    }

    /// <summary>The <c>stalls</c> command: the HTTP/2 stall reproduced on its own.</summary>
    private static Command StallsCommand(TextWriter output, TextWriter error, string[] args)
    {
        var stalls = Stalls.StallOptions.Command();
        stalls.TreatUnmatchedTokensAsErrors = true;
        stalls.SetAction(
            (result, _) =>
                RunWith(
                    () => Stalls.StallOptions.From(result),
                    error,
                    options => Stalls.StallReproducer.RunAsync(options, args, output, error)
                )
        );
        return stalls;
    }

    /// <summary>The hidden command that runs one trial's fresh client process.</summary>
    private static Command TrialCommand(TextWriter output, TextWriter error)
    {
        var request = new Argument<string>("REQUEST");
        var trial = new Command(Trials.TrialProcess.Command, "One trial's fresh client process.") { Hidden = true };
        trial.Arguments.Add(request);
        trial.SetAction((result, _) => Trials.TrialProcess.RunAsync(result.GetValue(request)!, output, error));
        return trial;
    }

    /// <summary>The hidden <c>delay-line</c> command the bench runs in its router namespace.</summary>
    private static Command DelayLineCommand(TextWriter output, TextWriter error)
    {
        var oneWay = new Argument<double>("ONE-WAY-MICROSECONDS");
        var loss = new Argument<double>("LOSS");
        var seed = new Argument<int>("SEED");
        var client = new Argument<string>("CLIENT-ADDRESS");
        var command = new Command(Links.DelayLine.Command, "The link's delay line, in its router namespace.")
        {
            Hidden = true,
        };
        foreach (var argument in new Argument[] { oneWay, loss, seed, client })
        {
            command.Arguments.Add(argument);
        }

        command.SetAction(result =>
            Links.DelayLine.Run(
                result.GetValue(oneWay),
                result.GetValue(loss),
                result.GetValue(seed),
                result.GetValue(client)!,
                output,
                error
            )
        );
        return command;
    }

    private static Command LoadLike(bool soak, TextWriter output, TextWriter error, string[] args)
    {
        var command = soak
            ? new Command(
                "soak",
                "Hold the normal load on RestAPI and GrpcAPI at once for 10 minutes after a 2-minute warm-up, "
                    + "then judge errors and each server's memory, threads and handles (trend and "
                    + "range).\n\nExample:\n  RESTvsGRPC.Bench soak --duration 60s"
            )
            : new Command(
                "load",
                "Drive each target with many users, one target after another: throughput, latency percentiles, "
                    + "errors, drift.\n\nExamples:\n  RESTvsGRPC.Bench load --scenario light\n  RESTvsGRPC.Bench load "
                    + "--scenario stress --targets grpc,rest-json"
            );
        command.TreatUnmatchedTokensAsErrors = true;
        foreach (var option in LoadOptions.Declare(soak))
        {
            command.Options.Add(option);
        }

        command.SetAction(
            (result, _) =>
                RunWith(
                    () => LoadOptions.From(result, soak),
                    error,
                    options =>
                        LoadCommand.RunAsync(
                            options,
                            args,
                            output,
                            error,
                            liveProgress: !soak && ReferenceEquals(output, Console.Out) && !Console.IsOutputRedirected,
                            soak
                        )
                )
        );
        return command;
    }

    /// <summary>
    /// Builds a command's options and runs it, or says in one sentence why the options do not fit together.
    /// </summary>
    private static Task<int> RunWith<T>(Func<T> options, TextWriter error, Func<T, Task<int>> run)
    {
        T parsed;
        try
        {
            parsed = options();
        }
        catch (ArgumentException e)
        {
            error.WriteLine(e.Message);
            return Task.FromResult(BadUsage);
        }

        return run(parsed);
    }

    private static ParseResult Checked(ParseResult result, string usage) =>
        result.Errors is [var first, ..] ? throw new ArgumentException($"{Sentence(first.Message)} {usage}") : result;

    private static string UsageOf(string command) =>
        command switch
        {
            "load" => LoadOptions.Usage,
            "soak" => LoadOptions.SoakUsage,
            "compare" => RunComparison.Usage,
            "summary" => "usage: RESTvsGRPC.Bench summary RESULTS_DIR",
            "stalls" => Stalls.StallOptions.Usage,
            _ => BenchOptions.Usage,
        };

    private static string Sentence(string message) => message.EndsWith('.') ? message : message + ".";
}
