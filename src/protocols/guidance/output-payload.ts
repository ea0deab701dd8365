import { isObjectSchema, topLevelProperties } from "../../generate/json-schema.js";
import { splitDefinitions } from "../json-schema-parts.js";
import type { JsonSchema, OutputPayload } from "../protocol.js";

/** The key a non-object payload sits under in a guidance envelope (its fields sit beside `guidance`). */
export const WRAPPED_PAYLOAD_KEY = "data";

/** How a tool's payload sits in a guidance envelope: its own fields beside `guidance`, or wrapped. */
export function guidanceFields(payload: OutputPayload): { wrapped: boolean; stripsGuidance: boolean; key: string } {
  const { schema } = payload;
  // A payload whose type could not be named is `unknown` in TypeScript, whatever its schema says.
  const wrapped = !isObjectSchema(schema) || /^(unknown|any)$/.test(payload.type.text.trim());
  const stripsGuidance = !wrapped && topLevelProperties(schema).some((property) => property.name === "guidance");
  return { wrapped, stripsGuidance, key: WRAPPED_PAYLOAD_KEY };
}

/** The payload schema as the guidance envelope merges it: wrapped, or less its own `guidance`. */
function guidancePayloadSchema(payload: OutputPayload): JsonSchema {
  const { schema } = payload;
  const fields = guidanceFields(payload);
  if (fields.wrapped) {
    const { $defs, $schema: _ignored, ...payload } = schema;
    const wrapped: JsonSchema = { type: "object", properties: { [fields.key]: payload }, required: [fields.key] };
    if ($defs !== undefined) wrapped["$defs"] = $defs;
    return wrapped;
  }
  if (!fields.stripsGuidance) return schema;
  const strip = (object: JsonSchema): JsonSchema => {
    const copy = { ...object };
    if (typeof copy["properties"] === "object" && copy["properties"] !== null) {
      const { guidance: _replaced, ...properties } = copy["properties"] as JsonSchema;
      copy["properties"] = properties;
    }
    if (Array.isArray(copy["required"])) copy["required"] = copy["required"].filter((name) => name !== "guidance");
    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(copy[key]))
        copy[key] = (copy[key] as unknown[]).map((member) => (typeof member === "object" && member !== null ? strip(member as JsonSchema) : member));
    }
    return copy;
  };
  return strip(schema);
}

/** The guidance protocol's test for an error envelope (its runtime's `toCallToolResult` sets `isError` on it). */
const GUIDANCE_ERROR: JsonSchema = { properties: { success: { const: false } }, required: ["success"] };

/**
 * Guidance: the payload's fields bind envelopes that are not `success: false`. The guidance
 * protocol merges the payload's top-level `properties`/`required` beside `guidance` and appends
 * its `allOf`; so the whole payload goes into a conditional member of `allOf`, and only its
 * definitions stay at the top. A payload closed to other fields (`additionalProperties: false`)
 * must still admit `guidance` beside its own.
 */
function unlessGuidanceError(payload: JsonSchema): JsonSchema {
  const { body, definitions } = splitDefinitions(payload);
  const properties = typeof body["properties"] === "object" && body["properties"] !== null ? (body["properties"] as JsonSchema) : {};
  const successForm: JsonSchema = body["additionalProperties"] === false ? { ...body, properties: { ...properties, guidance: {} } } : body;
  return { type: "object", allOf: [{ if: GUIDANCE_ERROR, else: successForm }], ...definitions };
}

/** The payload schema as a Guidance Pattern output schema holds it: binding only envelopes that are not errors. */
export function guidanceOutputPayloadSchema(payload: OutputPayload): JsonSchema {
  return unlessGuidanceError(guidancePayloadSchema(payload));
}
