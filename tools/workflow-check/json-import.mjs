// Module hook: @actions/workflow-parser imports its JSON schema without an import attribute, which Node refuses
// since Node 20; this adds the attribute for .json modules, so the package runs unbundled.
export async function load(url, context, nextLoad) {
  return url.endsWith(".json") ? nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: "json" } }) : nextLoad(url, context);
}
