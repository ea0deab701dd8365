import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import { InputError } from "../errors.js";
import { buildToolGraph, type ToolGraphNode } from "../graph/model.js";
import { assertGuidanceComposes, carriesGuidance, getProtocol } from "../protocols/registry.js";
import { generatedHeader, scaffoldHeader, UNFILLED_MARKER } from "../write/header.js";
import { normalizeProjectDir, type GenerateConfig } from "./config.js";
import { oneToolPerName } from "./generatable.js";
import { guidanceStates, stateIdentifier } from "./guidance-states.js";
import { inputRequiredTools } from "./input-required.js";
import { topLevelProperties } from "./json-schema.js";
import { compareStrings } from "../compare-strings.js";
import { guidanceFields } from "../protocols/guidance/output-payload.js";
import { outputSchema, readySchemaForms, type ReadySchemaForm } from "./output-schema.js";
import { fileStems, importSpecifier, pascalCase, rewriteProjectImports } from "./paths.js";
import { checkGeneratedImports } from "./module-contract.js";
import { loadTemplates, type TemplateSet } from "./templates.js";
import { WARNING_DEFAULTS, warningConstants } from "./warning-ids.js";
import { jsonInRawTemplate, planSharing, renderJson } from "./shared-values.js";
import { zodModule, zodModuleView } from "./zod-source.js";
import { type GenerateMemo, type GraphInput, renderedOnce, type SchemaInput, sameSchemaInputs, sameTuples, type ToolsInput, sameValue } from "./memo.js";

export type { GenerateMemo } from "./memo.js";

/**
 * `generate`: the inventory and the config in, file contents out. Pure apart from reading the
 * templates: no clock, no environment, no file system writes, and the output never depends on the
 * order of the inventory's tools or warnings. Formatting, comparing and writing wrap it.
 *
 * Layout under `outputDir` (all generated, every file starting with `generatedHeader()`):
 * - `runtime/<protocol>.ts` (and `runtime/guidance.ts` when guidance is composed): the protocol
 *   runtime, verbatim;
 * - `tools.ts`: `ToolName`, `TOOL_NAMES`, `ToolInputs`/`ToolInput<N>`, `ToolPayloads`/`ToolPayload<N>`;
 * - `conform.ts`: `ConformingResult<N>` and `conform(name, handler)`;
 * - `kit.ts`: the protocol's builders bound to this server's tool names and inputs;
 * - `formatters/<tool>.ts`: `format<Tool>(payload, parts)` and `format<Tool>Error(...)`;
 * - `warnings.ts`, `tool-graph.ts`, `output-schemas.ts`;
 * - `output-schemas.zod.ts`, for JSON protocols when some tool is registered through SDK 1.x's
 *   `McpServer`; `output-schemas.standard.ts` when some tool is registered through SDK 2.x's.
 * Scaffolded (returned apart, written only when absent): `<guidanceDir>/<tool>.ts`, for the
 * `guidance` protocol or `guidance: true`.
 */

export interface GenerateResult {
  /** Project-relative path → contents; rewritten on every run. Sorted by path. */
  generated: Map<string, string>;
  /** Project-relative path → contents; written once when absent, then the user's. Sorted by path. */
  scaffolded: Map<string, string>;
}

let builtinTemplates: TemplateSet | undefined;

/**
 * What `migrate` read in a tool's legacy responses, for the guidance stub it scaffolds: the tools
 * they named (the rules' `available_actions`) and, when every response said the same plain text,
 * that text (their `next_action`). Stubs are written once, so only the run that creates them uses it.
 */
export interface StubHints {
  nextAction: string | null;
  actions: string[];
}

export function generate(
  inventory: Inventory,
  config: GenerateConfig,
  stubHints: ReadonlyMap<string, StubHints> = new Map(),
  memo?: GenerateMemo,
): GenerateResult {
  // The built-in templates are constant input: loaded once per process, like a module.
  if (config.templatesDir === undefined) return generateWithTemplates(inventory, config, (builtinTemplates ??= loadTemplates()), stubHints, memo);
  const result = generateWithTemplates(inventory, config, loadTemplates(config.templatesDir), stubHints, memo);
  // The user's templates may not fit the others any more: said before anything is written.
  checkGeneratedImports(result.generated, config.templatesDir);
  return result;
}

/** Tools sorted by name, one per name (generatable.ts: one name on several servers, or a duplicate). */
function sortedTools(inventory: Inventory): ToolEntry[] {
  const tools = [...inventory.tools].sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.file, b.file) || a.line - b.line);
  return oneToolPerName(tools);
}

