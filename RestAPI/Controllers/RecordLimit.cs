namespace RestAPI.Controllers;

/// <summary>The <c>limit</c> query parameter of the large GET: how many of the first records to return.</summary>
public static class RecordLimit
{
    /// <summary>Null when <paramref name="limit"/> is absent or within 1..<paramref name="count"/>; otherwise what is wrong with it.</summary>
    public static string? Check(int? limit, int count) =>
        limit is null || (limit >= 1 && limit <= count)
            ? null
            : $"limit must be between 1 and {count} (the records this server holds), not {limit}.";
}
