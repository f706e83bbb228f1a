using GrpcWire;

namespace RESTvsGRPC.Tests.GrpcWire;

public sealed class GrpcTimeoutTests
{
    [Theory]
    [InlineData("1H", 3600_000.0)]
    [InlineData("2M", 120_000.0)]
    [InlineData("3S", 3000.0)]
    [InlineData("250m", 250.0)]
    [InlineData("1500u", 1.5)]
    [InlineData("99999999n", 99.9999)]
    public void Timeout_parses_every_unit(string value, double milliseconds)
    {
        Assert.True(GrpcTimeout.TryParse(value, out var timeout));
        Assert.Equal(milliseconds, timeout.TotalMilliseconds, precision: 4);
    }

    [Theory]
    [InlineData("")]
    [InlineData("S")]
    [InlineData("10")]
    [InlineData("10s")]
    [InlineData("-1S")]
    [InlineData("123456789S")]
    public void Timeout_refuses_values_outside_the_protocol(string value) => Assert.False(GrpcTimeout.TryParse(value, out _));

    [Theory]
    [InlineData(1.0, "1000000n")]
    [InlineData(30_000.0, "30000000u")]
    [InlineData(172_800_000.0, "172800S")]
    public void Timeout_is_written_in_the_finest_unit_that_fits_eight_digits(double milliseconds, string expected) =>
        Assert.Equal(expected, GrpcTimeout.Format(TimeSpan.FromMilliseconds(milliseconds)));
}
