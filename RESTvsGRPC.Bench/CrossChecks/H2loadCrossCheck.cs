using RESTvsGRPC.Bench.Load;
using RESTvsGRPC.Bench.Servers;
using RESTvsGRPC.Bench.Trials;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.CrossChecks;

/// <summary>
/// The headline's outside check: h2load (a C client that parses no answer) sends an arm's request as the project's
/// clients do, at the trials' concurrency, at their calls/s (the server's CPU per request must match the trials') and
/// unthrottled. Each request is first validated here; h2load's body bytes per request must match.
/// </summary>
public static partial class H2loadCrossCheck
{
    /// <summary>True where h2load is on the PATH.</summary>
    public static bool Available => FindOnPath("h2load") is not null;

    /// <summary>The line a run prints where h2load is missing, so the check's absence is never silent.</summary>
    public const string MissingText =
        "// h2load is not on PATH (Debian: apt-get install nghttp2-client): "
        + "the servers' CPU check is left out of this run";

    /// <summary>
    /// The arms h2load can send as the project's clients do: REST GETs over HTTP/1.1 and gRPC's list over h2c.
    /// </summary>
    public static IReadOnlyList<(string Operation, string Arm)> Arms { get; } =
    [
        .. TrialArm
            .Transport.Where(a => a.Operation != LoadOperation.Post && Speaks(ArmCatalogue.Clients[a.Target]))
            .Select(a => (TrialArm.NameOf(a.Operation), a.Target)),
    ];

    private static bool Speaks(Arm arm) =>
        arm.Compression == "none"
        && arm switch
        {
            { Protocol: Arm.Rest, Transport: "HTTP/1.1", Style: Arm.Controllers } => true,
            { Protocol: Arm.Rest, Transport: "HTTP/1.1", Style: Arm.MinimalApi, IsProtobuf: false } => true,
            { Protocol: Arm.Grpc, Transport: "h2c", CallShape: "list" } => true,
            _ => false,
        };

    /// <summary>
    /// Runs every arm at the trials' concurrency, at their calls/s twice and unthrottled once, each after a warm-up of
    /// half <paramref name="seconds"/>.
    /// </summary>
    public static async Task<IReadOnlyList<H2loadCheck>> RunAsync(
        TrialsRun trials,
        RestServerAddresses rest,
        GrpcServerAddresses grpc,
        int restProcessId,
        int grpcProcessId,
        double seconds,
        TextWriter output
    )
    {
        var checks = new List<H2loadCheck>();
        using var work = new TemporaryFolder();
        var setups = Setups(trials, rest, grpc, (restProcessId, grpcProcessId), work.Path);
        foreach (var pass in new[] { 1, 2 })
        {
            foreach (var a in setups)
            {
                // Every pass runs at the trials' calls/s; the first also runs unthrottled.
                List<double?> targets = double.IsFinite(a.Rate) ? [a.Rate] : [];
                if (pass == 1)
                {
                    targets.Add(null);
                }

                foreach (var target in targets)
                {
                    var check = await CheckAsync(
                        a.Request,
                        a.Operation,
                        a.Arm,
                        a.Concurrency,
                        target,
                        a.ServerId,
                        seconds,
                        a.OwnCpu
                    );
                    output.WriteLine(Progress(a, target, check));
                    checks.Add(check);
                }
            }
        }

        return checks;
    }

    /// <summary>What h2load sends for an arm, to which server, and the trials' figures it is checked against.</summary>
    private sealed record Setup(
        string Operation,
        string Arm,
        int Concurrency,
        Request Request,
        int ServerId,
        double? OwnCpu,
        double Rate
    );

    /// <summary>
    /// Each arm's request, written once, with its server and the trials' server CPU per call and calls/s at the
    /// trials' concurrency.
    /// </summary>
    private static List<Setup> Setups(
        TrialsRun trials,
        RestServerAddresses rest,
        GrpcServerAddresses grpc,
        (int RestApi, int GrpcApi) processIds,
        string folder
    ) =>
        [
            .. Arms.Select(a =>
            {
                var concurrency = trials.ConcurrencyOf(a.Operation, a.Arm);
                var client = ArmCatalogue.Clients[a.Arm];
                var own = AtConcurrency(trials, a.Operation, a.Arm, concurrency, l => l.ServerCpuNanosecondsPerCall);
                return new Setup(
                    Operation: a.Operation,
                    Arm: a.Arm,
                    Concurrency: concurrency,
                    Request: RequestOf(a.Operation, client, rest, grpc, folder),
                    ServerId: client.IsServedByGrpcApi ? processIds.GrpcApi : processIds.RestApi,
                    OwnCpu: own.Count > 0 ? MedianInterval.MedianOf(own) : null,
                    Rate: MedianInterval.MedianOf(
                        AtConcurrency(trials, a.Operation, a.Arm, concurrency, l => l.CallsPerSecond)
                    )
                );
            }),
        ];

