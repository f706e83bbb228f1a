using ModelLibrary;

namespace RESTvsGRPC.Bench.Load;

/// <summary>
/// What a good answer looks like, cheap to check on every call: version, record count, sum of record ids, the count a
/// POST received.
/// </summary>
public sealed record LoadExpectation(
    string Version,
    int Count,
    ulong IdSum,
    IReadOnlyList<ModelLibrary.Rest.MeteoriteLanding> Records,
    ModelLibrary.Protos.MeteoriteLandingList ProtoRecords
)
{
    /// <summary>The expectation for the data set the servers were started with.</summary>
    public static LoadExpectation For(MeteoriteDataset dataset) =>
        new(
            ModelLibrary.Rest.ApiVersion.Current,
            dataset.Count,
            dataset.Records.Aggregate(0UL, (sum, record) => sum + record.Id),
            dataset.Records,
            dataset.ProtoList
        );
}

/// <summary>A success status whose content is not what the data set says; counted as a validation error.</summary>
public sealed class LoadValidationException(string message) : Exception(message);
