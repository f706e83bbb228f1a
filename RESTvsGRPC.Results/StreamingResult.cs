using System.Text.Json;
using System.Text.Json.Serialization;

namespace RESTvsGRPC.Results;

/// <summary>
/// One way of getting many records, a catalogue arm (its large GET's shape says how the records travel): medians of the
/// time to the first record the consumer can use and to the last (nanoseconds), and the most managed memory the client
/// held live meanwhile (bytes).
/// </summary>
public sealed record StreamingResult(
    string Arm,
    int Records,
    double FirstRecordNanoseconds,
    double TotalNanoseconds,
    double PeakLiveBytes
);
