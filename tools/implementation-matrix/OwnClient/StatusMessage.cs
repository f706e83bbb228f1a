using System.Text;

namespace GrpcWire;

/// <summary>
/// The <c>grpc-message</c> value: UTF-8, then percent-encoding of every byte outside printable ASCII and of '%'
/// itself. Decoding never fails: a broken escape is kept as it is.
/// </summary>
public static class StatusMessage
{
    public static string Encode(string message)
    {
        if (!NeedsEncoding(message))
        {
            return message;
        }

        var text = new StringBuilder(message.Length * 3);
        foreach (var b in Encoding.UTF8.GetBytes(message))
        {
            if (b is >= 0x20 and <= 0x7E and not (byte)'%')
            {
                text.Append((char)b);
            }
            else
            {
                text.Append('%').Append(b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture));
            }
        }

        return text.ToString();
    }

    public static string Decode(string value)
    {
        if (!value.Contains('%', StringComparison.Ordinal))
        {
            return value;
        }

        var bytes = new List<byte>(value.Length);
        for (var i = 0; i < value.Length; i++)
        {
            if (value[i] == '%' && i + 2 < value.Length
                && byte.TryParse(value.AsSpan(i + 1, 2), System.Globalization.NumberStyles.AllowHexSpecifier, null, out var escaped))
            {
                bytes.Add(escaped);
                i += 2;
            }
            else
            {
                bytes.AddRange(Encoding.UTF8.GetBytes(value[i].ToString()));
            }
        }

        return Encoding.UTF8.GetString([.. bytes]);
    }

    private static bool NeedsEncoding(string message)
    {
        foreach (var c in message)
        {
            if (c is < ' ' or > '~' or '%')
            {
                return true;
            }
        }

        return false;
    }
}
