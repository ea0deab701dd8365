import { guidanceObjectSchema } from "../guidance/schema.js";
import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { SMART_RESPONSE_V2_SHAPE, type SmartShape } from "./runtime.js";
import { deepFreeze } from "../deep-freeze.js";

/**
 * JSON Schema (draft 2020-12) of `SmartResponseV2`, derived from the runtime's own shape
 * description (`SMART_RESPONSE_V2_SHAPE`), so the schema the SDK checks and the validator
 * mcp-conform runs can never drift apart.
 *
 * The payload schema fills `data.processed`. Its `$defs` (and legacy `definitions`) are hoisted to
 * the root, because a nested schema without its own `$id` resolves `#/$defs/...` against the root
 * of the whole document; a payload schema with an `$id` is its own resource and stays untouched.
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

export function envelopeSchema(options: EnvelopeSchemaOptions = {}): JsonSchema {
  const { payload, hoisted } = placePayload(options.payloadSchema ?? {});
  const body = shapeToSchema(SMART_RESPONSE_V2_SHAPE, payload);
  if (options.withGuidance === true) {
    body["properties"] = { ...(body["properties"] as JsonSchema), guidance: guidanceObjectSchema({ strict: options.strict === true }) };
    body["required"] = [...(body["required"] as string[]), "guidance"];
  }
  return { $schema: DRAFT_2020_12, title: "SmartResponseV2", ...body, ...hoisted };
}

function placePayload(schema: JsonSchema): { payload: JsonSchema; hoisted: JsonSchema } {
  const { $schema: _dialect, ...payload } = schema;
  if (typeof payload["$id"] === "string") return { payload, hoisted: {} };
  const { $defs, definitions, ...rest } = payload;
  const hoisted: JsonSchema = {};
  if ($defs !== undefined) hoisted["$defs"] = $defs;
  if (definitions !== undefined) hoisted["definitions"] = definitions;
  return { payload: rest, hoisted };
}

/**
 * The schema of a part of the shape that holds no payload is the same for every tool: one frozen
 * instance each, which generation's sharing of parts meets once, not once a tool (generate/shared-values.ts).
 */
const payloadFreeSchemas = new WeakMap<SmartShape, JsonSchema>();
const holdsPayloadByShape = new WeakMap<SmartShape, boolean>();

function holdsPayload(shape: SmartShape): boolean {
  let holds = holdsPayloadByShape.get(shape);
  if (holds === undefined) {
    holds =
      shape.kind === "payload" ||
      (shape.kind === "array" && holdsPayload(shape.items)) ||
      (shape.kind === "object" && [...Object.values(shape.required), ...Object.values(shape.optional ?? {})].some(holdsPayload));
    holdsPayloadByShape.set(shape, holds);
  }
  return holds;
}

function shapeToSchema(shape: SmartShape, payload: JsonSchema): JsonSchema {
  if (holdsPayload(shape)) return schemaOfShape(shape, payload);
  let schema = payloadFreeSchemas.get(shape);
  if (schema === undefined) payloadFreeSchemas.set(shape, (schema = deepFreeze(schemaOfShape(shape, payload))));
  return schema;
}

function schemaOfShape(shape: SmartShape, payload: JsonSchema): JsonSchema {
  switch (shape.kind) {
    case "any":
      return {};
    case "payload":
      return payload;
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "string", enum: [...shape.values] };
    case "number": {
      const schema: JsonSchema = { type: shape.integer ? "integer" : "number" };
      if (shape.minimum !== undefined) schema["minimum"] = shape.minimum;
      if (shape.maximum !== undefined) schema["maximum"] = shape.maximum;
      return schema;
    }
    case "stringOrNumber":
      // `pattern` only ever applies to strings, so numbers pass untouched.
      return shape.blankAllowed ? { type: ["string", "number"] } : { type: ["string", "number"], pattern: "\\S" };
    case "string":
      if (shape.pattern !== undefined) return { type: "string", pattern: shape.pattern.source };
      return shape.blankAllowed ? { type: "string" } : { type: "string", pattern: "\\S" };
    case "array":
      return { type: "array", items: shapeToSchema(shape.items, payload) };
    case "object": {
      const properties: JsonSchema = {};
      for (const [key, property] of [...Object.entries(shape.required), ...Object.entries(shape.optional ?? {})]) {
        properties[key] = shapeToSchema(property, payload);
      }
      for (const key of Object.keys(shape.forbidden ?? {})) properties[key] = false;
      return { type: "object", properties, required: Object.keys(shape.required) };
    }
  }
}