    /// <summary>A check's progress line: the arm, the rate asked, the rate served and the server's CPU.</summary>
    private static string Progress(Setup a, double? target, H2loadCheck check) =>
        $"// h2load: {a.Operation} {a.Arm} at {a.Concurrency} in flight, "
        + $"{(target is null ? "unthrottled" : $"{target:0} requests/s asked")}: "
        + $"{check.RequestsPerSecond:0} requests/s, "
        + $"server CPU "
        + $"{(check.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "not measured")} "
        + $"per request"
        + (check.Problem is { } p ? $" ({FaultText.Of(p)})" : "");

    /// <summary>
    /// An arm's throughput figure at <paramref name="concurrency"/> in flight, in every trial that measured it there.
    /// </summary>
    public static IReadOnlyList<double> AtConcurrency(
        TrialsRun trials,
        string operation,
        string arm,
        int concurrency,
        Func<ThroughputLevel, double?> figure
    ) =>
        [
            .. trials
                .Trials.SelectMany(t => t.Segments)
                .Where(s => s.Operation == operation && s.Arm == arm)
                .SelectMany(s =>
                    s.Levels
                    ??
                    [
                        new ThroughputLevel(
                            s.Concurrency,
                            s.ThroughputCalls,
                            s.CallsPerSecond,
                            s.ClientCpuNanosecondsPerCall,
                            s.ServerCpuNanosecondsPerCall
                        ),
                    ]
                )
                .Where(level => level.Concurrency == concurrency)
                .Select(figure)
                .OfType<double>(),
        ];

    /// <summary>
    /// One h2load request: URL, method body (null for a GET), headers, the answer's media type, HTTP/1.1 or h2c.
    /// </summary>
    public sealed record Request(
        Uri Url,
        string? BodyFile,
        IReadOnlyList<string> Headers,
        string ContentType,
        bool Http11
    );

    private static Request RequestOf(
        string operation,
        Arm arm,
        RestServerAddresses rest,
        GrpcServerAddresses grpc,
        string folder
    )
    {
        var small = operation == OperationNames.Small;
        if (arm.Protocol == Arm.Grpc)
        {
            var body = Path.Combine(folder, $"{operation}.grpc");
            // An empty message (GetVersion's EmptyRequest, or a LargePayloadRequest with no limit: every record) framed
            // as gRPC: flag 0, length 0.
            File.WriteAllBytes(body, new byte[5]);
            var method = small ? "GetVersion" : "GetLargePayloadAsList";
            return new Request(
                new Uri(grpc.H2c, $"meteorites.v1.MeteoriteLandingsService/{method}"),
                body,
                ["content-type: application/grpc", "te: trailers"],
                ContentType: "application/grpc",
                Http11: false
            );
        }

        var routes = arm.Style == Arm.MinimalApi ? Clients.RestRoutes.MinimalApis : Clients.RestRoutes.Controllers;
        var (path, accept) = arm.IsProtobuf
            ? (
                small ? Clients.RestProtobufClient.SmallRoute : Clients.RestProtobufClient.LargeRoute,
                Clients.RestProtobufClient.MediaType
            )
            : (small ? routes.Small : routes.Large, "application/json");
        return new Request(new Uri(rest.Http11, path), null, [$"accept: {accept}"], ContentType: accept, Http11: true);
    }

    private static async Task<H2loadCheck> CheckAsync(
        Request request,
        string operation,
        string arm,
        int concurrency,
        double? rate,
        int serverId,
        double seconds,
        double? ownCpu
    )
    {
        var bodyLength = await ValidateAsync(request);
        await RunH2loadAsync(request, concurrency, rate, seconds / 2);
        using var server = Process.GetProcessById(serverId);
        var before = server.TotalProcessorTime;
        var report = await RunH2loadAsync(request, concurrency, rate, seconds);
        server.Refresh();
        var cpu = (server.TotalProcessorTime - before).TotalNanoseconds;
        var parsed = Parse(report);
        var problem = ProblemOf(parsed, bodyLength, request.Http11);
        return new H2loadCheck(
            operation,
            arm,
            concurrency,
            rate,
            parsed.Done,
            parsed.PerSecond,
            problem is null ? cpu / parsed.Done : null,
            ownCpu,
            problem
        );
    }

