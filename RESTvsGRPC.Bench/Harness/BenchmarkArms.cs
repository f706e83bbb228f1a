using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Harness;

/// <summary>
/// Marks a benchmark method with the catalogue arm it measures: the results name arms by this, not by method names.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class ArmAttribute(string id) : Attribute
{
    public string Id { get; } = id;
}

/// <summary>Marks a benchmark class with the suite its results belong to.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class SuiteAttribute(string name) : Attribute
{
    public string Name { get; } = name;
}

/// <summary>Marks a benchmark class whose processes settle the JIT on their case first when the job asks.</summary>
[AttributeUsage(AttributeTargets.Class, Inherited = true)]
public sealed class SettlesJitAttribute : Attribute;

/// <summary>
/// The arm and suite each benchmark declares, read from its attributes, and the catalogue entries a run names.
/// </summary>
public static class BenchmarkArms
{
    /// <summary>
    /// The catalogue entries of the arms <paramref name="run"/>'s benchmarks, streaming probe and cold starts name, in
    /// the catalogue's order.
    /// </summary>
    public static IReadOnlyList<Arm> NamedIn(RunResults run)
    {
        var named = run
            .Benchmarks.Select(b => b.Arm)
            .Concat(run.Streaming.Select(s => s.Arm))
            .Concat(run.Startup?.ColdStarts.Select(c => c.Arm) ?? [])
            .ToHashSet();
        return [.. ArmCatalogue.All.Values.Where(arm => named.Contains(arm.Id))];
    }

    /// <summary>
    /// The catalogue arm <paramref name="method"/> declares; throws for a benchmark method that declares none.
    /// </summary>
    public static Arm Of(System.Reflection.MethodInfo method) =>
        method.GetCustomAttributes(typeof(ArmAttribute), false) is [ArmAttribute declared]
            ? ArmCatalogue.All[declared.Id]
            : throw new InvalidOperationException(
                $"{method.DeclaringType?.Name}.{method.Name} declares no [Arm]: "
                    + $"every benchmark names its catalogue arm."
            );

    /// <summary>The suite <paramref name="benchmarkClass"/> declares.</summary>
    public static string SuiteOf(Type benchmarkClass) =>
        benchmarkClass.GetCustomAttributes(typeof(SuiteAttribute), false) is [SuiteAttribute declared]
            ? declared.Name
            : throw new InvalidOperationException($"{benchmarkClass.Name} declares no [Suite].");
}
