using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Settling passes: every arm makes <see cref="Calls"/> calls one at a time, then the JIT falls quiet, pass after pass
/// until one compiles at most <see cref="QuietCompilations"/> methods, at most <see cref="MaxPasses"/> passes.
/// </summary>
public sealed record TrialsSettle(int Calls, int MaxPasses, int QuietCompilations);
