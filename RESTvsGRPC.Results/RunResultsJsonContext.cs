using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>The results file's System.Text.Json context: every type a run writes, source-generated.</summary>
// A one-iteration job (dry) has no confidence interval: its error is NaN, written as such rather than refused.
[JsonSourceGenerationOptions(
    WriteIndented = true,
    NewLine = "\n",
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals
)]
[JsonSerializable(typeof(RunResults))]
internal sealed partial class RunResultsJsonContext : JsonSerializerContext;
