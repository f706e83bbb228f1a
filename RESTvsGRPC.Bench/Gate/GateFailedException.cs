namespace RESTvsGRPC.Bench.Gate;

/// <summary>
/// An operation whose answer is not what the data set says it must be; nothing may be timed after it.
/// </summary>
public sealed class GateFailedException(string message, Exception? inner = null) : Exception(message, inner);
