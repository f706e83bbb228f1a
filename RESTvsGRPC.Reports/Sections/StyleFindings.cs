using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>
/// The styles section's findings, a paragraph per style the run measured: its ratios to controllers and to gRPC, its
/// server CPU or bytes, and why it differs; every number read from the run.
/// </summary>
internal sealed class StyleFindings(
    RunResults run,
    IReadOnlyList<BenchmarkResult> rows,
    IReadOnlyDictionary<string, WireBytes> wire,
    StylesSection.Comparer compare
)
{
    private const string Small = OperationNames.Small,
        Large = OperationNames.Large,
        Post = OperationNames.Post;

    private static readonly StylesSection.Role Controllers = new(Arm.Rest, Arm.Controllers);
    private static readonly StylesSection.Role Minimal = new(Arm.Rest, Arm.MinimalApi);
    private static readonly StylesSection.Role Transcoding = new(Arm.Rest, Arm.JsonTranscoding);
    private static readonly StylesSection.Role TranscodingStream = Transcoding with { CallShape = "stream" };
    private static readonly StylesSection.Role Grpc = StylesSection.GrpcItself;
    private static readonly StylesSection.Role GrpcStream = Grpc with { CallShape = "stream" };
    private static readonly StylesSection.Role GrpcWeb = new(Arm.GrpcWeb, Arm.GrpcService);
    private static readonly StylesSection.Role GrpcWebH2c = GrpcWeb with { Transport = "h2c" };
    private static readonly StylesSection.Role GrpcWebText = GrpcWeb with
    {
        CallShape = "stream",
        Encoding = "protobuf, base64 text",
    };

    /// <summary>The paragraphs of the styles the run measured, in the section's order.</summary>
    public IEnumerable<string> Paragraphs() =>
        new[]
        {
            MinimalParagraph(),
            TranscodingParagraph(),
            GrpcWebParagraph(),
            GrpcWebTextParagraph(),
        }.OfType<string>();

    /// <summary>Minimal APIs against controllers: the MVC pipeline's cost.</summary>
    private string? MinimalParagraph() =>
        !Ran(Minimal)
            ? null
            : "**Minimal APIs** against controllers, same server, routes and JSON context: small GET "
                + $"{Against(Small, Minimal, Controllers)}, large GET {Against(Large, Minimal, Controllers)}, "
                + $"POST {Against(Post, Minimal, Controllers)}; server CPU per small GET {Cpu(Small, Minimal)} against "
                + $"{Cpu(Small, Controllers)}. MVC adds work to every request (action selection, "
                + $"model binding through value providers, output "
                + "formatter selection, the filter pipeline): it shows most where a call does little else, "
                + "and fades where serializing 1000 records dominates.";

    /// <summary>gRPC JSON transcoding against controllers and against gRPC.</summary>
    private string? TranscodingParagraph() =>
        !Ran(Transcoding, TranscodingStream)
            ? null
            : "**gRPC JSON transcoding** (GrpcAPI's gRPC service answering REST + JSON routes): "
                + "against controllers, small GET "
                + $"{Against(Small, Transcoding, Controllers)}, large GET {Against(Large, Transcoding, Controllers)}, "
                + $"POST {Against(Post, Transcoding, Controllers)}; against gRPC, "
                + $"large GET {Against(Large, Transcoding, Grpc)}, "
                + $"POST {Against(Post, Transcoding, Grpc)}. Server CPU per large GET {Cpu(Large, Transcoding)} "
                + $"against controllers' "
                + $"{Cpu(Large, Controllers)} and gRPC's {Cpu(Large, Grpc)}. "
                + $"Each call runs the gRPC pipeline and then converts between JSON and "
                + "protobuf messages, field by field through each message's descriptor, "
                + "where controllers serialize plain records with generated code "
                + "and gRPC writes protobuf bytes.";

    /// <summary>Binary gRPC-Web against gRPC, over HTTP/1.1 and over h2c.</summary>
    private string? GrpcWebParagraph() =>
        !Ran(GrpcWeb, GrpcWebH2c)
            ? null
            : "**gRPC-Web, binary** (the same protobuf messages and framing as gRPC; "
                + "the status goes in a last frame of the body instead of HTTP/2 "
                + $"trailers): over HTTP/1.1 against gRPC, small GET {Against(Small, GrpcWeb, Grpc)}, large GET "
                + $"{Against(Large, GrpcWeb, Grpc)}, POST {Against(Post, GrpcWeb, Grpc)}; "
                + $"over h2c, small GET {Against(Small, GrpcWebH2c, Grpc)}, "
                + $"large GET {Against(Large, GrpcWebH2c, Grpc)}. "
                + "The h2c arm shows what the gRPC-Web translation costs on the same HTTP version; "
                + "the HTTP/1.1 arm adds what HTTP/1.1 saves or costs against HTTP/2.";

    /// <summary>Text gRPC-Web's stream: base64's bytes and time against gRPC's stream.</summary>
    private string? GrpcWebTextParagraph() =>
        !Ran(GrpcWebText)
            ? null
            : "**gRPC-Web, text** (base64, which browsers' gRPC-Web clients ask for to read a server "
                + "stream as it comes): the 1000-record stream receives "
                + $"{Received(Large, GrpcWebText)} per call against gRPC's {Received(Large, GrpcStream)} (base64 "
                + $"carries 3 bytes in 4 "
                + $"characters, and each message is padded on its own); "
                + $"against gRPC's stream it is {Against(Large, GrpcWebText, GrpcStream)}, "
                + $"and transcoding's stream (one JSON object per line) "
                + $"{Against(Large, TranscodingStream, GrpcStream)}.";

    private string? Id(string operation, StylesSection.Role role) =>
        rows.FirstOrDefault(b => b.Operation == operation && role.Is(run.ArmOf(b)))?.Arm;

    private BenchmarkResult? Find(string operation, StylesSection.Role role) =>
        rows.FirstOrDefault(b => b.Operation == operation && b.Arm == Id(operation, role));

    private bool Ran(params StylesSection.Role[] roles) =>
        roles.Any(role => SummaryText.OperationOrder.Any(operation => Id(operation, role) is not null));

    private string Against(string operation, StylesSection.Role arm, StylesSection.Role reference) =>
        Id(operation, arm) is { } id && Id(operation, reference) is { } against
            ? compare.Text(operation, id, against)
            : "not run";

    private string Cpu(string operation, StylesSection.Role role) =>
        Find(operation, role)?.ServerCpuNanosecondsPerCall is { } cpu ? Units.Time(cpu) : "not measured";

    private string Received(string operation, StylesSection.Role role) =>
        Find(operation, role) is { } b && wire.TryGetValue(b.Method, out var bytes)
            ? Units.Bytes(bytes.ReceivedPerCall)
            : "not measured";
}
