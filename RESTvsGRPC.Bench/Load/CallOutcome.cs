namespace RESTvsGRPC.Bench.Load;

/// <summary>What became of one call in a load run; everything but <see cref="Ok"/> is an error of that kind.</summary>
public enum CallOutcome
{
    /// <summary>Answered with success and the expected content.</summary>
    Ok,

    /// <summary>An HTTP status other than success, or a gRPC status other than OK.</summary>
    Status,

    /// <summary>No answer within the run's timeout.</summary>
    Timeout,

    /// <summary>A success status with the wrong content: wrong record count, checksum or version.</summary>
    Validation,

    /// <summary>The connection failed or closed before an answer.</summary>
    Transport,
}
