using System.Text.Json.Serialization.Metadata;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Proto = ModelLibrary.Shapes.Users.Protos;

namespace ModelLibrary.Shapes.Users;

/// <summary>User registrations: small records of short strings, a hash, a time and flags, posted one at a
/// time.</summary>
public sealed class UsersShape : PayloadShape<UserRegistration, Proto.UserRegistrationList>
{
    private static readonly string[] First = ["Anna", "Boris", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana"];
    private static readonly string[] Last = ["Ivanova", "Kim", "Lopez", "Müller", "Okafor", "Park", "Rossi", "Sato"];

    // 2020-01-01T00:00:00Z: registrations fall in the six years after it.
    private static readonly DateTime Epoch = new(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    public override string Name => "users";

    public override string Summary => "user registrations: names, e-mail, a 32-byte password hash, a time, flags";

    public override int SmallCount => 1;

    public override int LargeCount => 100;

    public override JsonTypeInfo<List<UserRegistration>> ListJson => UserJsonContext.Default.ListUserRegistration;

    public override Proto.UserRegistrationList ToMessage(IEnumerable<UserRegistration> records)
    {
        var list = new Proto.UserRegistrationList();
        list.Users.AddRange(
            records.Select(user => new Proto.UserRegistration
            {
                Id = user.Id,
                UserName = user.UserName,
                Email = user.Email,
                DisplayName = user.DisplayName,
                PasswordHash = ByteString.CopyFrom(user.PasswordHash),
                CreatedAt = Timestamp.FromDateTime(DateTime.SpecifyKind(user.CreatedAt, DateTimeKind.Utc)),
                EmailVerified = user.EmailVerified,
                Administrator = user.Administrator,
                Newsletter = user.Newsletter,
            })
        );
        return list;
    }

    public override int CountOf(Proto.UserRegistrationList message) => message.Users.Count;

    protected override IReadOnlyList<UserRegistration> Generate(int count)
    {
        var random = new SplitMix64(105);
        return [.. Enumerable.Range(1, count).Select(id => Make(random, (uint)id))];
    }

    private static UserRegistration Make(SplitMix64 random, uint id)
    {
        var (first, last) = (random.Pick(First), random.Pick(Last));
        var hash = new byte[32];
        random.Fill(hash);
        return new UserRegistration
        {
            Id = id,
            UserName = $"{first.ToLowerInvariant()}.{id}",
            Email = $"{first.ToLowerInvariant()}.{id}@example.org",
            DisplayName = $"{first} {last}",
            PasswordHash = hash,
            CreatedAt = Epoch.AddSeconds(random.Next(0, 6 * 365 * 86_400)),
            EmailVerified = random.Next(0, 10) < 8,
            Administrator = random.Next(0, 50) == 0,
            Newsletter = random.Next(0, 2) == 0,
        };
    }
}
