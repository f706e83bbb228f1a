using Google.Protobuf;
using Google.Protobuf.Reflection;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Bench.Clients;
using RESTvsGRPC.Bench.Harness;
using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Placement;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Stalls;

/// <summary>
/// The <c>stalls</c> command: the HTTP/2 stall on its own. Each client (grpc-dotnet, REST + protobuf over h2c, both
/// on HttpClient; grpc-js) at HttpClient's default stream window and at the bench's makes rounds of large GETs on a
/// new connection each, 1 and 8 in flight by turns, against servers started afresh every few rounds (the stall was
/// seen on fresh servers); a call unanswered for two seconds, a hundred times a large call's time under load, stalls
/// its round. What it writes: stalls per 100 000 calls with an exact 95 % upper bound.
/// </summary>
public static class StallReproducer
{
    /// <summary>
    /// Calls per round, each round on a new connection: the runs the stall was first seen in (fewer where
    /// <c>--calls</c> asks for fewer).
    /// </summary>
    public const int CallsPerRound = 1500;

    /// <summary>Rounds between fresh servers.</summary>
    public const int RoundsPerServer = 20;

    /// <summary>Calls in flight, by turns from round to round.</summary>
    public static IReadOnlyList<int> InFlight { get; } = [1, 8];

    /// <summary>How long a call may go unanswered before its round counts as stalled.</summary>
    public static TimeSpan StallTimeout { get; } = TimeSpan.FromSeconds(2);

    /// <summary>The clients it drives, by name.</summary>
    public static IReadOnlyList<string> Clients { get; } = ["grpc", "rest-protobuf-h2c", "grpc-js"];

    /// <summary>The stream windows each client is driven at: HttpClient's default, then the bench's.</summary>
    public static IReadOnlyList<int> Windows { get; } =
    [HttpClientSettings.DefaultHttp2StreamWindowBytes, HttpClientSettings.Http2StreamWindowBytes];

    /// <summary>Runs the reproduction; 0 when every call was answered or stalled, 1 on a failed call.</summary>
    public static async Task<int> RunAsync(StallOptions options, string[] args, TextWriter output, TextWriter error)
    {
        using var stop = new CancellationTokenSource();
        // Ctrl+C and termination end the rounds early but cleanly: what was measured is written, servers stop.
        PosixSignalRegistration[] signals =
        [
            .. new[] { PosixSignal.SIGINT, PosixSignal.SIGTERM }.Select(signal =>
                PosixSignalRegistration.Create(signal, context =>
                {
                    context.Cancel = true;
                    stop.Cancel();
                })
            ),
        ];
        try
        {
            var dataset = MeteoriteDataset.Load(MeteoriteDataset.ResolvePath(null));
            var placement = CpuSet.Split();
            using var servers = await ServerSet.StartAsync(
                new ServerStart(dataset.SourcePath, placement?.Servers),
                output
            );
            placement?.Client.Apply(Environment.ProcessId);
            var rows = await MeasureAsync(options, dataset, servers, output, stop.Token);
            var run = new StallReproductionRun(
                ProvenanceReader.ReadHere(
                    dataset,
                    servers.Provenance,
                    args,
                    "stalls",
                    ProcessSetup.Load,
                    new CpuPlacement(placement?.Servers.ToString(), placement?.Client.ToString())
                ),
                PerRound(options.Calls),
                InFlight,
                RoundsPerServer,
                StallTimeout.TotalSeconds,
                rows
            );
            Directory.CreateDirectory(options.Out);
            run.Save(options.Out);
            output.Write(StallReport.Write(run, options.Out));
            return 0;
        }
        catch (Exception e) when (e is StallRunException or DataFileException or ServerStartException)
        {
            error.WriteLine($"stalls: {e.Message}");
            return 1;
        }
        finally
        {
            foreach (var signal in signals)
            {
                signal.Dispose();
            }
        }
    }

    /// <summary>Every client at every window, one after another; a row for each that made a round.</summary>
    private static async Task<IReadOnlyList<StallReproductionRow>> MeasureAsync(
        StallOptions options,
        MeteoriteDataset dataset,
        ServerSet servers,
        TextWriter output,
        CancellationToken stop
    )
    {
        using var contract = new ContractFile();
        var rows = new List<StallReproductionRow>();
        foreach (var client in options.Clients)
        {
            foreach (var window in options.Windows)
            {
                var driver = new Driver(client, window, options.Calls, dataset, servers, contract.Path, output, stop);
                if (await driver.RunAsync() is { Rounds: > 0 } row)
                {
                    rows.Add(row);
                    output.WriteLine($"// {StallReport.Line(row)}");
                }
            }
        }

        return rows;
    }

    private static int PerRound(long calls) => (int)Math.Min(CallsPerRound, calls);

