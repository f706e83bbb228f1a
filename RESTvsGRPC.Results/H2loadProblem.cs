using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// Why an h2load run's answers were not the validated ones: <see cref="Failed"/> of <see cref="Done"/> requests failed
/// (all of them where none finished), or the body bytes per request (<see cref="BodyBytesPerRequest"/>) do not add up
/// to the validated answer's <see cref="ExpectedBodyBytes"/>.
/// </summary>
public sealed record H2loadProblem(long Done, long Failed, double BodyBytesPerRequest, long ExpectedBodyBytes);
