namespace RESTvsGRPC.Bench.Clients;

/// <summary>
/// Where a REST + JSON client finds the operations (controllers, minimal APIs or transcoding), named for the gate's
/// sentences.
/// </summary>
public sealed record RestRoutes(string Name, string Small, string Large, string? Stream, bool StreamIsJsonLines = false)
{
    public static RestRoutes Controllers { get; } =
        new(
            "REST",
            "api/MeteoriteLandings",
            "api/MeteoriteLandings/LargePayload",
            "api/MeteoriteLandings/LargePayload/Stream"
        );

    /// <summary>RestAPI's minimal APIs: the controller's three operations, no stream.</summary>
    public static RestRoutes MinimalApis { get; } =
        new("REST minimal API", "minimal/MeteoriteLandings", "minimal/MeteoriteLandings/LargePayload", null);

    /// <summary>
    /// GrpcAPI's transcoded routes (the google.api.http options in meteorites.proto); the stream is one JSON object per
    /// line.
    /// </summary>
    public static RestRoutes Transcoded { get; } =
        new(
            "gRPC JSON transcoding",
            "v1/version",
            "v1/meteorite-landings",
            "v1/meteorite-landings/stream",
            StreamIsJsonLines: true
        );
}
