import type { Diagnostic, Inventory, JsonSchemaObject, ToolEntry } from "../analyze/inventory.js";
import type { GenerateConfig } from "../generate/config.js";
import { type JsonType, jsonTypes, variants } from "../generate/json-schema.js";
import { outputSchema, readySchemaExpression, readySchemaForms, readySchemaReference, type ReadySchemaForm } from "../generate/output-schema.js";
import { zodView } from "../generate/zod-source.js";
import { getProtocol } from "../protocols/registry.js";
import { CheckCodes } from "./codes.js";
import { compareStrings } from "../compare-strings.js";

/**
 * MCPC111: a tool declares an `outputSchema` that does not accept the envelope it answers with.
 * The SDK then fails every call on the wire: its servers answer `Output validation error` with
 * `isError`, its 1.x clients throw `-32602`. The generated schema of the tool passes; another
 * tool's does not; the project's own is compared with the generated one, and reported when it
 * provably rejects an envelope the tool sends: it requires a field some envelope (success or
 * error) lacks, gives a field a JSON type the envelope's never has, or is closed to a field the
 * envelope always has. What the comparison cannot tell (a schema whose type says nothing, a
 * pattern against a pattern) passes: a problem is reported only when it is certain.
 * Text protocols (AOP, ACOR) send no `structuredContent`, so any `outputSchema` breaks them.
 */

type Schema = JsonSchemaObject;