    /// <summary>One client at one window, round after round, the servers renewed every few rounds.</summary>
    private sealed class Driver(
        string client,
        int window,
        long calls,
        MeteoriteDataset dataset,
        ServerSet servers,
        string contract,
        TextWriter output,
        CancellationToken stop
    )
    {
        private readonly LoadExpectation _expected = LoadExpectation.For(dataset);
        private readonly int _perRound = PerRound(calls);

        public async Task<StallReproductionRow> RunAsync()
        {
            var rounds = (int)((calls + _perRound - 1) / _perRound);
            var (answered, stalled, done) = (0L, 0, 0);
            var started = Stopwatch.GetTimestamp();
            while (done < rounds && !stop.IsCancellationRequested)
            {
                await servers.RenewAsync(TextWriter.Null);
                var batch = Math.Min(RoundsPerServer, rounds - done);
                var (batchCalls, batchStalls, batchRounds) =
                    client == "grpc-js" ? await NodeRoundsAsync(done, batch) : await DotnetRoundsAsync(done, batch);
                (answered, stalled, done) = (answered + batchCalls, stalled + batchStalls, done + batchRounds);
                output.WriteLine(
                    $"// {client}, stream window {window:N0} B: {done} of {rounds} rounds, {answered:N0} calls, "
                        + $"{stalled} stalled"
                );
            }

            return new StallReproductionRow(
                client,
                window,
                answered,
                done,
                stalled,
                Stopwatch.GetElapsedTime(started).TotalSeconds
            );
        }

        private async Task<(long Calls, int Stalls, int Rounds)> DotnetRoundsAsync(int first, int rounds)
        {
            var (calls, stalls, done) = (0L, 0, 0);
            for (; done < rounds && !stop.IsCancellationRequested; done++)
            {
                var (answered, stalled) = await DotnetRoundAsync(InFlight[(first + done) % InFlight.Count]);
                (calls, stalls) = (calls + answered, stalls + (stalled ? 1 : 0));
            }

            return (calls, stalls, done);
        }

        private async Task<(long Answered, bool Stalled)> DotnetRoundAsync(int inFlight)
        {
            var (arm, transport) =
                client == "grpc"
                    ? (ArmCatalogue.Clients["grpc"], HttpTransport.H2c(servers.Grpc!.H2c))
                    : (ArmCatalogue.Clients["rest-protobuf"], HttpTransport.H2c(servers.Rest!.H2c!));
            using var load = new LoadClient(arm, transport with { Http2StreamWindowBytes = window }, _expected);
            var (started, answered, stalled) = (0L, 0L, 0L);
            await Task.WhenAll(
                Enumerable
                    .Range(0, inFlight)
                    .Select(_ =>
                        Task.Run(async () =>
                        {
                            while (Volatile.Read(ref stalled) == 0 && Interlocked.Increment(ref started) <= _perRound)
                            {
                                var outcome = await load.CallAsync(LoadOperation.Large, StallTimeout);
                                if (outcome == CallOutcome.Ok)
                                {
                                    Interlocked.Increment(ref answered);
                                }
                                else if (outcome == CallOutcome.Timeout)
                                {
                                    Interlocked.Exchange(ref stalled, 1);
                                }
                                else
                                {
                                    throw new StallRunException($"a {client} call failed ({outcome}): not a stall.");
                                }
                            }
                        })
                    )
            );
            return (answered, stalled == 1);
        }

        /// <summary>
        /// grpc-js's rounds in one node process; none counted where the run was told to stop meanwhile.
        /// </summary>
        private async Task<(long Calls, int Stalls, int Rounds)> NodeRoundsAsync(int first, int rounds)
        {
            var script = Path.Combine(ServerBinaries.RepositoryRoot, "interop", "node", "stalls.js");
            var address = $"{servers.Grpc!.H2c.Host}:{servers.Grpc.H2c.Port}";
            IReadOnlyList<string> arguments =
            [
                script,
                contract,
                address,
                $"{rounds}",
                $"{_perRound}",
                $"{first}",
                $"{StallTimeout.TotalMilliseconds:0}",
                $"{window}",
                $"{dataset.Count}",
            ];
            if (await NodeAsync(arguments, stop) is not var (exitCode, text, errors))
            {
                return (0, 0, 0);
            }

            using var answer =
                exitCode == 0
                    ? JsonDocument.Parse(text)
                    : throw new StallRunException($"grpc-js failed (exit {exitCode}): {errors.Trim()}");
            return (
                answer.RootElement.GetProperty("calls").GetInt64(),
                answer.RootElement.GetProperty("stalledRounds").GetInt32(),
                rounds
            );
        }
    }

    /// <summary>Runs node to its end; kills it and returns null when the run is told to stop.</summary>
    private static async Task<(int ExitCode, string Output, string Error)?> NodeAsync(
        IReadOnlyList<string> arguments,
        CancellationToken stop
    )
    {
        var start = new ProcessStartInfo("node")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var node = Process.Start(start)
            ?? throw new StallRunException("node could not be started: is it on PATH?");
        var (output, error) = (node.StandardOutput.ReadToEndAsync(), node.StandardError.ReadToEndAsync());
        try
        {
            await node.WaitForExitAsync(stop);
        }
        catch (OperationCanceledException)
        {
            node.Kill(entireProcessTree: true);
            return null;
        }

        return (node.ExitCode, await output, await error);
    }

    /// <summary>The contract as a FileDescriptorSet for grpc-js's loader, in a temporary file.</summary>
    private sealed class ContractFile : IDisposable
    {
        public string Path { get; } = System.IO.Path.GetTempFileName();

        public ContractFile()
        {
            var (set, added) = (new FileDescriptorSet(), new HashSet<string>());
            Add(MeteoritesReflection.Descriptor);
            File.WriteAllBytes(Path, set.ToByteArray());

            void Add(FileDescriptor file)
            {
                foreach (var dependency in file.Dependencies)
                {
                    Add(dependency);
                }

                if (added.Add(file.Name))
                {
                    set.File.Add(FileDescriptorProto.Parser.ParseFrom(file.SerializedData));
                }
            }
        }

        public void Dispose() => File.Delete(Path);
    }
}

/// <summary>A call of the stall reproduction that failed for another reason than a stall.</summary>
public sealed class StallRunException(string message) : Exception(message);
