using ModelLibrary.Shapes.Blobs;
using ModelLibrary.Shapes.Glossary;
using ModelLibrary.Shapes.Login;
using ModelLibrary.Shapes.Orders;
using ModelLibrary.Shapes.Telemetry;
using ModelLibrary.Shapes.Users;

namespace ModelLibrary.Shapes;

/// <summary>
/// Every payload shape the servers serve and the bench measures, one line each: adding a shape is its folder and its
/// line here.
/// </summary>
public static class ShapeCatalogue
{
    /// <summary>The shapes in the order reports list them.</summary>
    public static IReadOnlyList<PayloadShape> All { get; } =
    [
        new EnglishGlossary(),
        new RussianGlossary(),
        new UsersShape(),
        new BlobsShape(),
        new TelemetryShape(),
        new OrdersShape(),
        new LoginShape(),
    ];

    /// <summary>The shape named <paramref name="name"/>, or null.</summary>
    public static PayloadShape? Find(string name) => All.FirstOrDefault(shape => shape.Name == name);
}
