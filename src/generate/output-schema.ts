import type { JsonSchemaObject, ToolEntry } from "../analyze/inventory.js";
import type { Protocol } from "../protocols/protocol.js";
import { isObjectSchema, topLevelProperties } from "./json-schema.js";

/**
 * A tool's output schema: the JSON Schema of every `structuredContent` its generated formatters
 * produce, the success envelope AND the error envelope. It has to accept both: the SDK 1.x
 * `Client.callTool` validates `structuredContent` against the advertised `outputSchema` on every
 * result, `isError` ones included (only the servers skip errors), so a schema of the success
 * envelope alone fails every error call with `-32602 Structured content does not match the tool's
 * output schema`.
 *
 * The protocols' `envelopeSchema({ payloadSchema })` places the payload; where a protocol's error
 * envelope does not carry the payload, the payload schema is handed over in a form that only binds
 * success envelopes:
 * - AORP applies it to non-error envelopes itself (`immediate.status` "error" selects the Error
 *   Handling Schema), so it goes as it is;
 * - SmartResponseV2 errors keep every section and send `data.processed: null` (`format<Tool>Error`),
 *   so `processed` is the payload or `null`: nothing else in the envelope tells an error apart;
 * - Guidance errors are `{ success: false, error, guidance }`, so the payload's fields (and its
 *   required ones) bind only envelopes that are not `success: false`.
 */

/** The key a non-object payload sits under in a guidance envelope (its fields sit beside `guidance`). */
export const WRAPPED_PAYLOAD_KEY = "data";

/** How a tool's payload sits in a guidance envelope: its own fields beside `guidance`, or wrapped. */
export function guidanceFields(payload: ToolEntry["payload"]): { wrapped: boolean; stripsGuidance: boolean; key: string } {
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
      if (Array.isArray(copy[key]))
        copy[key] = (copy[key] as unknown[]).map((member) => (typeof member === "object" && member !== null ? strip(member as JsonSchemaObject) : member));
    }
    return copy;
  };
  return strip(schema);
}

/** Keywords that must stay at a schema's root for `#/$defs/...` references to resolve. */
function splitDefinitions(schema: JsonSchemaObject): { body: JsonSchemaObject; definitions: JsonSchemaObject } {
  const { $schema: _dialect, $defs, definitions, ...body } = schema;
  const kept: JsonSchemaObject = {};
  if ($defs !== undefined) kept["$defs"] = $defs;
  if (definitions !== undefined) kept["definitions"] = definitions;
  return { body, definitions: kept };
}

/** SmartResponseV2: `data.processed` is the payload on success and `null` on errors. */
function nullOnError(payload: JsonSchemaObject): JsonSchemaObject {
  // A payload with its own `$id` is a resource of its own: the protocol leaves it untouched.
  if (typeof payload["$id"] === "string") return { anyOf: [payload, { type: "null" }] };
  const { body, definitions } = splitDefinitions(payload);
  return { anyOf: [body, { type: "null" }], ...definitions };
}

/** The guidance protocol's test for an error envelope (its runtime's `toCallToolResult` sets `isError` on it). */
const GUIDANCE_ERROR: JsonSchemaObject = { properties: { success: { const: false } }, required: ["success"] };

/**
 * Guidance: the payload's fields bind envelopes that are not `success: false`. The guidance
 * protocol merges the payload's top-level `properties`/`required` beside `guidance` and appends
 * its `allOf`; so the whole payload goes into a conditional member of `allOf`, and only its
 * definitions stay at the top. A payload closed to other fields (`additionalProperties: false`)
 * must still admit `guidance` beside its own.
 */
function unlessGuidanceError(payload: JsonSchemaObject): JsonSchemaObject {
  const { body, definitions } = splitDefinitions(payload);
  const properties = typeof body["properties"] === "object" && body["properties"] !== null ? (body["properties"] as JsonSchemaObject) : {};
  const successForm: JsonSchemaObject = body["additionalProperties"] === false ? { ...body, properties: { ...properties, guidance: {} } } : body;
  return { type: "object", allOf: [{ if: GUIDANCE_ERROR, else: successForm }], ...definitions };
}