function isRecord(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The depth to which nested objects are compared: the layers of every envelope and the payload's top. */
const MAX_DEPTH = 4;

interface ObjectView {
  properties: Map<string, unknown[]>;
  /** Fields every alternative requires. */
  required: Set<string>;
}

/** An object schema's fields across its alternatives. */
function objectView(root: Schema, schema: unknown): ObjectView | undefined {
  const alternatives = variants(root, schema);
  const properties = new Map<string, unknown[]>();
  let required: Set<string> | undefined;
  for (const alternative of alternatives) {
    const own = isRecord(alternative["properties"]) ? alternative["properties"] : {};
    if (!isRecord(alternative["properties"]) && alternative["type"] !== "object") return undefined;
    for (const [name, sub] of Object.entries(own)) properties.set(name, [...(properties.get(name) ?? []), sub]);
    const names = new Set(Array.isArray(alternative["required"]) ? alternative["required"].filter((name): name is string => typeof name === "string") : []);
    required = required === undefined ? names : new Set([...required].filter((name) => names.has(name)));
  }
  return { properties, required: required ?? new Set() };
}

function typeList(types: Set<JsonType>): string {
  return [...types].sort().join(" | ");
}

/** Why `declared` rejects some value `envelope` admits at `path`, or null when it may accept them all. */
function rejection(declaredRoot: Schema, declared: unknown, envelopeRoot: Schema, envelope: unknown, path: string, depth: number): string | null {
  // The envelope may take any of its forms; the declared schema rejects the envelope when it rejects one of them.
  for (const form of variants(envelopeRoot, envelope)) {
    const alternatives = variants(declaredRoot, declared);
    let first: string | null = null;
    let accepted = false;
    for (const alternative of alternatives) {
      const reason = rejectsForm(declaredRoot, alternative, envelopeRoot, form, path, depth);
      if (reason === null) {
        accepted = true;
        break;
      }
      first ??= reason;
    }
    if (!accepted && first !== null) return first;
  }
  return null;
}

function rejectsForm(declaredRoot: Schema, declared: Schema, envelopeRoot: Schema, envelope: Schema, path: string, depth: number): string | null {
  const where = path === "" ? "the envelope" : `\`${path}\``;
  const wanted = jsonTypes(declaredRoot, declared);
  const given = jsonTypes(envelopeRoot, envelope);
  if (wanted && given && ![...given].some((type) => wanted.has(type))) {
    return `it wants ${where} to be ${typeList(wanted)}, and the envelope's is ${typeList(given)}`;
  }
  const declaredObject = objectView(declaredRoot, declared);
  const envelopeObject = given === null || given.has("object") ? objectView(envelopeRoot, envelope) : undefined;
  if (!declaredObject || !envelopeObject) return null;
  for (const name of [...declaredObject.required].sort()) {
    if (envelopeObject.required.has(name)) continue;
    const field = path === "" ? name : `${path}.${name}`;
    return envelopeObject.properties.has(name)
      ? `it requires \`${field}\`, which not every envelope of the tool carries (the error envelope, or the success one, lacks it)`
      : `it requires \`${field}\`, which the envelope does not have`;
  }
  const closed = variants(declaredRoot, declared).every((alternative) => alternative["additionalProperties"] === false);
  if (closed) {
    const extra = [...envelopeObject.required].sort().find((name) => !declaredObject.properties.has(name));
    if (extra !== undefined) return `it is closed to \`${path === "" ? extra : `${path}.${extra}`}\`, which the envelope always has`;
  }
  if (depth >= MAX_DEPTH) return null;
  for (const [name, declaredSchemas] of [...declaredObject.properties].sort(([a], [b]) => compareStrings(a, b))) {
    const envelopeSchemas = envelopeObject.properties.get(name);
    if (!envelopeSchemas) continue;
    const field = path === "" ? name : `${path}.${name}`;
    const declaredField = declaredSchemas.length === 1 ? declaredSchemas[0] : { anyOf: declaredSchemas };
    const envelopeField = envelopeSchemas.length === 1 ? envelopeSchemas[0] : { anyOf: envelopeSchemas };
    const reason = rejection(declaredRoot, declaredField, envelopeRoot, envelopeField, field, depth + 1);
    if (reason !== null) return reason;
  }
  return null;
}

export interface OutputSchemaProblem {
  code: typeof CheckCodes.outputSchemaRejectsEnvelope;
  message: string;
  file: string;
  line: number;
}

/** The problem with `tool`'s declared `outputSchema` under `config`, or null when there is none. */
export function judgeDeclaredOutputSchema(
  tool: ToolEntry,
  config: Pick<GenerateConfig, "protocol" | "guidance">,
  forms: ReadonlyMap<string, ReadySchemaForm>,
): OutputSchemaProblem | null {
  const declared = tool.declaredOutputSchema;
  if (!declared) return null;
  const protocol = getProtocol(config.protocol);
  const at = { code: CheckCodes.outputSchemaRejectsEnvelope, file: declared.file, line: declared.line };
  if (protocol.kind === "text") {
    return {
      ...at,
      message: `tool "${tool.name}" declares an outputSchema, and ${protocol.title} results carry no structuredContent: the SDK rejects every success result of a tool with one; remove it`,
    };
  }
  const reference = readySchemaReference(tool, forms);
  const fix =
    reference === null
      ? `remove it (\`mcp-conform migrate\` does), or declare one that accepts the envelope: OUTPUT_SCHEMAS[${JSON.stringify(tool.name)}] of the generated output-schemas.ts is its JSON Schema`
      : `use ${readySchemaExpression(reference, tool.name)} (\`mcp-conform migrate\` replaces it)`;
  if (declared.generatedFor !== null) {
    if (declared.generatedFor === tool.name) return null;
    return { ...at, message: `tool "${tool.name}" declares the generated outputSchema of tool "${declared.generatedFor}"; ${fix}` };
  }
  if (declared.schema === null) return null;
  const envelope = zodView(outputSchema(protocol, tool, config.guidance && protocol.composesWithGuidance));
  const reason = rejection(declared.schema, declared.schema, envelope, envelope, "", 0);
  if (reason === null) return null;
  return { ...at, message: `tool "${tool.name}" declares an outputSchema that rejects its ${protocol.title} envelope: ${reason}; ${fix}` };
}

/** MCPC111 of every tool, as warnings for `generate` to print (it must not block generation). */
export function declaredOutputSchemaWarnings(inventory: Inventory, config: Pick<GenerateConfig, "protocol" | "guidance">): Diagnostic[] {
  const forms = readySchemaForms(inventory.tools);
  return inventory.tools
    .map((tool) => judgeDeclaredOutputSchema(tool, config, forms))
    .filter((problem): problem is OutputSchemaProblem => problem !== null)
    .map((problem) => ({ file: problem.file, line: problem.line, severity: "warning" as const, code: problem.code, message: problem.message }));
}
