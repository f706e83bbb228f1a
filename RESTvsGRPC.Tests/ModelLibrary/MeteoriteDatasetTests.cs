using ModelLibrary;

namespace RESTvsGRPC.Tests.ModelLibrary;

public sealed class MeteoriteDatasetTests
{
    [Fact]
    public void ResolvePath_prefers_the_option_then_the_environment_then_the_shipped_file()
    {
        var saved = Environment.GetEnvironmentVariable(MeteoriteDataset.PathVariable);
        try
        {
            Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, null);
            Assert.Equal(MeteoriteDataset.DefaultPath, MeteoriteDataset.ResolvePath(null));

            Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, "/from/environment.json");
            Assert.Equal("/from/environment.json", MeteoriteDataset.ResolvePath(null));
            Assert.Equal("/from/option.json", MeteoriteDataset.ResolvePath("/from/option.json"));
        }
        finally
        {
            Environment.SetEnvironmentVariable(MeteoriteDataset.PathVariable, saved);
        }
    }

    [Fact]
    public void Default_path_holds_the_shipped_data_set()
    {
        Assert.Equal(MeteoriteGenerator.DefaultCount, MeteoriteDataset.Load(MeteoriteDataset.DefaultPath).Count);
    }

    [Fact]
    public void First_gives_the_leading_records_in_both_models()
    {
        var dataset = MeteoriteDataset.FromRecords("generated", MeteoriteGenerator.Generate(50));

        Assert.Equal(dataset.Records.Take(7), dataset.First(7));
        Assert.Equal(dataset.Records.Take(7), dataset.FirstAsProto(7).ToRest());
        Assert.Same(dataset.ProtoList, dataset.FirstAsProto(50));
        Assert.Throws<ArgumentOutOfRangeException>(() => dataset.First(51));
        Assert.Throws<ArgumentOutOfRangeException>(() => dataset.FirstAsProto(0));
    }
}
