namespace RESTvsGRPC.Bench.Benchmarks;

/// <summary>The body of every network benchmark: a batch of calls in a row.</summary>
public static class Batch
{
    /// <summary>The reference benchmark's batch sizes.</summary>
    public static IReadOnlyList<int> Sizes { get; } = [100, 200];

    /// <summary>
    /// Makes <paramref name="calls"/> calls one after another and returns the last answer, so no work can be dropped.
    /// </summary>
    public static async Task<T> RepeatAsync<T>(int calls, Func<Task<T>> call)
    {
        var last = default(T)!;
        for (var i = 0; i < calls; i++)
        {
            last = await call();
        }

        return last;
    }
}
