using System.Text.Json.Serialization.Metadata;
using Proto = ModelLibrary.Shapes.Orders.Protos;

namespace ModelLibrary.Shapes.Orders;

/// <summary>Orders: nested documents with line items, an optional billing address, a note and a map of
/// attributes.</summary>
public sealed class OrdersShape : PayloadShape<Order, Proto.OrderList>
{
    private static readonly string[] Cities = ["Lyon", "Porto", "Gdansk", "Bergen", "Tartu", "Cork", "Brno", "Graz"];
    private static readonly string[] Products =
    [
        "cable",
        "adapter",
        "charger",
        "stand",
        "case",
        "lamp",
        "mouse",
        "hub",
    ];

    public override string Name => "orders";

    public override string Summary => "nested orders: line items, addresses, optional fields, a map of attributes";

    public override int SmallCount => 1;

    public override int LargeCount => 100;

    public override JsonTypeInfo<List<Order>> ListJson => OrderJsonContext.Default.ListOrder;

    public override Proto.OrderList ToMessage(IEnumerable<Order> records)
    {
        var list = new Proto.OrderList();
        list.Orders.AddRange(records.Select(ToProto));
        return list;
    }

    public override int CountOf(Proto.OrderList message) => message.Orders.Count;

    protected override IReadOnlyList<Order> Generate(int count)
    {
        var random = new SplitMix64(105);
        return [.. Enumerable.Range(1, count).Select(id => Make(random, (uint)id))];
    }

    private static Proto.Order ToProto(Order order)
    {
        var message = new Proto.Order
        {
            Id = order.Id,
            Customer = order.Customer,
            ShippingAddress = ToProto(order.ShippingAddress),
            BillingAddress = order.BillingAddress is { } billing ? ToProto(billing) : null,
            Attributes = { order.Attributes },
        };
        message.Items.AddRange(
            order.Items.Select(item => new Proto.LineItem
            {
                Sku = item.Sku,
                Title = item.Title,
                Quantity = item.Quantity,
                UnitPriceCents = item.UnitPriceCents,
            })
        );
        if (order.Note is { } note)
        {
            message.Note = note;
        }

        return message;
    }

    private static Proto.Address ToProto(Address address) =>
        new()
        {
            Street = address.Street,
            City = address.City,
            PostalCode = address.PostalCode,
            Country = address.Country,
        };

    private static Order Make(SplitMix64 random, uint id) =>
        new()
        {
            Id = id,
            Customer = $"customer-{random.Next(1, 5000)}",
            ShippingAddress = MakeAddress(random),
            BillingAddress = random.Next(0, 3) == 0 ? MakeAddress(random) : null,
            Items =
            [
                .. Enumerable
                    .Range(0, random.Next(1, 6))
                    .Select(_ => new LineItem(
                        $"SKU-{random.Next(10_000, 100_000)}",
                        $"{random.Pick(Products)} {random.Pick(Products)}",
                        (uint)random.Next(1, 5),
                        random.Next(199, 25_000)
                    )),
            ],
            Attributes = new() { ["channel"] = random.Next(0, 2) == 0 ? "web" : "app", ["gift"] = "no" },
            Note = random.Next(0, 4) == 0 ? "leave at the door" : null,
        };

    private static Address MakeAddress(SplitMix64 random) =>
        new($"{random.Next(1, 200)} Station Road", random.Pick(Cities), $"{random.Next(10000, 99999)}", "EU");
}
