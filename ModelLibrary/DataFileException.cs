namespace ModelLibrary;

/// <summary>A data file that cannot be loaded; the message names the file, and the record and field where
/// known.</summary>
public sealed class DataFileException(string message, Exception? inner = null) : Exception(message, inner);