    /// <summary>
    /// Sends the request once with HttpClient and checks the answer (and, for gRPC, its trailers); returns the body's
    /// length.
    /// </summary>
    private static async Task<long> ValidateAsync(Request request)
    {
        using var http = new HttpClient(new SocketsHttpHandler());
        using var message = new HttpRequestMessage(
            request.BodyFile is null ? HttpMethod.Get : HttpMethod.Post,
            request.Url
        )
        {
            Version = request.Http11 ? HttpVersion.Version11 : HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        if (request.BodyFile is { } file)
        {
            message.Content = new ByteArrayContent(await File.ReadAllBytesAsync(file));
        }

        foreach (var header in request.Headers.Select(h => h.Split(": ", 2)))
        {
            if (!message.Headers.TryAddWithoutValidation(header[0], header[1]))
            {
                message.Content!.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(header[1]);
            }
        }

        using var response = await http.SendAsync(message);
        var body = await response.Content.ReadAsByteArrayAsync();
        var grpcStatus = response.TrailingHeaders.TryGetValues("grpc-status", out var values) ? values.First() : null;
        var contentType = response.Content.Headers.ContentType?.MediaType;
        if (
            !response.IsSuccessStatusCode
            || body.Length == 0
            || contentType != request.ContentType
            || (!request.Http11 && grpcStatus != "0")
        )
        {
            throw new TrialFailedException(
                $"h2load's request to {request.Url} does not succeed on its own: HTTP {(int)response.StatusCode}, "
                    + $"{contentType ?? "no content type"} ({request.ContentType} expected), "
                    + $"grpc-status {grpcStatus ?? "none"}, {body.Length} bytes."
            );
        }

        return body.Length;
    }

    /// <summary>
    /// Runs h2load for <paramref name="seconds"/>; with <paramref name="rate"/>, at that many requests/s in all (spread
    /// over its clients).
    /// </summary>
    private static async Task<string> RunH2loadAsync(Request request, int concurrency, double? rate, double seconds)
    {
        var start = new ProcessStartInfo(FindOnPath("h2load") ?? "h2load")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        var duration = string.Create(CultureInfo.InvariantCulture, $"{Math.Max(100, (int)(seconds * 1000))}ms");
        var clients = request.Http11 ? concurrency : 1;
        var streams = request.Http11 ? 1 : concurrency;
        string[] throttle = rate is { } total
            ? ["--rps", string.Create(CultureInfo.InvariantCulture, $"{Math.Max(1, (int)Math.Round(total / clients))}")]
            : [];
        string[] arguments =
        [
            .. request.Http11 ? ["--h1"] : Array.Empty<string>(),
            "-c",
            $"{clients}",
            "-m",
            $"{streams}",
            "-D",
            duration,
            .. throttle,
            .. request.Headers.SelectMany(h => new[] { "-H", h }),
            .. request.BodyFile is { } body ? ["-d", body] : Array.Empty<string>(),
            request.Url.ToString(),
        ];
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var text = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(seconds + 60));
        return process.ExitCode == 0
            ? await text
            : throw new TrialFailedException($"h2load exited with code {process.ExitCode}: {(await errors).Trim()}");
    }

    /// <summary>
    /// What one h2load run reports: requests started, done and succeeded, requests/s, and body bytes received.
    /// </summary>
    public readonly record struct H2loadReport(
        long Started,
        long Done,
        long Succeeded,
        double PerSecond,
        long DataBytes
    );

    /// <summary>Reads h2load's report.</summary>
    public static H2loadReport Parse(string report)
    {
        var requests = RequestsLine().Match(report);
        var rate = RateLine().Match(report);
        var traffic = DataBytes().Match(report);
        if (!requests.Success || !rate.Success || !traffic.Success)
        {
            throw new TrialFailedException($"h2load's report has no requests, rate or traffic line: {report.Trim()}");
        }

        long Count(Group group) => long.Parse(group.Value, CultureInfo.InvariantCulture);
        return new H2loadReport(
            Count(requests.Groups[1]),
            Count(requests.Groups[2]),
            Count(requests.Groups[3]),
            double.Parse(rate.Groups[1].Value, CultureInfo.InvariantCulture),
            Count(traffic.Groups[1])
        );
    }

    /// <summary>
    /// Why a run's answers were not the validated ones (failed requests, or body bytes that do not add up), or null.
    /// </summary>
    public static H2loadProblem? ProblemOf(H2loadReport report, long bodyLength, bool http11)
    {
        if (report.Done == 0 || report.Succeeded != report.Done)
        {
            return new H2loadProblem(report.Done, report.Done - report.Succeeded, 0, bodyLength);
        }

        // HTTP/1.1 answers sent chunked carry their chunk framing in h2load's count, and how many chunks a body takes
        // depends on timing (1–3 % of a large JSON body here): framing only adds, so a short answer still shows. A run
        // cut by its duration also counts the bytes of the requests still in flight (started, not done): at most a body
        // each.
        var framing = http11 ? 0.05 * bodyLength : 0;
        var perRequest = report.DataBytes / (double)report.Done;
        var ceiling = (bodyLength + framing) * report.Started / report.Done + 16;
        return perRequest < bodyLength - 16 || perRequest > ceiling
            ? new H2loadProblem(report.Done, 0, perRequest, bodyLength)
            : null;
    }

    private static string? FindOnPath(string program) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "")
            .Split(Path.PathSeparator)
            .Select(folder => Path.Combine(folder, program))
            .FirstOrDefault(File.Exists);

    [GeneratedRegex(@"requests: \d+ total, (\d+) started, (\d+) done, (\d+) succeeded")]
    private static partial Regex RequestsLine();

    [GeneratedRegex(@"finished in [\d.]+m?s, ([\d.]+) req/s")]
    private static partial Regex RateLine();

    [GeneratedRegex(@"traffic: .*?\(\d+\) total, .*?\(\d+\) headers .*?, .*?\((\d+)\) data")]
    private static partial Regex DataBytes();

    private sealed class TemporaryFolder : IDisposable
    {
        private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("restvsgrpc-h2load-");

        public string Path => _folder.FullName;

        public void Dispose() => _folder.Delete(recursive: true);
    }
}
