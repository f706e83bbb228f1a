using RESTvsGRPC.Results;

namespace RESTvsGRPC.Reports;

/// <summary>The HTTP-version suite: each arm over HTTP/1.1, h2c and TLS, named with its transport.</summary>
internal static class HttpVersionsSection
{
    public static void Add(SummaryContext summary)
    {
        var httpVersions = summary.InSuite(Suites.HttpVersions);
        if (httpVersions.Count == 0)
        {
            return;
        }

        summary.Document.AddHeading(2, "HTTP versions and TLS");
        foreach (var operation in SummaryText.Ordered(httpVersions.Select(b => b.Operation)))
        {
            summary.Document.AddHeading(3, SummaryText.Short(operation));
            summary.AddCallTable(
                [.. httpVersions.Where(b => b.Operation == operation)],
                "vs REST + JSON, HTTP/1.1",
                summary.NameWithTransport
            );
        }

        summary.Charts.Add(
            (
                "http-versions.svg",
                SvgChart.GroupedBars(
                    "Time per call by HTTP version and TLS",
                    "time per call",
                    [.. summary.TimePerCallGroups(httpVersions, summary.NameWithTransport)],
                    logScale: SummaryText.Spread(httpVersions.Select(b => b.NanosecondsPerCall)) > 20,
                    SummaryText.Microseconds
                )
            )
        );
        summary.Document.AddImage("http-versions.svg", "Time per call by HTTP version and TLS");
    }
}