/** The output schema of `tool`'s results under `protocol` (JSON protocols), success and error envelopes alike. */
export function outputSchema(protocol: Protocol, tool: ToolEntry, withGuidance: boolean): JsonSchemaObject {
  switch (protocol.id) {
    case "guidance":
      return protocol.envelopeSchema({ payloadSchema: unlessGuidanceError(guidancePayloadSchema(tool.payload)), withGuidance });
    case "smart-v2":
      return protocol.envelopeSchema({ payloadSchema: nullOnError(tool.payload.schema), withGuidance });
    default:
      return protocol.envelopeSchema({ payloadSchema: tool.payload.schema, withGuidance });
  }
}

/**
 * The ready `outputSchema` object a tool's registration takes: `zod` for SDK 1.x's `McpServer`
 * (zod only), `standard` for 2.x's (a Standard Schema with `~standard.jsonSchema`). Low-level
 * servers list the JSON Schema itself, frameworks take none. A tool object registered out of the
 * analyser's sight has no major of its own: it takes the project's, the one every tool that tells
 * agrees on (1.x when they disagree, or none tells).
 */
export type ReadySchemaForm = "zod" | "standard";

const MCP_SERVER_STYLES: ReadonlySet<ToolEntry["style"]> = new Set(["sdk-register-tool", "sdk-tool", "tool-object"]);

export function readySchemaForms(tools: readonly ToolEntry[]): Map<string, ReadySchemaForm> {
  const majors = new Set(tools.map((tool) => tool.sdkMajor).filter((major) => major !== undefined));
  const projectMajor = majors.size === 1 && majors.has(2) ? 2 : 1;
  const forms = new Map<string, ReadySchemaForm>();
  for (const tool of tools) {
    if (!MCP_SERVER_STYLES.has(tool.style)) continue;
    forms.set(tool.name, (tool.sdkMajor ?? projectMajor) === 2 ? "standard" : "zod");
  }
  return forms;
}

/** Where the generated `outputSchema` a tool's registration should use lives: the export and its file in the output folder. */
export interface ReadySchemaReference {
  exportName: "OUTPUT_SCHEMAS" | "OUTPUT_ZOD_SCHEMAS" | "OUTPUT_STANDARD_SCHEMAS";
  file: "output-schemas.ts" | "output-schemas.zod.ts" | "output-schemas.standard.ts";
}

/**
 * The generated schema `tool`'s registration takes in place of its own: its ready form (see
 * readySchemaForms), the JSON Schema for a low-level listing. Null for the frameworks (FastMCP,
 * mcp-framework, xmcp), for which nothing is generated in the form they take.
 */
export function readySchemaReference(tool: ToolEntry, forms: ReadonlyMap<string, ReadySchemaForm>): ReadySchemaReference | null {
  const form = forms.get(tool.name);
  if (form === "zod") return { exportName: "OUTPUT_ZOD_SCHEMAS", file: "output-schemas.zod.ts" };
  if (form === "standard") return { exportName: "OUTPUT_STANDARD_SCHEMAS", file: "output-schemas.standard.ts" };
  if (tool.style === "sdk-low-level") return { exportName: "OUTPUT_SCHEMAS", file: "output-schemas.ts" };
  return null;
}

/** `OUTPUT_ZOD_SCHEMAS.get_forecast`, or `OUTPUT_ZOD_SCHEMAS["odd name"]` when the name is not an identifier. */
export function readySchemaExpression(reference: ReadySchemaReference, toolName: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(toolName) ? `${reference.exportName}.${toolName}` : `${reference.exportName}[${JSON.stringify(toolName)}]`;
}
