import type { Inventory, JsonSchemaObject, ToolEntry } from "../analyze/inventory.js";
import { InputError } from "../errors.js";
import { buildToolGraph } from "../graph/model.js";
import type { Protocol } from "../protocols/protocol.js";
import { getProtocol } from "../protocols/registry.js";
import { generatedHeader, scaffoldHeader, UNFILLED_MARKER } from "../write/header.js";
import { normalizeProjectDir, type GenerateConfig } from "./config.js";
import { oneToolPerName } from "./generatable.js";
import { guidanceStates, stateIdentifier } from "./guidance-states.js";
import { compareStrings, isObjectSchema, topLevelProperties } from "./json-schema.js";
import { fileStems, importSpecifier, pascalCase, rewriteProjectImports } from "./paths.js";
import { loadTemplates, type TemplateSet } from "./templates.js";
import { WARNING_DEFAULTS, warningConstants } from "./warning-ids.js";
import { planSharing, renderJson } from "./shared-values.js";
import { zodModule } from "./zod-source.js";

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
 * - `output-schemas.zod.ts`, for JSON protocols when some tool is registered through the SDK.
 * Scaffolded (returned apart, written only when absent): `<guidanceDir>/<tool>.ts`, for the
 * `guidance` protocol or `guidance: true`.
 */

export interface GenerateResult {
  /** Project-relative path → contents; rewritten on every run. Sorted by path. */
  generated: Map<string, string>;
  /** Project-relative path → contents; written once when absent, then the user's. Sorted by path. */
  scaffolded: Map<string, string>;
}

/** Tool styles registered through the MCP SDK's `McpServer`, whose `registerTool` takes a zod `outputSchema`. */
const SDK_STYLES: ReadonlySet<ToolEntry["style"]> = new Set(["sdk-register-tool", "sdk-tool", "tool-object"]);

/** The key a non-object payload sits under in a guidance envelope (its fields sit beside `guidance`). */
const WRAPPED_PAYLOAD_KEY = "data";

let builtinTemplates: TemplateSet | undefined;

export function generate(inventory: Inventory, config: GenerateConfig): GenerateResult {
  const templates =
    config.templatesDir === undefined ? (builtinTemplates ??= loadTemplates()) : loadTemplates(config.templatesDir);
  return generateWithTemplates(inventory, config, templates);
}

/** Tools sorted by name, one per name (generatable.ts: one name on several servers, or a duplicate). */
function sortedTools(inventory: Inventory): ToolEntry[] {
  const tools = [...inventory.tools].sort(
    (a, b) => compareStrings(a.name, b.name) || compareStrings(a.file, b.file) || a.line - b.line,
  );
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
    formatter: (stem) => `${out}/formatters/${stem}.ts`,
    stub: (stem) => `${guidanceDir}/${stem}.ts`,
  };
}

/** How a tool's payload sits in a guidance envelope: its own fields beside `guidance`, or wrapped. */
function guidanceFields(payload: ToolEntry["payload"]): { wrapped: boolean; stripsGuidance: boolean; key: string } {
  const { schema } = payload;
  // A payload whose type could not be named is `unknown` in TypeScript, whatever its schema says.
  const wrapped = !isObjectSchema(schema) || /^(unknown|any)$/.test(payload.type.text.trim());
  const stripsGuidance = !wrapped && topLevelProperties(schema).some((property) => property.name === "guidance");
  return { wrapped, stripsGuidance, key: WRAPPED_PAYLOAD_KEY };
}

/** The payload schema as the guidance envelope merges it: wrapped, or less its own `guidance`. */
function guidancePayloadSchema(payload: ToolEntry["payload"]): JsonSchemaObject {
  const { schema } = payload;
  const fields = guidanceFields(payload);
  if (fields.wrapped) {
    const { $defs, $schema: _ignored, ...payload } = schema;
    const wrapped: JsonSchemaObject = { type: "object", properties: { [fields.key]: payload }, required: [fields.key] };
    if ($defs !== undefined) wrapped["$defs"] = $defs;
    return wrapped;
  }
  if (!fields.stripsGuidance) return schema;
  const strip = (object: JsonSchemaObject): JsonSchemaObject => {
    const copy = { ...object };
    if (typeof copy["properties"] === "object" && copy["properties"] !== null) {
      const { guidance: _replaced, ...properties } = copy["properties"] as JsonSchemaObject;
      copy["properties"] = properties;
    }
    if (Array.isArray(copy["required"])) copy["required"] = copy["required"].filter((name) => name !== "guidance");
    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map((member) => (typeof member === "object" && member !== null ? strip(member as JsonSchemaObject) : member));
    }
    return copy;
  };
  return strip(schema);
}

function envelopeSchema(protocol: Protocol, tool: ToolEntry, withGuidance: boolean): JsonSchemaObject {
  const payloadSchema = protocol.id === "guidance" ? guidancePayloadSchema(tool.payload) : tool.payload.schema;
  return protocol.envelopeSchema({ payloadSchema, withGuidance });
}

/** The output schema files of the last run and what they were made from (see generateWithTemplates). */
let lastSchemas: { templates: TemplateSet; key: string; outputs: Map<string, string> } | undefined;

