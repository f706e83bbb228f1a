namespace RESTvsGRPC.Tests.Robustness;

/// <summary>
/// One row of the bad-input catalogue: the server, the request in words, the status the row expects (as
/// <see cref="Observed.Status"/> writes it), the answer in words as docs/robustness.md documents it, how to send it,
/// and whether it takes seconds by design (a slow sender), and whether only the JIT build serves its route (the
/// controllers' protobuf route and JSON transcoding, which the Native AOT build leaves out).
/// </summary>
public sealed record BadInput(
    string Server,
    string Request,
    string Status,
    string Answer,
    Func<BadInputServers, Task<Observed>> Send,
    bool Slow = false,
    bool JitOnly = false
)
{
    public const string Rest = "RestAPI";
    public const string Grpc = "GrpcAPI";

    /// <summary>The row as docs/robustness.md's table writes it.</summary>
    public string TableRow(int number) => $"| {number} | {Server} | {Request} | `{Status}` | {Answer} |";

    public override string ToString() => $"{Server}: {Request}";
}

/// <summary>What came back: the status ("400", "grpc-status 13", "GOAWAY HTTP_1_1_REQUIRED") and every text a client
/// could read.</summary>
public sealed record Observed(string Status, string Text);
