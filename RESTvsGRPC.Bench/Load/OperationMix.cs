using RESTvsGRPC.Results;

namespace RESTvsGRPC.Bench.Load;

/// <summary>The three operations a load run sends.</summary>
public enum LoadOperation
{
    /// <summary>The version: a few bytes each way.</summary>
    Small,

    /// <summary>Every record from the server.</summary>
    Large,

    /// <summary>Every record to the server.</summary>
    Post,
}

/// <summary>
/// Weights of the operations in a run, e.g. "small:70,large:20,post:10"; each user draws its next operation from them.
/// </summary>
public sealed class OperationMix
{
    private readonly (LoadOperation Operation, int Weight)[] _weights;
    private readonly int _total;

    private OperationMix((LoadOperation, int)[] weights)
    {
        _weights = weights;
        _total = weights.Sum(w => w.Item2);
    }

    /// <summary>The operations with a weight above zero.</summary>
    public IEnumerable<LoadOperation> Operations => _weights.Select(w => w.Operation);

    /// <summary>
    /// Reads "name:weight,…" with names small, large and post; throws <see cref="ArgumentException"/> saying what is
    /// wrong.
    /// </summary>
    public static OperationMix Parse(string text)
    {
        var weights = new List<(LoadOperation, int)>();
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var pieces = part.Split(':');
            if (
                pieces.Length != 2
                || !Enum.TryParse<LoadOperation>(pieces[0], ignoreCase: true, out var operation)
                || !Enum.IsDefined(operation)
                || !int.TryParse(pieces[1], NumberStyles.None, CultureInfo.InvariantCulture, out var weight)
            )
            {
                throw new ArgumentException(
                    $"--mix takes name:weight pairs (small, large, post; whole numbers), e.g. "
                        + $"small:70,large:20,post:10, not '{part}'."
                );
            }

            if (weights.Any(w => w.Item1 == operation))
            {
                throw new ArgumentException($"--mix names {pieces[0]} twice.");
            }

            if (weight > 0)
            {
                weights.Add((operation, weight));
            }
        }

        return weights.Count > 0
            ? new OperationMix([.. weights])
            : throw new ArgumentException("--mix needs at least one operation with a weight above 0.");
    }

    /// <summary>The operation for a draw <paramref name="roll"/> in [0, 1).</summary>
    public LoadOperation Pick(double roll)
    {
        var target = roll * _total;
        foreach (var (operation, weight) in _weights)
        {
            if (target < weight)
            {
                return operation;
            }

            target -= weight;
        }

        return _weights[^1].Operation;
    }

    /// <summary>The weights as the results file holds them, in the order given.</summary>
    public IReadOnlyList<OperationWeight> Weights =>
        [.. _weights.Select(w => new OperationWeight(w.Operation.ToString().ToLowerInvariant(), w.Weight))];
}
