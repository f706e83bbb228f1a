using Microsoft.Playwright;
using RESTvsGRPC.Reports;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>
/// summary.html opened in a real browser (Debian's chromium driven by Playwright), as a reader opens it from a run's
/// folder: every chart loads and has a size, the page logs no error, the headline table is there. The screenshot goes
/// to <c>RESTVSGRPC_CI_ARTIFACTS</c> when set (the landing CI keeps it), otherwise into the test's temporary folder.
/// </summary>
public sealed class SummaryInBrowserTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    /// <summary>A pooled headline run (its own charts) and a dry run of every suite (every other chart).</summary>
    public static TheoryData<string> Runs => ["headline-pooled", "dry-full"];

    [BrowserTheory]
    [MemberData(nameof(Runs))]
    public async Task Summary_page_shows_every_chart_and_the_headline_table_without_a_browser_error(string name)
    {
        RunSummary.Write(
            RunResults.Load(StoredReports.Folder(name)),
            RunResults.LoadPrevious(StoredReports.Folder(name)),
            _directory.Path
        );
        var charts = Directory.GetFiles(_directory.Path, "*.svg").Select(Path.GetFileName).Order().ToList();
        using var playwright = await Playwright.CreateAsync();
        await using var browser = await playwright.Chromium.LaunchAsync(
            new() { ExecutablePath = Peers.Chromium, Headless = true }
        );
        var page = await browser.NewPageAsync(
            new()
            {
                ViewportSize = new() { Width = 1400, Height = 900 },
            }
        );
        var errors = new List<string>();
        page.Console += (_, message) =>
        {
            if (message.Type == "error")
            {
                errors.Add(message.Text);
            }
        };
        page.PageError += (_, error) => errors.Add(error);
        page.RequestFailed += (_, request) => errors.Add($"{request.Url}: {request.Failure}");

        await page.GotoAsync(
            new Uri(Path.Combine(_directory.Path, "summary.html")).AbsoluteUri,
            new() { WaitUntil = WaitUntilState.Load }
        );
        var images = await page.EvaluateAsync<ImageOnPage[]>(
            "() => Array.from(document.images).map(i => ({ file: i.getAttribute('src'), naturalWidth: i.naturalWidth, "
                + "width: i.getBoundingClientRect().width, height: i.getBoundingClientRect().height }))"
        );
        var headline = page.Locator("h2:has-text('Headline') ~ table").First;
        var headlineColumns = await headline.Locator("th").AllInnerTextsAsync();
        var headlineRows = await headline.Locator("tr").CountAsync();
        await page.ScreenshotAsync(new() { Path = ScreenshotPath(name), FullPage = true });

        Assert.Empty(errors);
        Assert.Equal(charts, images.Select(i => i.File).Order());
        Assert.All(images, i =>
            Assert.True(
                i is { NaturalWidth: > 0, Width: > 0, Height: > 0 },
                $"{i.File} renders at {i.Width}×{i.Height} (natural width {i.NaturalWidth})"
            )
        );
        Assert.Contains("latency ratio", headlineColumns);
        Assert.Contains("throughput ratio", headlineColumns);
        Assert.True(headlineRows > 2, $"the headline table has {headlineRows} rows");
        Assert.True(new FileInfo(ScreenshotPath(name)).Length > 0);
    }

    private string ScreenshotPath(string name) =>
        Path.Combine(
            Environment.GetEnvironmentVariable("RESTVSGRPC_CI_ARTIFACTS") is { Length: > 0 } kept
                ? kept
                : _directory.Path,
            $"summary-{name}.png"
        );

    /// <summary>One image as the browser laid it out (settable: Playwright fills it after a parameterless
    /// constructor).</summary>
    private sealed class ImageOnPage
    {
        public string File { get; set; } = "";

        public int NaturalWidth { get; set; }

        public double Width { get; set; }

        public double Height { get; set; }
    }
}
