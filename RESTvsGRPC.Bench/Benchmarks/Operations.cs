namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>Benchmark categories: one per operation, so each gRPC benchmark is reported as a ratio to its REST baseline.</summary>
public static class Operations
{
    public const string GetSmallPayload = nameof(GetSmallPayload);
    public const string GetLargePayload = nameof(GetLargePayload);
    public const string PostLargePayload = nameof(PostLargePayload);
}
