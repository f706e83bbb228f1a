using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>The calls in flight an operation's throughput slices were measured at.</summary>
public sealed record OperationInFlight(string Operation, IReadOnlyList<int> Calls);
