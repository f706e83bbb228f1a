using System.Text.Json.Serialization.Metadata;
using Proto = ModelLibrary.Shapes.Telemetry.Protos;

namespace ModelLibrary.Shapes.Telemetry;

/// <summary>
/// Numeric series of 100 readings: 13-digit times and doubles of full precision (17 significant digits in JSON,
/// 8 bytes each packed in protobuf).
/// </summary>
public sealed class TelemetryShape : PayloadShape<TelemetrySeries, Proto.TelemetrySeriesList>
{
    /// <summary>Readings in each series.</summary>
    public const int Readings = 100;

    // 2026-01-01T00:00:00Z: times are whole seconds apart from it.
    private const long Epoch = 1_767_225_600_000;

    public override string Name => "telemetry";

    public override string Summary => "numeric series: Unix-millisecond times and full-precision doubles";

    public override int SmallCount => 1;

    public override int LargeCount => 20;

    public override JsonTypeInfo<List<TelemetrySeries>> ListJson => TelemetryJsonContext.Default.ListTelemetrySeries;

    public override Proto.TelemetrySeriesList ToMessage(IEnumerable<TelemetrySeries> records)
    {
        var list = new Proto.TelemetrySeriesList();
        foreach (var record in records)
        {
            var series = new Proto.TelemetrySeries { Sensor = record.Sensor, Unit = record.Unit };
            series.Timestamps.AddRange(record.Timestamps);
            series.Values.AddRange(record.Values);
            list.Series.Add(series);
        }

        return list;
    }

    public override int CountOf(Proto.TelemetrySeriesList message) => message.Series.Count;

    protected override IReadOnlyList<TelemetrySeries> Generate(int count)
    {
        var random = new SplitMix64(105);
        return
        [
            .. Enumerable
                .Range(1, count)
                .Select(id =>
                {
                    var start = Epoch + (random.Next(0, 86_400) * 1000L);
                    var level = random.Next(10, 90);
                    return new TelemetrySeries
                    {
                        Sensor = $"rack-{id:00}/temperature",
                        Unit = "°C",
                        Timestamps = [.. Enumerable.Range(0, Readings).Select(i => start + (i * 1000L))],
                        Values = [.. Enumerable.Range(0, Readings).Select(_ => level + random.NextDouble())],
                    };
                }),
        ];
    }
}
