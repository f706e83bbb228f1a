namespace RESTvsGRPC.Bench.Servers;

/// <summary>A server that could not be started; the message says which and shows what it printed.</summary>
public sealed class ServerStartException(string message) : Exception(message);
