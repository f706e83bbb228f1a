using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;
using RESTvsGRPC.Tests.Reports;

namespace RESTvsGRPC.Tests.Results;

/// <summary>The results files: written and read back without loss, on any OS's line endings, and refused in one line
/// when another version of the format wrote them.</summary>
public sealed class ResultsFileTests : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public void Dispose() => _directory.Dispose();

    [Theory]
    [MemberData(nameof(ReportSnapshotTests.Runs), MemberType = typeof(ReportSnapshotTests))]
    public void Run_results_read_back_and_write_again_byte_for_byte(string name)
    {
        var stored = Path.Combine(StoredReports.Folder(name), RunResults.FileName);

        RunResults.Load(stored).Save(_directory.Path);

        Assert.Equal(File.ReadAllBytes(stored), File.ReadAllBytes(_directory.File(RunResults.FileName)));
    }

    [Theory]
    [MemberData(nameof(ReportSnapshotTests.Loads), MemberType = typeof(ReportSnapshotTests))]
    public void Load_results_read_back_and_write_again_byte_for_byte(string name)
    {
        var stored = Path.Combine(StoredReports.Folder(name), LoadResults.FileName);

        LoadResults.Load(StoredReports.Folder(name)).Save(_directory.Path);

        Assert.Equal(File.ReadAllBytes(stored), File.ReadAllBytes(_directory.File(LoadResults.FileName)));
    }

    /// <summary>A file written before the bench dropped its experiment switches reads, their fields left out.</summary>
    [Fact]
    public void Run_results_with_the_fields_of_removed_switches_still_read()
    {
        var stored = Path.Combine(StoredReports.Folder("headline-trials"), RunResults.FileName);
        var older = File.ReadAllText(stored)
            .Replace(
                "\n  \"trials\": {",
                "\n  \"paired\": [],\n  \"stylesPaired\": null,\n  \"trials\": {",
                StringComparison.Ordinal
            )
            .Replace(
                "\"seed\": 28",
                "\"seed\": 28,\n      \"slicePauseSeconds\": 0.2,\n      \"warmedSuite\": true",
                StringComparison.Ordinal
            );
        Assert.Contains("slicePauseSeconds", older, StringComparison.Ordinal);
        File.WriteAllText(_directory.File(RunResults.FileName), older);

        RunResults.Load(_directory.Path).Save(Directory.CreateDirectory(_directory.File("again")).FullName);

        Assert.Equal(File.ReadAllBytes(stored), File.ReadAllBytes(_directory.File("again/" + RunResults.FileName)));
    }

    [Fact]
    public void Run_results_read_back_the_same_from_a_file_with_windows_line_endings()
    {
        var stored = Path.Combine(StoredReports.Folder("transport"), RunResults.FileName);
        File.WriteAllText(_directory.File(RunResults.FileName), File.ReadAllText(stored).ReplaceLineEndings("\r\n"));

        var again = Directory.CreateDirectory(_directory.File("again")).FullName;

        RunResults.Load(_directory.Path).Save(again);

        Assert.Equal(File.ReadAllBytes(stored), File.ReadAllBytes(Path.Combine(again, RunResults.FileName)));
    }

    [Fact]
    public void A_run_keeps_the_run_it_replaces_in_its_folder_for_the_summary_to_set_against()
    {
        var stored = Path.Combine(StoredReports.Folder("transport"), RunResults.FileName);
        File.Copy(stored, _directory.File(RunResults.FileName));

        var previous = RunResults.KeepPrevious(_directory.Path);

        Assert.Equal("0123456789abcdef0123456789abcdef01234567", previous?.Provenance.Commit);
        Assert.Equal(
            File.ReadAllBytes(stored),
            File.ReadAllBytes(Path.Combine(_directory.File(RunResults.PreviousFolder), RunResults.FileName))
        );
        Assert.Equal(previous!.Benchmarks, RunResults.LoadPrevious(_directory.Path)?.Benchmarks);
    }

    [Fact]
    public void A_run_that_replaces_an_unreadable_run_keeps_no_older_one()
    {
        var stored = File.ReadAllText(Path.Combine(StoredReports.Folder("transport"), RunResults.FileName));
        File.WriteAllText(_directory.File(RunResults.FileName), stored);
        RunResults.KeepPrevious(_directory.Path);
        File.WriteAllText(_directory.File(RunResults.FileName), WithoutSchemaVersion(stored));

        Assert.Null(RunResults.KeepPrevious(_directory.Path));
        Assert.False(Directory.Exists(_directory.File(RunResults.PreviousFolder)));
        Assert.Null(RunResults.LoadPrevious(_directory.Path));
    }

    [Fact]
    public void A_results_file_without_a_schema_version_is_refused_as_written_by_version_1()
    {
        var stored = File.ReadAllText(Path.Combine(StoredReports.Folder("transport"), RunResults.FileName));
        File.WriteAllText(_directory.File(RunResults.FileName), WithoutSchemaVersion(stored));

        var error = Assert.Throws<InvalidDataException>(() => RunResults.Load(_directory.Path));

        Assert.Equal(
            $"'{_directory.File(RunResults.FileName)}' was written by version 1 of the results format; "
                + $"this build reads versions {RunResults.ReadableSchemaVersion} and "
                + $"{RunResults.CurrentSchemaVersion}: "
                + "rerun the bench, or use the commit that wrote it.",
            error.Message
        );
    }

    [Fact]
    public void A_load_results_file_of_a_newer_version_is_refused_naming_its_version()
    {
        var stored = File.ReadAllText(Path.Combine(StoredReports.Folder("load"), LoadResults.FileName));
        File.WriteAllText(
            _directory.File(LoadResults.FileName),
            stored.Replace("\"schemaVersion\": 4,", "\"schemaVersion\": 5,", StringComparison.Ordinal)
        );

        var error = Assert.Throws<InvalidDataException>(() => LoadResults.Load(_directory.Path));

        Assert.StartsWith(
            $"'{_directory.File(LoadResults.FileName)}' was written by version 5 of the results format;",
            error.Message
        );
    }

    [Fact]
    public void Loading_a_folder_without_results_names_the_file_it_looked_for()
    {
        var error = Assert.Throws<FileNotFoundException>(() => RunResults.Load(_directory.Path));

        Assert.Equal(Path.Combine(_directory.Path, RunResults.FileName), error.FileName);
    }

    [Fact]
    public void A_version_4_file_reads_in_version_5s_shape_with_hodges_lehmanns_estimate_from_its_trials()
    {
        var current = RunResults.Load(StoredReports.Folder("headline"));
        var stored = Path.Combine(StoredReports.Folder("headline"), RunResults.FileName);
        var written = JsonNode.Parse(File.ReadAllText(stored))!;
        written["schemaVersion"] = RunResults.ReadableSchemaVersion;
        foreach (var ratio in written["trials"]!["headline"]!.AsArray())
        {
            ratio!.AsObject().Remove("hodgesLehmann");
            ratio.AsObject().Remove("components");
        }

        File.WriteAllText(_directory.File(RunResults.FileName), written.ToJsonString());
        var read = RunResults.Load(_directory.Path);

        Assert.Equal(RunResults.CurrentSchemaVersion, read.SchemaVersion);
        Assert.All(read.Trials!.Headline, r => Assert.NotNull(r.HodgesLehmann));
        Assert.Equal(
            current.Trials!.Headline.Select(r => r.HodgesLehmann),
            read.Trials.Headline.Select(r => r.HodgesLehmann)
        );
        Assert.All(read.Trials.Headline, r => Assert.Null(r.Components));
    }

    private static string WithoutSchemaVersion(string stored) => Regex.Replace(stored, "\"schemaVersion\": \\d+,", "");
}
