using System.Text.Json;
using System.Text.Json.Serialization;

namespace ModelLibrary.Shapes.Orders;

/// <summary>An order as REST serves it: nested addresses and line items, optional fields left out when
/// missing.</summary>
public sealed record Order
{
    public required uint Id { get; init; }

    public required string Customer { get; init; }

    public required Address ShippingAddress { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Address? BillingAddress { get; init; }

    public required List<LineItem> Items { get; init; }

    public required Dictionary<string, string> Attributes { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Note { get; init; }
}

/// <summary>A postal address inside an order.</summary>
public sealed record Address(string Street, string City, string PostalCode, string Country);

/// <summary>One line of an order: what, how many, at what price (in cents, never a float).</summary>
public sealed record LineItem(string Sku, string Title, uint Quantity, long UnitPriceCents);

/// <summary>Source-generated System.Text.Json metadata for the orders' bodies.</summary>
[JsonSourceGenerationOptions(
    JsonSerializerDefaults.Web,
    RespectNullableAnnotations = true,
    RespectRequiredConstructorParameters = true
)]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(IReadOnlyList<Order>))]
public sealed partial class OrderJsonContext : JsonSerializerContext;
