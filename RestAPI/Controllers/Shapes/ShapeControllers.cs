using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationModels;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using ModelLibrary.Shapes;

namespace RestAPI.Controllers.Shapes;

/// <summary>
/// Adds one <see cref="ShapeController{TShape, TRecord, TList}"/> per shape of the catalogue and names each by its
/// shape, which its routes' <c>[shape]</c> token takes: a shape added to the catalogue is served with no line here.
/// </summary>
public sealed class ShapeControllers(IReadOnlyList<PayloadShape> shapes)
    : IApplicationFeatureProvider<ControllerFeature>,
        IControllerModelConvention
{
    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
    {
        foreach (var shape in shapes)
        {
            feature.Controllers.Add(
                typeof(ShapeController<,,>)
                    .MakeGenericType(shape.GetType(), shape.RecordType, shape.ListType)
                    .GetTypeInfo()
            );
        }
    }

    public void Apply(ControllerModel controller)
    {
        if (
            controller.ControllerType.IsGenericType
            && controller.ControllerType.GetGenericTypeDefinition() == typeof(ShapeController<,,>)
        )
        {
            var shape = shapes.Single(s => s.GetType() == controller.ControllerType.GenericTypeArguments[0]);
            controller.ControllerName = shape.Name;
            controller.RouteValues["shape"] = shape.Name;
        }
    }
}
