using GrpcWire;

namespace RESTvsGRPC.Tests.GrpcWire;

public sealed class StatusMessageTests
{
    [Theory]
    [InlineData("plain text stays", "plain text stays")]
    [InlineData("100% sure", "100%25 sure")]
    [InlineData("métier", "m%C3%A9tier")]
    [InlineData("line\nbreak", "line%0Abreak")]
    public void Status_message_is_percent_encoded_and_decoded_back(string message, string encoded)
    {
        Assert.Equal(encoded, StatusMessage.Encode(message));
        Assert.Equal(message, StatusMessage.Decode(encoded));
    }

    [Theory]
    [InlineData("50%")]
    [InlineData("%zz left as it is")]
    public void Status_message_decoding_keeps_broken_escapes(string value) => Assert.Equal(value, StatusMessage.Decode(value));
}