interface Layout {
  out: string;
  guidanceDir: string;
  runtime: (id: string) => string;
  tools: string;
  conform: string;
  kit: string;
  warnings: string;
  toolGraph: string;
  outputSchemas: string;
  outputZodSchemas: string;
  outputStandardSchemas: string;
  formatter: (stem: string) => string;
  stub: (stem: string) => string;
}

function layout(config: GenerateConfig): Layout {
  const out = normalizeProjectDir(config.outputDir, "output.dir");
  const guidanceDir = normalizeProjectDir(config.guidanceDir, "output.guidanceDir");
  if (guidanceDir === out || guidanceDir.startsWith(`${out}/`)) {
    throw new InputError(`output.guidanceDir ("${guidanceDir}") must lie outside output.dir ("${out}"): stubs are yours, generated files are not`);
  }
  return {
    out,
    guidanceDir,
    runtime: (id) => `${out}/runtime/${id}.ts`,
    tools: `${out}/tools.ts`,
    conform: `${out}/conform.ts`,
    kit: `${out}/kit.ts`,
    warnings: `${out}/warnings.ts`,
    toolGraph: `${out}/tool-graph.ts`,
    outputSchemas: `${out}/output-schemas.ts`,
    outputZodSchemas: `${out}/output-schemas.zod.ts`,
    outputStandardSchemas: `${out}/output-schemas.standard.ts`,
    formatter: (stem) => `${out}/formatters/${stem}.ts`,
    stub: (stem) => `${guidanceDir}/${stem}.ts`,
  };
}

