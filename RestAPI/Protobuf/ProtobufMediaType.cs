namespace RestAPI.Protobuf;

/// <summary>The media type of protobuf bodies over plain REST.</summary>
public static class ProtobufMediaType
{
    public const string Value = "application/x-protobuf";
}
