using Google.Protobuf;
using Google.Protobuf.Reflection;
using Grpc.Health.V1;
using Grpc.Reflection.V1;
using ModelLibrary;
using ModelLibrary.Protos;
using RESTvsGRPC.Tests.Infrastructure;

namespace RESTvsGRPC.Tests.Interop;

/// <summary>
/// What the peers read: the contract as a FileDescriptorSet (grpcio builds its messages from it at run time) and
/// the committed records as one MeteoriteLandingList (the peer servers serve them).
/// </summary>
public sealed class InteropFiles : IDisposable
{
    private readonly TemporaryDirectory _directory = new();

    public InteropFiles()
    {
        File.WriteAllBytes(DescriptorSet, Contract().ToByteArray());
        File.WriteAllBytes(Records, Dataset.ProtoList.ToByteArray());
    }

    public static MeteoriteDataset Dataset { get; } = MeteoriteDataset.Load(RepositoryPaths.CommittedData);

    /// <summary>SHA-256 of the records as this project's protobuf encodes them: a peer that re-encodes what it received
    /// must match it.</summary>
    public static string RecordsSha256 { get; } =
        Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(Dataset.ProtoList.ToByteArray()));

    public string DescriptorSet => _directory.File("contract.pb");

    public string Records => _directory.File("records.pb");

    public void Dispose() => _directory.Dispose();

    /// <summary>Every file of the served contract, each after the files it imports.</summary>
    private static FileDescriptorSet Contract()
    {
        var set = new FileDescriptorSet();
        var added = new HashSet<string>();
        foreach (
            var file in new[]
            {
                MeteoritesReflection.Descriptor,
                HealthReflection.Descriptor,
                ReflectionReflection.Descriptor,
            }
        )
        {
            Add(file);
        }

        return set;

        void Add(FileDescriptor file)
        {
            foreach (var dependency in file.Dependencies)
            {
                Add(dependency);
            }

            if (added.Add(file.Name))
            {
                set.File.Add(FileDescriptorProto.Parser.ParseFrom(file.SerializedData));
            }
        }
    }
}