export function generateWithTemplates(
  inventory: Inventory,
  config: GenerateConfig,
  templates: TemplateSet,
  stubHints: ReadonlyMap<string, StubHints> = new Map(),
  memo: GenerateMemo = {},
): GenerateResult {
  const protocol = getProtocol(config.protocol);
  if (config.guidance) assertGuidanceComposes(protocol, "guidance: true");
  const withGuidance = config.guidance && protocol.composesWithGuidance;
  const stubs = carriesGuidance(config);
  const paths = layout(config);
  const tools = sortedTools(inventory);
  const stems = fileStems(tools.map((tool) => tool.name));
  const header = generatedHeader();
  const generated = new Map<string, string>();
  const scaffolded = new Map<string, string>();
  const render = (name: string, context: object): string => templates.render(name, { header, ...context });

  generated.set(paths.runtime(protocol.id), render("runtime.ts.hbs", { source: protocol.runtimeSource() }));
  if (withGuidance) generated.set(paths.runtime("guidance"), render("runtime.ts.hbs", { source: getProtocol("guidance").runtimeSource() }));

  // tools.ts lists every tool's input and payload type: watch mode keeps the last text while they are the same.
  const toolsInputs = tools.map((tool): ToolsInput => [tool.name, tool.input, tool.payload.type.text]);
  memo.tools = renderedOnce(memo.tools, templates, JSON.stringify([header, paths.tools]), toolsInputs, sameTuples, () =>
    render("tools.ts.hbs", {
      tools: tools.map((tool) => ({
        name: tool.name,
        input: [...tool.input]
          .sort((a, b) => compareStrings(a.name, b.name))
          .map((param) => ({ name: param.name, optional: param.optional, type: param.type, description: param.description ?? null })),
        payloadType: rewriteProjectImports(tool.payload.type.text, paths.tools),
      })),
    }),
  );
  generated.set(paths.tools, memo.tools.text);

  // Frameworks that serialise what a handler returns get the formatter's result delivered in their terms.
  const serialisedTools = tools.filter((tool) => tool.style === "mcp-framework").map((tool) => tool.name);
  // SDK 2.x passes an InputRequiredResult a tool handler returns on to the client (it asks for input, it is no answer).
  const askers = inputRequiredTools(tools);
  const inputRequired = tools.filter((tool) => askers.has(tool.name)).map((tool) => tool.name);
  generated.set(
    paths.conform,
    render("conform.ts.hbs", {
      protocol: protocol.id,
      title: protocol.title,
      serialisedTools: serialisedTools.length > 0 ? serialisedTools : null,
      inputRequiredTools: inputRequired.length > 0 ? inputRequired : null,
    }),
  );
  generated.set(paths.kit, render(`kit.${protocol.id}.ts.hbs`, { withGuidance }));

  // A formatter depends on its tool's name, description and payload, and on what every formatter
  // shares (below): watch mode keeps the last texts, so an edit renders its own tools' only.
  const formatterKey = JSON.stringify([protocol.id, protocol.title, withGuidance, header, paths.out, paths.guidanceDir]);
  const lastFormatters = memo.formatters?.templates === templates && memo.formatters.key === formatterKey ? memo.formatters.byFile : undefined;
  const formatters = new Map<string, { name: string; description: string | null; payload: ToolEntry["payload"]; text: string }>();
  memo.formatters = { templates, key: formatterKey, byFile: formatters };
  for (const tool of tools) {
    const stem = stems.get(tool.name)!;
    const file = paths.formatter(stem);
    const known = lastFormatters?.get(file);
    if (known && known.name === tool.name && known.description === tool.description && known.payload === tool.payload) {
      formatters.set(file, known);
      generated.set(file, known.text);
      continue;
    }
    const text = render(`formatter.${protocol.id}.ts.hbs`, {
      protocol: protocol.id,
      title: protocol.title,
      withGuidance,
      tool: { name: tool.name, pascal: pascalCase(tool.name), description: tool.description },
      fields: guidanceFields(tool.payload),
      imports: {
        conform: importSpecifier(file, paths.conform),
        kit: importSpecifier(file, paths.kit),
        runtime: importSpecifier(file, paths.runtime(protocol.id)),
        tools: importSpecifier(file, paths.tools),
        warnings: importSpecifier(file, paths.warnings),
        stub: importSpecifier(file, paths.stub(stem)),
      },
    });
    formatters.set(file, { name: tool.name, description: tool.description, payload: tool.payload, text });
    generated.set(file, text);
  }

  memo.warnings = renderedOnce(
    memo.warnings,
    templates,
    header,
    tools.map((tool) => tool.warnings),
    sameValue,
    () => render("warnings.ts.hbs", { warnings: warningConstants(tools), defaults: WARNING_DEFAULTS }),
  );
  generated.set(paths.warnings, memo.warnings.text);

  // The graph pairs every tool with every other (data edges): watch mode keeps the last text while
  // what it is made of is the same.
  const graphInputs = tools.map((tool): GraphInput => [
    tool.name,
    tool.input,
    tool.payload.schema,
    tool.references.map((reference) => `${reference.kind}\u0000${reference.tool}`).join("\n"),
  ]);
  memo.toolGraph = renderedOnce(memo.toolGraph, templates, header, graphInputs, sameTuples, () =>
    render("tool-graph.ts.hbs", { graphJson: jsonInRawTemplate(toolGraphJson(buildToolGraph(tools).nodes)) }),
  );
  generated.set(paths.toolGraph, memo.toolGraph.text);

  // The output schemas depend on nothing but the tools' names, styles and payloads: watch mode
  // regenerates after most edits (a description, a handler body) with them unchanged, and sharing
  // subtrees across 1,000 envelopes is most of a run, so the last result is kept.
  const schemaScope = JSON.stringify([protocol.id, withGuidance, header, paths.outputSchemas, paths.outputZodSchemas, paths.outputStandardSchemas]);
  const schemaInputs = tools.map((tool): SchemaInput => [tool.name, tool.style, tool.sdkMajor, tool.payload]);
  const last = memo.schemas;
  const remembered = last?.templates === templates && last.scope === schemaScope && sameSchemaInputs(last.tools, schemaInputs) ? last : undefined;
  const outputs = remembered?.outputs ?? new Map<string, string>();
  if (!remembered) {
    const generated = outputs;
    const structured = protocol.kind === "json";
    const schemas = structured ? tools.map((tool) => ({ name: tool.name, schema: outputSchema(protocol, tool, withGuidance) })) : [];
    // A schema that holds the reference key itself (an odd `const` or `default`) is written out whole.
    const plan = schemas.some(({ schema }) => holdsKey(schema, PART_KEY))
      ? { shared: [], nameOf: new Map<unknown, string>() }
      : planSharing(
          schemas.map((entry) => entry.schema),
          { prefix: "S_", minSize: 120 },
        );
    const reference = (name: string): string => `{ ${JSON.stringify(PART_KEY)}: ${JSON.stringify(name)} }`;
    const entries = schemas.map(({ name, schema }) => `  ${JSON.stringify(name)}: ${renderJson(schema, plan.nameOf, "  ", undefined, reference)}`);
    generated.set(
      paths.outputSchemas,
      render("output-schemas.ts.hbs", {
        structured,
        title: protocol.title,
        withGuidance: stubs,
        partKey: PART_KEY,
        shared: plan.shared.map(({ name, value }) => ({ name, text: jsonInRawTemplate(renderJson(value, plan.nameOf, "", value, reference)) })),
        schemasJson: jsonInRawTemplate(entries.length === 0 ? "{}" : `{\n${entries.join(",\n")}\n}`),
      }),
    );
    // Ready `outputSchema` objects for the tools registered through an SDK `McpServer`: zod for 1.x,
    // a Standard Schema over the JSON Schema for 2.x (see output-schema.ts).
    const forms = structured ? readySchemaForms(tools) : new Map<string, ReadySchemaForm>();
    const zodSchemas = schemas.filter((entry) => forms.get(entry.name) === "zod");
    if (zodSchemas.length > 0) generated.set(paths.outputZodSchemas, render("output-schemas.zod.ts.hbs", zodModuleView(zodModule(zodSchemas))));
    const standardTools = schemas.filter((entry) => forms.get(entry.name) === "standard").map((entry) => ({ name: entry.name }));
    if (standardTools.length > 0) generated.set(paths.outputStandardSchemas, render("output-schemas.standard.ts.hbs", { tools: standardTools }));
    memo.schemas = { templates, outputs, scope: schemaScope, tools: schemaInputs };
  }
  if (remembered) remembered.tools = schemaInputs;
  for (const [path, content] of outputs) generated.set(path, content);

  if (stubs) {
    for (const tool of tools) {
      const stem = stems.get(tool.name)!;
      const file = paths.stub(stem);
      const states = guidanceStates(tool.payload.schema);
      const fields = guidanceFields(tool.payload);
      const hints = stubHints.get(tool.name);
      scaffolded.set(
        file,
        templates.render("guidance-stub.ts.hbs", {
          scaffoldHeader: scaffoldHeader(),
          unfilledMarker: UNFILLED_MARKER,
          tool: { name: tool.name },
          stripsGuidance: protocol.id === "guidance" && fields.stripsGuidance,
          // The payload already carries guidance (`migrate` leaves it there): the stub completes it rather than starting from TODOs.
          legacyGuidance:
            !fields.wrapped && topLevelProperties(tool.payload.schema).some((property) => property.name === "guidance" || property.name === "next_action"),
          stateProperty: states.property,
          stateUnion: states.values.map((value) => JSON.stringify(value)).join(" | "),
          states: states.values.map((value) => ({
            value,
            currentState: stateIdentifier(value),
            // What the legacy response said is a rule already written; a TODO is not.
            nextAction: hints?.nextAction ?? "TODO: say what the orchestrator should do next",
            filled: hints?.nextAction != null,
            actions: hints?.actions ?? [],
          })),
          errorState: `${stateIdentifier(tool.name)}_failed`,
          imports: {
            kit: importSpecifier(file, paths.kit),
            guidanceRuntime: importSpecifier(file, paths.runtime("guidance")),
            tools: importSpecifier(file, paths.tools),
          },
        }),
      );
    }
  }

  if (inventory.importSpecifiers === "extensionless") {
    for (const files of [generated, scaffolded]) for (const [path, text] of files) files.set(path, withoutJsExtensions(text));
  }
  return { generated: sortedMap(generated), scaffolded: sortedMap(scaffolded) };
}

