using System.Text.RegularExpressions;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Robustness;

/// <summary>The bad-input catalogue against the real servers: each row's documented answer, nothing internal in it, the
/// server serving on.</summary>
public sealed partial class BadInputTests(BadInputServers servers) : IClassFixture<BadInputServers>
{
    private static readonly TimeSpan AnswerTimeout = TimeSpan.FromSeconds(60);

    public static TheoryData<string> Requests { get; } = [.. BadInputCatalogue.Rows.Select(row => row.ToString())];

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task Bad_request_gets_its_documented_answer_and_the_server_serves_the_next(string request)
    {
        var row = BadInputCatalogue.Rows.Single(row => row.ToString() == request);

        var observed = await row.Send(servers).WaitAsync(AnswerTimeout);

        Assert.Equal(row.Status, observed.Status);
        AssertNothingInternal(observed.Text);
        Assert.True(
            await servers.ServesAsync(row.Server),
            $"{row.Server} did not serve a good request after: {row.Request}"
        );
    }

    [Fact]
    public void Robustness_page_bad_input_table_is_the_catalogue()
    {
        var expected = BadInputCatalogue.Rows.Select((row, i) => row.TableRow(i + 1)).ToArray();
        var page = File.ReadAllLines(Path.Combine(RepositoryPaths.Root, "docs", "robustness.md"));

        var table = page.Where(line => TableRow().IsMatch(line)).ToArray();

        Assert.True(
            expected.SequenceEqual(table),
            "docs/robustness.md's bad-input table differs from BadInputCatalogue; its rows should be:\n"
                + string.Join('\n', expected)
        );
        Assert.True(BadInputCatalogue.Rows.Count >= 40);
        Assert.Equal([BadInput.Rest, BadInput.Grpc], BadInputCatalogue.Rows.Select(row => row.Server).Distinct());
    }

    /// <summary>
    /// No stack frame, exception type, .NET namespace or source path: a client learns what was wrong, not how the
    /// server is built. grpc-dotnet's fixed sentence for a failed call, which names no type, is not a leak.
    /// </summary>
    internal static void AssertNothingInternal(string answer)
    {
        answer = answer.Replace(GrpcDotnetUnknownError, "", StringComparison.Ordinal);
        foreach (
            var leak in new[]
            {
                "   at ",
                "Exception",
                "System.",
                "Microsoft.",
                "ModelLibrary.",
                "RestAPI.",
                "GrpcAPI.",
                ".cs:line",
            }
        )
        {
            Assert.False(
                answer.Contains(leak, StringComparison.Ordinal),
                $"the answer shows \"{leak}\": {answer[..Math.Min(answer.Length, 2000)]}"
            );
        }
    }

    /// <summary>What grpc-dotnet says with UNKNOWN when a call fails outside an RpcException, a request message that
    /// does not parse among them.</summary>
    internal const string GrpcDotnetUnknownError = "Exception was thrown by handler.";

    [GeneratedRegex(@"^\| \d+ \| (RestAPI|GrpcAPI) \|")]
    private static partial Regex TableRow();
}