export function generateWithTemplates(inventory: Inventory, config: GenerateConfig, templates: TemplateSet): GenerateResult {
  const protocol = getProtocol(config.protocol);
  if (config.guidance && !protocol.composesWithGuidance && protocol.id !== "guidance") {
    throw new InputError(`guidance: true adds the guidance field to aorp or smart-v2 envelopes; the ${protocol.id} protocol does not carry it`);
  }
  const withGuidance = config.guidance && protocol.composesWithGuidance;
  const stubs = protocol.id === "guidance" || withGuidance;
  const paths = layout(config);
  const tools = sortedTools(inventory);
  const stems = fileStems(tools.map((tool) => tool.name));
  const header = generatedHeader();
  const generated = new Map<string, string>();
  const scaffolded = new Map<string, string>();
  const render = (name: string, context: object): string => templates.render(name, { header, ...context });

  generated.set(paths.runtime(protocol.id), render("runtime.ts.hbs", { source: protocol.runtimeSource() }));
  if (withGuidance) generated.set(paths.runtime("guidance"), render("runtime.ts.hbs", { source: getProtocol("guidance").runtimeSource() }));

  generated.set(
    paths.tools,
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

  generated.set(paths.conform, render("conform.ts.hbs", { protocol: protocol.id, title: protocol.title }));
  generated.set(paths.kit, render(`kit.${protocol.id}.ts.hbs`, { withGuidance }));

  for (const tool of tools) {
    const stem = stems.get(tool.name)!;
    const file = paths.formatter(stem);
    generated.set(
      file,
      render(`formatter.${protocol.id}.ts.hbs`, {
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
      }),
    );
  }

  generated.set(
    paths.warnings,
    render("warnings.ts.hbs", { warnings: warningConstants(tools), defaults: WARNING_DEFAULTS }),
  );

  generated.set(paths.toolGraph, render("tool-graph.ts.hbs", { nodes: buildToolGraph(tools).nodes }));

  // The output schemas depend on nothing but the tools' names, styles and payloads: watch mode
  // regenerates after most edits (a description, a handler body) with them unchanged, and sharing
  // subtrees across 1,000 envelopes is most of a run, so the last result is kept.
  const schemaKey = JSON.stringify([protocol.id, withGuidance, header, paths.outputSchemas, paths.outputZodSchemas, tools.map((tool) => [tool.name, tool.style, tool.payload])]);
  const remembered = lastSchemas?.templates === templates && lastSchemas.key === schemaKey ? lastSchemas : undefined;
  const outputs = remembered?.outputs ?? new Map<string, string>();
  if (!remembered) {
    const generated = outputs;
    const structured = protocol.kind === "json";
    const schemas = structured ? tools.map((tool) => ({ name: tool.name, schema: envelopeSchema(protocol, tool, withGuidance) })) : [];
    const plan = planSharing(
      schemas.map((entry) => entry.schema),
      { prefix: "S_", minSize: 120 },
    );
    generated.set(
      paths.outputSchemas,
      render("output-schemas.ts.hbs", {
        structured,
        title: protocol.title,
        withGuidance: withGuidance || protocol.id === "guidance",
        shared: plan.shared.map(({ name, value }) => ({ name, source: renderJson(value, plan.nameOf, "", value) })),
        tools: schemas.map(({ name, schema }) => ({ name, source: renderJson(schema, plan.nameOf, "  ") })),
      }),
    );
    const sdkSchemas = schemas.filter((entry) => SDK_STYLES.has(tools.find((tool) => tool.name === entry.name)!.style));
    if (sdkSchemas.length > 0) {
      generated.set(paths.outputZodSchemas, render("output-schemas.zod.ts.hbs", zodModule(sdkSchemas)));
    }
    lastSchemas = { templates, key: schemaKey, outputs };
  }
  for (const [path, content] of outputs) generated.set(path, content);

  if (stubs) {
    for (const tool of tools) {
      const stem = stems.get(tool.name)!;
      const file = paths.stub(stem);
      const states = guidanceStates(tool.payload.schema);
      const fields = guidanceFields(tool.payload);
      scaffolded.set(
        file,
        templates.render("guidance-stub.ts.hbs", {
          scaffoldHeader: scaffoldHeader(),
          unfilledMarker: UNFILLED_MARKER,
          tool: { name: tool.name },
          stripsGuidance: protocol.id === "guidance" && fields.stripsGuidance,
          // The payload already carries guidance (`migrate` leaves it there): the stub completes it rather than starting from TODOs.
          legacyGuidance: !fields.wrapped && topLevelProperties(tool.payload.schema).some((property) => property.name === "guidance" || property.name === "next_action"),
          stateProperty: states.property,
          stateUnion: states.values.map((value) => JSON.stringify(value)).join(" | "),
          states: states.values.map((value) => ({
            value,
            currentState: stateIdentifier(value),
            nextAction: "TODO: say what the orchestrator should do next",
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

  return { generated: sortedMap(generated), scaffolded: sortedMap(scaffolded) };
}

function sortedMap(map: Map<string, string>): Map<string, string> {
  return new Map([...map].sort(([a], [b]) => compareStrings(a, b)));
}
