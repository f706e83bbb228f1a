using System.Xml.Linq;
using RESTvsGRPC.Results;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Reports;

/// <summary>The cut between measuring and reporting holds: Results on the BCL alone, Reports on Results alone, and
/// wording arms from the results' catalogue.</summary>
public sealed class RoomsTests
{
    [Theory]
    [InlineData("RESTvsGRPC.Results", new string[0])]
    [InlineData("RESTvsGRPC.Reports", new[] { "../RESTvsGRPC.Results/RESTvsGRPC.Results.csproj" })]
    public void Results_and_reports_reference_no_package_and_no_project_but_their_contract(
        string project,
        string[] references
    )
    {
        var file = XDocument.Load(Path.Combine(RepositoryPaths.Root, project, project + ".csproj"));

        Assert.Empty(file.Descendants("PackageReference"));
        Assert.Equal(references, file.Descendants("ProjectReference").Select(r => (string?)r.Attribute("Include")));
    }

    [Fact]
    public void No_report_source_names_an_arm_id()
    {
        var ids = ArmCatalogue.All.Keys.Concat(ArmCatalogue.Clients.Keys).Distinct().ToList();
        var named = Directory
            .GetFiles(Path.Combine(RepositoryPaths.Root, "RESTvsGRPC.Reports"), "*.cs", SearchOption.AllDirectories)
            .Where(file =>
                !file.Contains(
                    $"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}",
                    StringComparison.Ordinal
                )
            )
            .SelectMany(file =>
                ids.Where(id => File.ReadAllText(file).Contains($"\"{id}\"", StringComparison.Ordinal))
                    .Select(id => $"{Path.GetFileName(file)}: {id}")
            )
            .ToList();

        Assert.Empty(named);
    }
}