/** The graph as tool-graph.ts writes it: a tool a line-group, each list on one line. */
function toolGraphJson(nodes: readonly ToolGraphNode[]): string {
  const edges = (links: readonly { tool: string; kind: string }[]): string =>
    `[${links.map((link) => `{ "tool": ${JSON.stringify(link.tool)}, "kind": ${JSON.stringify(link.kind)} }`).join(", ")}]`;
  const entries = nodes.map(
    (node) =>
      `  ${JSON.stringify(node.name)}: {\n` +
      `    "requires": ${JSON.stringify(node.requires)},\n` +
      `    "provides": ${JSON.stringify(node.provides)},\n` +
      `    "dependsOn": ${edges(node.dependsOn)},\n` +
      `    "feeds": ${edges(node.feeds)}\n  }`,
  );
  return entries.length === 0 ? "{}" : `{\n${entries.join(",\n")}\n}`;
}

/** The key by which output-schemas.ts's JSON names a shared part: `{ "mcp-conform:part": "S_…" }`. */
const PART_KEY = "mcp-conform:part";

function holdsKey(value: unknown, key: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, key)) return true;
  return Object.values(value).some((child) => holdsKey(child, key));
}

/**
 * Relative specifiers without their `.js` (`from "./runtime/aorp"`), for a CommonJS project that
 * imports that way: Jest's CommonJS resolver (and ts-node's) does not map `./kit.js` to `kit.ts`.
 */
export function withoutJsExtensions(text: string): string {
  return text.replace(/((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"'\n]*?)\.js\2/g, "$1$2$3$2");
}

function sortedMap(map: Map<string, string>): Map<string, string> {
  return new Map([...map].sort(([a], [b]) => compareStrings(a, b)));
}
