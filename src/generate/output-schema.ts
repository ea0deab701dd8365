import type { JsonSchemaObject, ToolEntry } from "../analyze/inventory.js";
import type { Protocol } from "../protocols/protocol.js";

/**
 * A tool's output schema: the JSON Schema of every `structuredContent` its generated formatters
 * produce, the success envelope AND the error envelope. It has to accept both: the SDK 1.x
 * `Client.callTool` validates `structuredContent` against the advertised `outputSchema` on every
 * result, `isError` ones included (only the servers skip errors), so a schema of the success
 * envelope alone fails every error call with `-32602 Structured content does not match the tool's
 * output schema`.
 *
 * The protocols' `envelopeSchema({ payloadSchema })` places the payload; where a protocol's error
 * envelope does not carry the payload, its folder's `outputPayloadSchema` hands the payload schema
 * over in a form that only binds success envelopes:
 * - AORP applies it to non-error envelopes itself (`immediate.status` "error" selects the Error
 *   Handling Schema), so it goes as it is;
 * - SmartResponseV2 errors keep every section and send `data.processed: null` (`format<Tool>Error`),
 *   so `processed` is the payload or `null`: nothing else in the envelope tells an error apart;
 * - Guidance errors are `{ success: false, error, guidance }`, so the payload's fields (and its
 *   required ones) bind only envelopes that are not `success: false`.
 */

/** The output schema of `tool`'s results under `protocol` (JSON protocols), success and error envelopes alike. */
export function outputSchema(protocol: Protocol, tool: ToolEntry, withGuidance: boolean): JsonSchemaObject {
  // Where the protocol's error envelope does not carry the payload, its folder says how the payload binds success envelopes only.
  const payloadSchema = protocol.outputPayloadSchema ? protocol.outputPayloadSchema(tool.payload) : tool.payload.schema;
  return protocol.envelopeSchema({ payloadSchema, withGuidance });
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
