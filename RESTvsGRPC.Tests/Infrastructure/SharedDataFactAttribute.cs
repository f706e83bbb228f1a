namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>A fact that needs the NASA sample in ../shared/data and skips, with the reason, where it is
/// absent.</summary>
public sealed class SharedDataFactAttribute : FactAttribute
{
    public SharedDataFactAttribute()
    {
        if (!File.Exists(RepositoryPaths.NasaSample))
        {
            Skip = $"NASA sample not found at {Path.GetFullPath(RepositoryPaths.NasaSample)}.";
        }
    }
}
