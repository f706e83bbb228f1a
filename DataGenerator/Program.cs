using System.Globalization;
using ModelLibrary;

// Writes generated records in NASA's export format: `dotnet run --project DataGenerator -- [--count N] [--seed S]
// [--out PATH]`.
var count = MeteoriteGenerator.DefaultCount;
var seed = MeteoriteGenerator.DefaultSeed;
var output = "data/meteorites.json";
for (var i = 0; i < args.Length; i++)
{
    var value = i + 1 < args.Length ? args[i + 1] : null;
    switch (args[i])
    {
        case "--count" when int.TryParse(value, CultureInfo.InvariantCulture, out count) && count > 0:
            i++;
            break;
        case "--seed" when ulong.TryParse(value, CultureInfo.InvariantCulture, out seed):
            i++;
            break;
        case "--out" when value is not null:
            output = value;
            i++;
            break;
        default:
            Console.Error.WriteLine(
                $"unknown or incomplete option '{args[i]}'. Usage: DataGenerator [--count N (> 0)] [--seed S] [--out "
                    + $"PATH]"
            );
            return 2;
    }
}

var records = MeteoriteGenerator.Generate(count, seed);
NasaExportWriter.WriteFile(output, records);
Console.WriteLine(
    $"wrote {records.Length} records (seed {seed}) to {Path.GetFullPath(output)}, canonical SHA-256 "
        + $"{CanonicalHash.Of(records)}"
);
return 0;
