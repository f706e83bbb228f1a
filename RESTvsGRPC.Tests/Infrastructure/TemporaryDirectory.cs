namespace RESTvsGRPC.Tests.Infrastructure;

/// <summary>A fresh directory for one test class's files, deleted with everything in it when disposed.</summary>
public sealed class TemporaryDirectory : IDisposable
{
    public string Path { get; } = Directory.CreateTempSubdirectory("restvsgrpc-").FullName;

    /// <summary>The full path of <paramref name="name"/> inside this directory.</summary>
    public string File(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose() => Directory.Delete(Path, recursive: true);
}
