using System.Text.Json.Serialization.Metadata;
using Proto = ModelLibrary.Shapes.Login.Protos;

namespace ModelLibrary.Shapes.Login;

/// <summary>Logins of three short strings: a message where framing and headers outweigh the body.</summary>
public sealed class LoginShape : PayloadShape<LoginAttempt, Proto.LoginAttemptList>
{
    private static readonly string[] Names = ["anna", "boris", "chen", "dana", "emeka", "farah", "goran", "hana"];

    public override string Name => "login";

    public override string Summary => "a login of three short strings, the smallest useful message";

    public override int SmallCount => 1;

    public override int LargeCount => 200;

    public override JsonTypeInfo<List<LoginAttempt>> ListJson => LoginJsonContext.Default.ListLoginAttempt;

    public override Proto.LoginAttemptList ToMessage(IEnumerable<LoginAttempt> records)
    {
        var list = new Proto.LoginAttemptList();
        list.Attempts.AddRange(
            records.Select(login => new Proto.LoginAttempt
            {
                UserName = login.UserName,
                Password = login.Password,
                ClientId = login.ClientId,
            })
        );
        return list;
    }

    public override int CountOf(Proto.LoginAttemptList message) => message.Attempts.Count;

    protected override IReadOnlyList<LoginAttempt> Generate(int count)
    {
        var random = new SplitMix64(105);
        return
        [
            .. Enumerable
                .Range(1, count)
                .Select(i => new LoginAttempt
                {
                    UserName = $"{random.Pick(Names)}{random.Next(1, 1000)}",
                    Password = $"{random.NextUInt64():x16}",
                    ClientId = $"web-{random.Next(1, 10)}",
                }),
        ];
    }
}
