// Validates GitHub workflow files with GitHub's own parser (@actions/workflow-parser): the schema, the expressions,
// and the conversion to a workflow template. Prints each error with its file and position; exits 1 on any.
//   usage: node tools/workflow-check/check.mjs FILE...
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("./json-import.mjs", import.meta.url);
const { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } = await import("@actions/workflow-parser");

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node check.mjs WORKFLOW.yml...");
  process.exit(2);
}

let failed = false;
for (const name of files) {
  const result = parseWorkflow({ name, content: readFileSync(name, "utf8") }, new NoOperationTraceWriter());
  const template = result.value ? await convertWorkflowTemplate(result.context, result.value) : undefined;
  // The template repeats the parser's errors; each is printed once.
  const errors = [...new Set([...result.context.errors.getErrors(), ...(template?.errors ?? [])].map((error) => error.message ?? error.Message ?? JSON.stringify(error)))];
  for (const error of errors) {
    console.error(error);
  }

  if (!template || errors.length > 0) {
    failed = true;
    continue;
  }

  console.log(`${name}: valid (${template.jobs.length} jobs: ${template.jobs.map((job) => job.id.value ?? job.id).join(", ")})`);
}

process.exit(failed ? 1 : 0);
