using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// The streaming probe's method: timed calls per arm, untimed calls before them, and how often live memory was read
/// (records).
/// </summary>
public sealed record StreamingMethod(int Repetitions, int WarmUps, int MemorySampleEvery);
